import Vapor

/// Where the contact page sends the browser.
package struct ContactDetailRouter: Sendable {
    package func afterDelete() -> Response { .seeOther(.contacts()) }

    package func signIn(returningTo here: String) -> Response { .signInFirst(returningTo: here) }

    package init() {}
}
