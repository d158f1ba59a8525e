/// The add/edit form's wording; fields show exactly what was typed or stored.
struct ContactFormPresenter: Sendable {
    func present(_ output: ContactForm.Output) -> ContactForm.ViewModel {
        let input = output.input
        let (heading, submit, action, cancel): (String, String, String, String) =
            switch output.mode {
            case .create: ("Add a contact", "Add contact", SiteURL.contacts().path, SiteURL.contacts().path)
            case .edit(let id):
                (
                    "Edit \(ContactName.full(first: input.firstName ?? "", last: input.lastName ?? ""))", "Save changes",
                    SiteURL.contact(id).path, SiteURL.contact(id).path
                )
            }
        return ContactForm.ViewModel(
            title: "\(heading) · \(AppInfo.name)",
            heading: heading,
            submitLabel: submit,
            actionURL: action,
            cancelURL: cancel,
            firstName: input.firstName ?? "",
            lastName: input.lastName ?? "",
            email: input.email ?? "",
            phone: input.phone ?? "",
            notes: input.notes ?? "",
            firstNameError: output.errors[.firstName],
            lastNameError: output.errors[.lastName],
            emailError: output.errors[.email],
            phoneError: output.errors[.phone],
            notesError: output.errors[.notes],
            hasErrors: !output.errors.isEmpty,
            maxNameLength: ContactDraft.maxNameLength,
            maxNotesLength: ContactDraft.maxNotesLength)
    }
}
