import Vapor

/// Where the contacts list sends the browser.
package struct ContactListRouter: Sendable {
    /// Not signed in: sign in first, then come back to `here`.
    package func signIn(returningTo here: String) -> Response {
        .signInFirst(returningTo: here)
    }

    package init() {}
}
