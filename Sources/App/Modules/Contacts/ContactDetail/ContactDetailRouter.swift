import Vapor

/// Where the contact page sends the browser.
struct ContactDetailRouter: Sendable {
    func afterDelete() -> Response { .seeOther(.contacts()) }

    func signIn(returningTo here: String) -> Response { .signInFirst(returningTo: here) }
}
