/// Where the contact page sends the browser.
struct ContactDetailRouter: Sendable {
    func afterDelete() -> Redirection { .seeOther(.contacts()) }

    func signIn(returningTo here: String) -> Redirection { .signInFirst(returningTo: here) }

    init() {}
}
