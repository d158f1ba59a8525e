/// Where the ledger's changes lead: back to the page, or to sign in first.
struct LedgerRouter: Sendable {
    func toLedger() -> Redirection { .seeOther(.ledger) }

    /// To the sign-in form, then back to the ledger page.
    func signIn() -> Redirection { .signInFirst(returningTo: SiteURL.Route.ledger.pattern) }
}
