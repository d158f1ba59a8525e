import Core

/// Where a new account goes first.
struct SignupRouter: Sendable {
    func afterSignUp(next: LocalPath?) -> Redirection {
        .seeOther(next.map(SiteURL.local) ?? .converter)
    }

    init() {}
}
