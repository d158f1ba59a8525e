import Vapor
import Web

/// Where signing in and out lead.
package struct LoginRouter: Sendable {
    /// To `next` when it is a page of this site, else to the converter; never to another host.
    package func afterSignIn(next: LocalPath?) -> Response {
        .seeOther(next.map(SiteURL.local) ?? .converter)
    }

    package func afterSignOut() -> Response {
        .seeOther(.converter)
    }

    package init() {}
}
