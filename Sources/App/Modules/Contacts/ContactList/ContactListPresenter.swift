/// The contacts list's wording: display names, counts, empty states and page links.
struct ContactListPresenter: Sendable {
    func present(_ output: ContactList.Output) -> ContactList.ViewModel {
        let page = output.page
        let search = output.search.isEmpty ? nil : output.search
        let noun = page.total == 1 ? "contact" : "contacts"
        let summary =
            search.map { "\(Self.count(page.total)) \(noun) match\(page.total == 1 ? "es" : "") “\($0)”" }
            ?? "\(Self.count(page.total)) \(noun)"
        let emptyMessage: String? =
            page.total > 0
            ? nil
            : search.map { "No contact matches “\($0)”." } ?? "No contacts yet."
        let pageNumbers = Self.pageWindow(current: page.page, count: page.pageCount)
        return ContactList.ViewModel(
            title: (search.map { "“\($0)” · " } ?? "") + "Contacts · \(AppInfo.name)",
            flash: output.flash,
            search: output.search,
            summary: summary,
            rows: page.contacts.map { contact in
                ContactList.Row(
                    name: ContactName.full(contact), email: contact.email ?? "", phone: contact.phone ?? "",
                    url: SiteURL.contact(contact.id).path)
            },
            hasRows: !page.contacts.isEmpty,
            emptyMessage: emptyMessage,
            offerFirstContact: page.total == 0 && search == nil,
            pages: page.pageCount > 1
                ? pageNumbers.map { number in
                    ContactList.PageLink(
                        label: String(number), url: SiteURL.contacts(search: search, page: number).path,
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

    /// `1,234`: grouped for reading.
    static func count(_ number: Int) -> String {
        let digits = String(number)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return grouped
    }
}
