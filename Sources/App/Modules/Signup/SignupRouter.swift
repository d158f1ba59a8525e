import Vapor
import Web

/// Where a new account goes first.
package struct SignupRouter: Sendable {
    package func afterSignUp(next: LocalPath?) -> Response {
        .seeOther(next.map(SiteURL.local) ?? .converter)
    }

    package init() {}
}
