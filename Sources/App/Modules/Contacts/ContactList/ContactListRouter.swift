/// Where the contacts list sends the browser.
struct ContactListRouter: Sendable {
    /// Not signed in: sign in first, then come back to `here`.
    func signIn(returningTo here: String) -> Redirection {
        .signInFirst(returningTo: here)
    }

    init() {}
}
