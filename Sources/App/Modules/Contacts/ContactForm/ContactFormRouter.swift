import Core

/// Where saving a contact leads.
struct ContactFormRouter: Sendable {
    func toContact(_ contact: Contact) -> Redirection { .seeOther(.contact(contact.id)) }

    func signIn(returningTo here: String) -> Redirection { .signInFirst(returningTo: here) }

    init() {}
}
