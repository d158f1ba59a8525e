import Core
import Web

/// The contacts list's wording, in the visitor's language: display names, counts (by the
/// language's plural rules), empty states and page links.
struct ContactListPresenter: Sendable {
    /// 400: a page that is not a number.
    static func badPage(_ typed: String) -> Message {
        Message("“{typed}” is not a page number. Pages are numbered from 1.", ["typed": .text(typed)])
    }

    /// 400: a search too long to run.
    static let searchTooLong = Message("Search for at most {count} characters.", ["count": .number(String(ContactList.maxSearchLength))])

    func present(_ output: ContactList.Output, in l: Localization) -> ContactList.ViewModel {
        let page = output.page
        let search = output.search.isEmpty ? nil : output.search
        let summary =
            search.map {
                l.plural("{count} contact matches “{search}”", "{count} contacts match “{search}”", count: page.total, ["search": $0])
            }
            ?? l.plural("{count} contact", "{count} contacts", count: page.total)
        let emptyMessage: String? =
            page.total > 0
            ? nil
            : search.map { l.text("No contact matches “{search}”.", ["search": $0]) } ?? l.text("No contacts yet.")
        let pageNumbers = Self.pageWindow(current: page.page, count: page.pageCount)
        return ContactList.ViewModel(
            title: (search.map { "“\($0)” · " } ?? "") + "\(l.text("Contacts")) · \(l.text("Currency Converter"))",
            flash: output.flash,
            search: output.search,
            summary: summary,
            rows: page.contacts.map { contact in
                ContactList.Row(
                    name: ContactName.full(contact), email: contact.email?.isEmpty == false ? contact.email : nil,
                    phone: contact.phone?.isEmpty == false ? contact.phone : nil,
                    url: SiteURL.contact(contact.id).path)
            },
            hasRows: !page.contacts.isEmpty,
            emptyMessage: emptyMessage,
            offerFirstContact: page.total == 0 && search == nil,
            pages: page.pageCount > 1
                ? pageNumbers.map { number in
                    ContactList.PageLink(
                        label: l.number(String(number)), url: SiteURL.contacts(search: search, page: number).path,
                        isCurrent: number == page.page)
                } : [],
            hasPages: page.pageCount > 1,
            previousURL: page.page > 1 ? SiteURL.contacts(search: search, page: page.page - 1).path : nil,
            nextURL: page.page < page.pageCount ? SiteURL.contacts(search: search, page: page.page + 1).path : nil,
            clearSearchURL: search == nil ? nil : SiteURL.contacts().path,
            listURL: SiteURL.contacts().path,
            newContactURL: SiteURL.newContact.path,
            exportVCardURL: SiteURL.contactsExportVCard.path,
            exportCSVURL: SiteURL.contactsExportCSV.path)
    }

    /// Up to seven page numbers around the current one, always with the first and last.
    static func pageWindow(current: Int, count: Int) -> [Int] {
        guard count > 7 else { return Array(1...count) }
        let start = min(max(current - 2, 2), count - 5)
        return [1] + Array(start...(start + 4)) + [count]
    }

    init() {}
}
