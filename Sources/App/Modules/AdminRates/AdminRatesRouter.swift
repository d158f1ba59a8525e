import Vapor
import Web

/// Where the admin page sends the browser.
package struct AdminRatesRouter: Sendable {
    /// After an action: back to the page, which shows the flash message (303).
    package func backToRates() -> Response {
        .seeOther(.adminRates)
    }

    /// Anonymous visitors sign in first and come back here.
    package func signIn() -> Response {
        .seeOther(.login(next: LocalPath(SiteURL.adminRates.path)))
    }

    package init() {}
}
