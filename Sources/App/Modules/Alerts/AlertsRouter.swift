/// Where the alerts' forms lead: back to the page (303), or to sign in first.
struct AlertsRouter: Sendable {
    func toAlerts() -> Redirection { .seeOther(.alerts) }

    func signIn(returningTo here: String) -> Redirection { .signInFirst(returningTo: here) }
}
