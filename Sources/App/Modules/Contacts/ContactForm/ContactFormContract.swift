import Core
import Foundation

/// Adding and editing a contact: `GET /contacts/new` + `POST /contacts` (303 to the new
/// contact, "Contact added"), `GET /contacts/{id}/edit` + `POST /contacts/{id}` (303 to it).
/// Invalid input re-renders the form with 422, every message at its field, the input kept.
package enum ContactForm {
    package enum Mode: Sendable, Equatable {
        case create
        case edit(UUID)
    }

    package struct Output: Sendable, Equatable {
        package let mode: Mode
        /// What the form shows: the contact's fields, or what was typed.
        package let input: ContactDraft.Input
        package let errors: [ContactDraft.Field: Message]

        package init(mode: Mode, input: ContactDraft.Input, errors: [ContactDraft.Field: Message]) {
            self.mode = mode
            self.input = input
            self.errors = errors
        }
    }

    package enum Outcome: Sendable, Equatable {
        case saved(Contact)
        case invalid(Output)
    }

    /// What `contact-form.leaf` renders.
    package struct ViewModel: Encodable, Sendable, Equatable {
        package let title: String
        package let heading: String
        package let submitLabel: String
        package let actionURL: String
        package let cancelURL: String
        package let firstName: String
        package let lastName: String
        package let email: String
        package let phone: String
        package let notes: String
        package let firstNameError: String?
        package let lastNameError: String?
        package let emailError: String?
        package let phoneError: String?
        package let notesError: String?
        package let hasErrors: Bool
        package let maxNameLength: Int
        package let maxNotesLength: Int

        package init(
            title: String, heading: String, submitLabel: String, actionURL: String, cancelURL: String, firstName: String, lastName: String,
            email: String, phone: String, notes: String, firstNameError: String?, lastNameError: String?, emailError: String?,
            phoneError: String?, notesError: String?, hasErrors: Bool, maxNameLength: Int, maxNotesLength: Int
        ) {
            self.title = title
            self.heading = heading
            self.submitLabel = submitLabel
            self.actionURL = actionURL
            self.cancelURL = cancelURL
            self.firstName = firstName
            self.lastName = lastName
            self.email = email
            self.phone = phone
            self.notes = notes
            self.firstNameError = firstNameError
            self.lastNameError = lastNameError
            self.emailError = emailError
            self.phoneError = phoneError
            self.notesError = notesError
            self.hasErrors = hasErrors
            self.maxNameLength = maxNameLength
            self.maxNotesLength = maxNotesLength
        }
    }
}
