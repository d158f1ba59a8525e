import Vapor
import Web

/// Wires the Ledger module: the page, its upload (multipart, read as it arrives, its CSRF token
/// checked in the stream), kept conversions, and the API.
package enum LedgerAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = LedgerView(
            interactor: LedgerInteractor(
                rates: services.officialRates, current: services.currentRates, catalog: services.catalog,
                store: services.ledgers, appVersion: AppInfo.version, now: services.now),
            presenter: LedgerPresenter(),
            router: LedgerRouter())
        routes.get(.ledger, immediately: view.show)
        routes.on(.POST, SiteURL.Route.ledger.pathComponents, body: .stream, use: view.convert)
        routes.get(.ledgerResult, immediately: view.result)
        routes.get(.ledgerReceipt, immediately: view.receipt)
        routes.grouped(CSRFMiddleware()).post(.ledgerDelete, immediately: view.delete)
        routes.on(.POST, SiteURL.Route.apiLedger.pathComponents, body: .stream, use: view.api)
    }
}
