import Core
import Foundation

/// The admin's rate use cases: see the state of the rates, refresh them, import history.
/// Each checks that the actor is an admin first.
struct AdminRatesInteractor: Sendable {
    let rates: any CurrentRatesReading
    let refresher: any RatesRefreshing
    let catalog: CurrencyCatalog
    let provider: RateSource
    /// The bundled history's load on this instance, shown while it runs.
    var historyProgress = BundledHistoryProgress()

    func overview(for actor: User?, flash: Flash?) async throws -> AdminRates.Output {
        let admin = try authorize(actor)
        let snapshot = await rates.currentSnapshot()
        return AdminRates.Output(
            admin: admin, provider: provider, snapshot: snapshot,
            currencies: snapshot.map { catalog.currencies(for: $0.currencyCodes) } ?? [],
            attempts: try await refresher.recentAttempts(limit: AdminRates.attemptsShown),
            flash: flash, historyLoad: historyProgress.current)
    }

    func refresh(by actor: User?) async throws -> RefreshAttempt {
        await refresher.refresh(actor: try authorize(actor).email)
    }

    func importHistory(by actor: User?) async throws -> RefreshAttempt {
        await refresher.importHistory(actor: try authorize(actor).email)
    }

    func importFullHistory(by actor: User?) async throws -> RefreshAttempt {
        await refresher.importFullHistory(actor: try authorize(actor).email)
    }

    private func authorize(_ actor: User?) throws(AdminRates.Failure) -> User {
        guard let actor else { throw .signInRequired }
        guard actor.isAdmin else { throw .forbidden }
        return actor
    }
}
