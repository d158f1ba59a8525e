import Vapor
import Web

/// Where a new account goes first.
struct SignupRouter: Sendable {
    func afterSignUp(next: LocalPath?) -> Response {
        .seeOther(next.map(SiteURL.local) ?? .converter)
    }
}
