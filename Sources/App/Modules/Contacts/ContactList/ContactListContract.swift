import Core

/// The signed-in user's contacts: `GET /contacts?q=&page=` (25 a page, sorted by last then
/// first name, searchable), and every contact as `GET /contacts/export.vcf` or `.csv`.
enum ContactList {
    static let perPage = 25
    static let maxSearchLength = 100

    /// The query string as sent.
    struct Input: Sendable, Equatable {
        var search: String?
        var page: String?
    }

    struct Output: Sendable, Equatable {
        let page: ContactPage
        /// The search as applied (trimmed); empty for none.
        let search: String
        let flash: String?
    }

    enum Failure: Error, Equatable {
        case badPage(String)
        case searchTooLong
    }

    /// What `contacts.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let flash: String?
        let search: String
        /// "1,234 contacts", "3 contacts match “ann”".
        let summary: String
        let rows: [Row]
        let hasRows: Bool
        /// Shown instead of rows: "No contacts yet." or "No contact matches “x”."
        let emptyMessage: String?
        /// The empty book offers to add the first contact.
        let offerFirstContact: Bool
        let pages: [PageLink]
        let hasPages: Bool
        let previousURL: String?
        let nextURL: String?
        let clearSearchURL: String?
        let listURL: String
        let newContactURL: String
        let exportVCardURL: String
        let exportCSVURL: String
    }

    struct Row: Encodable, Sendable, Equatable {
        let name: String
        /// Absent when the contact has none (an empty text would pass Leaf's `#if`).
        let email: String?
        let phone: String?
        let url: String
    }

    struct PageLink: Encodable, Sendable, Equatable {
        let label: String
        let url: String
        let isCurrent: Bool
    }
}
