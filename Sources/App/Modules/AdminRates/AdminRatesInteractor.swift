import Core
import Foundation

/// The admin's rate use cases: see the state of the rates, refresh them, import history.
/// Each checks that the actor is an admin first.
package struct AdminRatesInteractor: Sendable {
    package let rates: any CurrentRatesReading
    package let refresher: any RatesRefreshing
    package let catalog: CurrencyCatalog
    package let provider: RateSource
    /// The bundled history's load on this instance, shown while it runs.
    package var historyProgress = BundledHistoryProgress()

    package func overview(for actor: User?, flash: Flash?) async throws -> AdminRates.Output {
        let admin = try authorize(actor)
        let snapshot = await rates.currentSnapshot()
        return AdminRates.Output(
            admin: admin, provider: provider, snapshot: snapshot,
            currencies: snapshot.map { catalog.currencies(for: $0.currencyCodes) } ?? [],
            attempts: try await refresher.recentAttempts(limit: AdminRates.attemptsShown),
            flash: flash, historyLoad: historyProgress.current)
    }

    package func refresh(by actor: User?) async throws -> RefreshAttempt {
        await refresher.refresh(actor: try authorize(actor).email)
    }

    package func importHistory(by actor: User?) async throws -> RefreshAttempt {
        await refresher.importHistory(actor: try authorize(actor).email)
    }

    package func importFullHistory(by actor: User?) async throws -> RefreshAttempt {
        await refresher.importFullHistory(actor: try authorize(actor).email)
    }

    private func authorize(_ actor: User?) throws(AdminRates.Failure) -> User {
        guard let actor else { throw .signInRequired }
        guard actor.isAdmin else { throw .forbidden }
        return actor
    }
}
