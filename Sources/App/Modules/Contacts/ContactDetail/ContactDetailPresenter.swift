/// One contact as the page shows it, with the original app's name display rule.
struct ContactDetailPresenter: Sendable {
    func present(_ output: ContactDetail.Output) -> ContactDetail.ViewModel {
        let contact = output.contact
        let fullName = ContactName.full(contact)
        return ContactDetail.ViewModel(
            title: "\(fullName) · Contacts · \(AppInfo.name)",
            flash: output.flash,
            fullName: fullName,
            firstName: ContactName.displayed(contact.firstName),
            lastName: ContactName.displayed(contact.lastName),
            email: contact.email ?? "",
            phone: contact.phone ?? "",
            notes: contact.notes,
            added: DateText.timestamp(contact.createdAt),
            updated: DateText.timestamp(contact.updatedAt),
            wasUpdated: contact.updatedAt.timeIntervalSince(contact.createdAt) >= 1,
            editURL: SiteURL.editContact(contact.id).path,
            deleteURL: SiteURL.deleteContact(contact.id).path,
            listURL: SiteURL.contacts().path)
    }

    func presentDeletion(_ output: ContactDetail.Output) -> ContactDetail.DeleteViewModel {
        let fullName = ContactName.full(output.contact)
        return ContactDetail.DeleteViewModel(
            title: "Delete \(fullName)? · \(AppInfo.name)",
            fullName: fullName,
            actionURL: SiteURL.deleteContact(output.contact.id).path,
            cancelURL: SiteURL.contact(output.contact.id).path)
    }
}
