import Vapor
import Web

/// Where the ledger's changes lead: back to the page.
package struct LedgerRouter: Sendable {
    package func toLedger() -> Response { .seeOther(.ledger) }

    package func signIn(returningTo here: String) -> Response { .signInFirst(returningTo: here) }

    package init() {}
}
