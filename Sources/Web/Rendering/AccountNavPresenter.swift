import Core
import Vapor

/// The header's account links as values: which of them a visitor sees, and where they lead.
package struct AccountNavPresenter: Sendable {
    /// What the header knows about the visitor.
    package enum State: Equatable {
        /// The session could not be read (the database is down).
        case unavailable
        /// Signing in should return to `next` (the current page, if it is worth returning to).
        case signedOut(next: LocalPath?)
        case signedIn(User, csrfToken: String)

        package init(of request: Request) {
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
    package struct ViewModel: Encodable, Sendable, Equatable {
        package var unavailable = false
        package var signInURL: String?
        package var email: String?
        /// Only for admins.
        package var adminURL: String?
        package var signOutURL: String?
        package var csrfFieldName: String?
        package var csrfToken: String?
    }

    package func present(_ state: State) -> ViewModel {
        switch state {
        case .unavailable:
            return ViewModel(unavailable: true)
        case .signedOut(let next):
            return ViewModel(signInURL: SiteURL.login(next: next).path)
        case .signedIn(let user, let csrfToken):
            return ViewModel(
                email: user.email, adminURL: user.isAdmin ? SiteURL.adminRates.path : nil, signOutURL: SiteURL.logout.path,
                csrfFieldName: CSRFMiddleware.fieldName, csrfToken: csrfToken)
        }
    }

    package init() {}
}

extension LocalPath {
    /// The sign-in and sign-up pages, which Sign in should not return to.
    fileprivate var isSignInPage: Bool {
        [SiteURL.Route.login, .signup].contains { value.hasPrefix($0.pattern) }
    }
}
