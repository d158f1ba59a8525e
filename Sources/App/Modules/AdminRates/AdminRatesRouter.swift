import Core

/// Where the admin page sends the browser.
struct AdminRatesRouter: Sendable {
    /// After an action: back to the page, which shows the flash message (303).
    func backToRates() -> Redirection {
        .seeOther(.adminRates)
    }

    /// Anonymous visitors sign in first and come back here.
    func signIn() -> Redirection {
        .seeOther(.login(next: LocalPath(SiteURL.adminRates.path)))
    }

    init() {}
}
