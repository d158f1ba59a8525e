import Core
import Foundation

/// Adding and editing a contact: `GET /contacts/new` + `POST /contacts` (303 to the new
/// contact, "Contact added"), `GET /contacts/{id}/edit` + `POST /contacts/{id}` (303 to it).
/// Invalid input re-renders the form with 422, every message at its field, the input kept.
enum ContactForm {
    enum Mode: Sendable, Equatable {
        case create
        case edit(UUID)
    }

    struct Output: Sendable, Equatable {
        let mode: Mode
        /// What the form shows: the contact's fields, or what was typed.
        let input: ContactDraft.Input
        let errors: [ContactDraft.Field: Message]
    }

    enum Outcome: Sendable, Equatable {
        case saved(Contact)
        case invalid(Output)
    }

    /// What `contact-form.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let heading: String
        let submitLabel: String
        let actionURL: String
        let cancelURL: String
        let firstName: String
        let lastName: String
        let email: String
        let phone: String
        let notes: String
        let firstNameError: String?
        let lastNameError: String?
        let emailError: String?
        let phoneError: String?
        let notesError: String?
        let hasErrors: Bool
        let maxNameLength: Int
        let maxNotesLength: Int
    }
}
