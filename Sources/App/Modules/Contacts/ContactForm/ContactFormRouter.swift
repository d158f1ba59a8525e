import Core
import Vapor

/// Where saving a contact leads.
struct ContactFormRouter: Sendable {
    func toContact(_ contact: Contact) -> Response { .seeOther(.contact(contact.id)) }

    func signIn(returningTo here: String) -> Response { .signInFirst(returningTo: here) }
}
