import Core

/// Where a Router sends the browser next, and how: a plain value a View answers with
/// (`Response(redirect)`), so Routers know destinations, not HTTP.
struct Redirection: Sendable, Equatable {
    enum Status: Sendable, Equatable {
        /// 303: after a POST, the browser follows with a GET.
        case seeOther
        /// 301: the one address a resource always has.
        case movedPermanently
    }

    let status: Status
    let location: SiteURL

    static func seeOther(_ location: SiteURL) -> Redirection { Redirection(status: .seeOther, location: location) }

    static func movedPermanently(_ location: SiteURL) -> Redirection { Redirection(status: .movedPermanently, location: location) }

    /// To the sign-in form, coming back to `path` (a local path) afterwards.
    static func signInFirst(returningTo path: String) -> Redirection { .seeOther(.login(next: LocalPath(path))) }
}
