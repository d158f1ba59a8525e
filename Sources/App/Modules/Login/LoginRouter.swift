import Core

/// Where signing in and out lead.
struct LoginRouter: Sendable {
    /// To `next` when it is a page of this site, else to the converter; never to another host.
    func afterSignIn(next: LocalPath?) -> Redirection {
        .seeOther(next.map(SiteURL.local) ?? .converter)
    }

    func afterSignOut() -> Redirection {
        .seeOther(.converter)
    }

    init() {}
}
