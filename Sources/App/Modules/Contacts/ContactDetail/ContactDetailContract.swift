import Core

/// One contact: `GET /contacts/{id}`; deleting it: `GET /contacts/{id}/delete` asks,
/// `POST /contacts/{id}/delete` does it and goes back to the list. Another user's contact, a
/// missing one and a malformed id are all the same 404.
enum ContactDetail {
    struct Output: Sendable, Equatable {
        let contact: Contact
        let flash: String?
    }

    /// What `contact.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let flash: String?
        let fullName: String
        let firstName: String
        /// Each field the contact leaves empty is absent, and the page leaves it out (Leaf's
        /// `#if` reads an empty text as true: the page showed empty fields and `mailto:` links).
        let lastName: String?
        let email: String?
        /// `mailto:` the email, percent-encoded.
        let emailURL: String?
        /// The phone as typed.
        let phone: String?
        /// `tel:` the phone's digits.
        let phoneURL: String?
        let notes: String?
        let added: String
        let updated: String
        let wasUpdated: Bool
        let editURL: String
        let deleteURL: String
        let listURL: String
    }

    /// What `contact-delete.leaf` renders: the confirmation.
    struct DeleteViewModel: Encodable, Sendable, Equatable {
        let title: String
        /// `Delete Ada Lovelace?`
        let heading: String
        let fullName: String
        let actionURL: String
        let cancelURL: String
    }
}
