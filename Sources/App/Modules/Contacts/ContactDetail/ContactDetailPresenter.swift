import Core
import Foundation
import Web

/// One contact as the page shows it, with the original app's name display rule, in the
/// visitor's language.
struct ContactDetailPresenter: Sendable {
    /// The next page's note after a deletion.
    func deleted(_ contact: Contact, in l: Localization) -> String {
        l.text("Contact deleted: {name}.", ["name": ContactName.full(contact)])
    }

    func present(_ output: ContactDetail.Output, in l: Localization) -> ContactDetail.ViewModel {
        let contact = output.contact
        let fullName = ContactName.full(contact)
        return ContactDetail.ViewModel(
            title: "\(fullName) · \(l.text("Contacts")) · \(l.text("Currency Converter"))",
            flash: output.flash,
            fullName: fullName,
            firstName: ContactName.displayed(contact.firstName),
            lastName: Self.shown(ContactName.displayed(contact.lastName)),
            email: Self.shown(contact.email),
            emailURL: Self.shown(contact.email).map { SiteURL.mailto($0).path },
            phone: Self.shown(contact.phone),
            phoneURL: Self.shown(contact.phone).map { SiteURL.tel($0).path },
            notes: Self.shown(contact.notes),
            added: Self.moment(contact.createdAt, in: l),
            updated: Self.moment(contact.updatedAt, in: l),
            wasUpdated: contact.updatedAt.timeIntervalSince(contact.createdAt) >= 1,
            editURL: SiteURL.editContact(contact.id).path,
            deleteURL: SiteURL.deleteContact(contact.id).path,
            listURL: SiteURL.contacts().path)
    }

    func presentDeletion(_ output: ContactDetail.Output, in l: Localization) -> ContactDetail.DeleteViewModel {
        let fullName = ContactName.full(output.contact)
        let heading = l.text("Delete {name}?", ["name": fullName])
        return ContactDetail.DeleteViewModel(
            title: "\(heading) · \(l.text("Currency Converter"))",
            heading: heading,
            fullName: fullName,
            actionURL: SiteURL.deleteContact(output.contact.id).path,
            cancelURL: SiteURL.contact(output.contact.id).path)
    }

    /// A field worth a line on the page: not missing, not empty.
    private static func shown(_ field: String?) -> String? { field?.isEmpty == false ? field : nil }

    /// `Oct 30, 2026, 14:05 UTC`: the day in the language's style, the time of day in UTC.
    static func moment(_ date: Date, in l: Localization) -> String {
        let time = DateText.timestamp(date).split(separator: " ")[1].prefix(5)
        return l.text("{day}, {time} UTC", ["day": l.date(CalendarDate(containing: date)), "time": String(time)])
    }

    init() {}
}
