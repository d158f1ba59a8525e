import Vapor
import Web

/// Where the admin page sends the browser.
struct AdminRatesRouter: Sendable {
    /// After an action: back to the page, which shows the flash message (303).
    func backToRates() -> Response {
        .seeOther(.adminRates)
    }

    /// Anonymous visitors sign in first and come back here.
    func signIn() -> Response {
        .seeOther(.login(next: LocalPath(SiteURL.adminRates.path)))
    }
}
