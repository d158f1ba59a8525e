import Core

/// One contact: `GET /contacts/{id}`; deleting it: `GET /contacts/{id}/delete` asks,
/// `POST /contacts/{id}/delete` does it and goes back to the list. Another user's contact, a
/// missing one and a malformed id are all the same 404.
package enum ContactDetail {
    package struct Output: Sendable, Equatable {
        package let contact: Contact
        package let flash: String?

        package init(contact: Contact, flash: String?) {
            self.contact = contact
            self.flash = flash
        }
    }

    /// What `contact.leaf` renders.
    package struct ViewModel: Encodable, Sendable, Equatable {
        package let title: String
        package let flash: String?
        package let fullName: String
        package let firstName: String
        /// Each field the contact leaves empty is absent, and the page leaves it out (Leaf's
        /// `#if` reads an empty text as true: the page showed empty fields and `mailto:` links).
        package let lastName: String?
        package let email: String?
        /// `mailto:` the email, percent-encoded.
        package let emailURL: String?
        /// The phone as typed.
        package let phone: String?
        /// `tel:` the phone's digits.
        package let phoneURL: String?
        package let notes: String?
        package let added: String
        package let updated: String
        package let wasUpdated: Bool
        package let editURL: String
        package let deleteURL: String
        package let listURL: String

        package init(
            title: String, flash: String?, fullName: String, firstName: String, lastName: String?, email: String?, emailURL: String?,
            phone: String?, phoneURL: String?, notes: String?, added: String, updated: String, wasUpdated: Bool, editURL: String,
            deleteURL: String, listURL: String
        ) {
            self.title = title
            self.flash = flash
            self.fullName = fullName
            self.firstName = firstName
            self.lastName = lastName
            self.email = email
            self.emailURL = emailURL
            self.phone = phone
            self.phoneURL = phoneURL
            self.notes = notes
            self.added = added
            self.updated = updated
            self.wasUpdated = wasUpdated
            self.editURL = editURL
            self.deleteURL = deleteURL
            self.listURL = listURL
        }
    }

    /// What `contact-delete.leaf` renders: the confirmation.
    package struct DeleteViewModel: Encodable, Sendable, Equatable {
        package let title: String
        /// `Delete Ada Lovelace?`
        package let heading: String
        package let fullName: String
        package let actionURL: String
        package let cancelURL: String

        package init(title: String, heading: String, fullName: String, actionURL: String, cancelURL: String) {
            self.title = title
            self.heading = heading
            self.fullName = fullName
            self.actionURL = actionURL
            self.cancelURL = cancelURL
        }
    }
}
