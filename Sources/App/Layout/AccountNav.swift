import Core
import Vapor
import Web

/// The header's account links as values: which of them a visitor sees, and where they lead.
struct AccountNavPresenter: Sendable {
    /// What the header knows about the visitor.
    enum State: Equatable {
        /// The session could not be read (the database is down).
        case unavailable
        /// Signing in should return to `next` (the current page, if it is worth returning to).
        case signedOut(next: LocalPath?)
        case signedIn(User, csrfToken: String)

        init(of request: Request) {
            let session = request.browserSessionIfAttached
            if session?.isUnreadable == true {
                self = .unavailable
            } else if let current = session?.current, let user = current.user {
                self = .signedIn(user, csrfToken: current.csrfToken)
            } else {
                let here = request.method == .GET ? LocalPath(request.target) : nil
                self = .signedOut(next: here.flatMap { $0.isSignInPage ? nil : $0 })
            }
        }
    }

    /// What `account-nav.leaf` renders: `unavailable`, else `email` (signed in), else `signInURL`.
    /// Optionals, because Leaf's `#if` counts an empty text as true.
    struct ViewModel: Encodable, Sendable, Equatable {
        var unavailable = false
        var signInURL: String?
        var email: String?
        /// Only for admins.
        var adminURL: String?
        var signOutURL: String?
        var csrfFieldName: String?
        var csrfToken: String?
    }

    func present(_ state: State) -> ViewModel {
        switch state {
        case .unavailable:
            return ViewModel(unavailable: true)
        case .signedOut(let next):
            return present(signInURL: SiteURL.login(next: next).path)
        case .signedIn(let user, let csrfToken):
            return ViewModel(
                email: user.email, adminURL: user.isAdmin ? SiteURL.adminRates.path : nil, signOutURL: SiteURL.logout.path,
                csrfFieldName: CSRFMiddleware.fieldName, csrfToken: csrfToken)
        }
    }

    /// Signed out: Sign in, returning by `signInURL`.
    func present(signInURL: String) -> ViewModel {
        ViewModel(signInURL: signInURL)
    }

    init() {}
}

extension LocalPath {
    /// The sign-in and sign-up pages, which Sign in should not return to.
    fileprivate var isSignInPage: Bool {
        value.hasPrefix(SiteURL.Route.login.pattern) || value.hasPrefix(SiteURL.Route.signup.pattern)
    }
}

/// `#accountNav()`: the header's account links (`account-nav.leaf`): Admin for admins, who is
/// signed in and a Sign out button (a CSRF-protected form), or Sign in returning to this page.
struct AccountNavTag: RequestTag {
    let name = "accountNav"

    init() {}

    func html(for request: Request, pages: PageRenderer) async throws -> String {
        let presenter = AccountNavPresenter()
        let state = AccountNavPresenter.State(of: request)
        // Signed out, the links differ from page to page only by where Sign in returns to.
        if case .signedOut(let next) = state {
            return try await pages.renderFragment("account-nav", key: "signed out", texts: [SiteURL.login(next: next).path], for: request) {
                presenter.present(signInURL: $0[0])
            }
        }
        return try await pages.renderFragment("account-nav", presenter.present(state), for: request)
    }
}
