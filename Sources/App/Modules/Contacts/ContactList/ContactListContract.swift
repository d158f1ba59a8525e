import Core

/// The signed-in user's contacts: `GET /contacts?q=&page=` (25 a page, sorted by last then
/// first name, searchable), and every contact as `GET /contacts/export.vcf` or `.csv`.
package enum ContactList {
    package static let perPage = 25
    package static let maxSearchLength = 100

    /// The query string as sent.
    package struct Input: Sendable, Equatable {
        package var search: String?
        package var page: String?

        package init(search: String? = nil, page: String? = nil) {
            self.search = search
            self.page = page
        }
    }

    package struct Output: Sendable, Equatable {
        package let page: ContactPage
        /// The search as applied (trimmed); empty for none.
        package let search: String
        package let flash: String?

        package init(page: ContactPage, search: String, flash: String?) {
            self.page = page
            self.search = search
            self.flash = flash
        }
    }

    package enum Failure: Error, Equatable {
        case badPage(String)
        case searchTooLong
    }

    /// What `contacts.leaf` renders.
    package struct ViewModel: Encodable, Sendable, Equatable {
        package let title: String
        package let flash: String?
        package let search: String
        /// "1,234 contacts", "3 contacts match “ann”".
        package let summary: String
        package let rows: [Row]
        package let hasRows: Bool
        /// Shown instead of rows: "No contacts yet." or "No contact matches “x”."
        package let emptyMessage: String?
        /// The empty book offers to add the first contact.
        package let offerFirstContact: Bool
        package let pages: [PageLink]
        package let hasPages: Bool
        package let previousURL: String?
        package let nextURL: String?
        package let clearSearchURL: String?
        package let listURL: String
        package let newContactURL: String
        package let exportVCardURL: String
        package let exportCSVURL: String

        package init(
            title: String, flash: String?, search: String, summary: String, rows: [Row], hasRows: Bool, emptyMessage: String?,
            offerFirstContact: Bool, pages: [PageLink], hasPages: Bool, previousURL: String?, nextURL: String?, clearSearchURL: String?,
            listURL: String, newContactURL: String, exportVCardURL: String, exportCSVURL: String
        ) {
            self.title = title
            self.flash = flash
            self.search = search
            self.summary = summary
            self.rows = rows
            self.hasRows = hasRows
            self.emptyMessage = emptyMessage
            self.offerFirstContact = offerFirstContact
            self.pages = pages
            self.hasPages = hasPages
            self.previousURL = previousURL
            self.nextURL = nextURL
            self.clearSearchURL = clearSearchURL
            self.listURL = listURL
            self.newContactURL = newContactURL
            self.exportVCardURL = exportVCardURL
            self.exportCSVURL = exportCSVURL
        }
    }

    package struct Row: Encodable, Sendable, Equatable {
        package let name: String
        /// Absent when the contact has none (an empty text would pass Leaf's `#if`).
        package let email: String?
        package let phone: String?
        package let url: String

        package init(name: String, email: String?, phone: String?, url: String) {
            self.name = name
            self.email = email
            self.phone = phone
            self.url = url
        }
    }

    package struct PageLink: Encodable, Sendable, Equatable {
        package let label: String
        package let url: String
        package let isCurrent: Bool

        package init(label: String, url: String, isCurrent: Bool) {
            self.label = label
            self.url = url
            self.isCurrent = isCurrent
        }
    }
}
