import Core
import Web

/// The add/edit form's wording, in the visitor's language; fields show exactly what was typed or stored.
struct ContactFormPresenter: Sendable {
    /// The next page's note after saving.
    static let added = Message("Contact added.")
    static let saved = Message("Changes saved.")

    func present(_ output: ContactForm.Output, in l: Localization) -> ContactForm.ViewModel {
        let input = output.input
        let (heading, submit, action, cancel): (String, String, String, String) =
            switch output.mode {
            case .create: (l.text("Add a contact"), l.text("Add contact"), SiteURL.contacts().path, SiteURL.contacts().path)
            case .edit(let id):
                (
                    l.text("Edit {name}", ["name": ContactName.full(first: input.firstName ?? "", last: input.lastName ?? "")]),
                    l.text("Save changes"), SiteURL.contact(id).path, SiteURL.contact(id).path
                )
            }
        return ContactForm.ViewModel(
            title: "\(heading) · \(l.text("Currency Converter"))",
            heading: heading,
            submitLabel: submit,
            actionURL: action,
            cancelURL: cancel,
            firstName: input.firstName ?? "",
            lastName: input.lastName ?? "",
            email: input.email ?? "",
            phone: input.phone ?? "",
            notes: input.notes ?? "",
            firstNameError: output.errors[.firstName].map(l.text),
            lastNameError: output.errors[.lastName].map(l.text),
            emailError: output.errors[.email].map(l.text),
            phoneError: output.errors[.phone].map(l.text),
            notesError: output.errors[.notes].map(l.text),
            hasErrors: !output.errors.isEmpty,
            maxNameLength: ContactDraft.maxNameLength,
            maxNotesLength: ContactDraft.maxNotesLength)
    }

    init() {}
}
