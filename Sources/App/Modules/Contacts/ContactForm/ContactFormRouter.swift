import Core
import Vapor

/// Where saving a contact leads.
package struct ContactFormRouter: Sendable {
    package func toContact(_ contact: Contact) -> Response { .seeOther(.contact(contact.id)) }

    package func signIn(returningTo here: String) -> Response { .signInFirst(returningTo: here) }

    package init() {}
}
