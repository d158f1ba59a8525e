import Vapor
import Web

/// Wires the Ledger module: the page, its upload (multipart, read as it arrives, its CSRF token
/// checked in the stream), kept conversions, and the API.
enum LedgerAssembly {
    /// The ledger's use case over this app's services (the MCP module's `convert_ledger` uses it too).
    static func interactor(services: AppServices) -> LedgerInteractor {
        LedgerInteractor(
            conversions: services.ledgerConversions, rates: services.officialRates, current: services.currentRates,
            catalog: services.catalog,
            providers: services.providerCatalog, store: services.ledgers, now: services.now,
            load: services.historyProgress)
    }

    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = LedgerView(
            interactor: interactor(services: services),
            presenter: LedgerPresenter(providers: services.providerCatalog),
            router: LedgerRouter())
        routes.get(.ledger, use: view.show)
        routes.post(.ledger, streaming: view.convert)
        routes.get(.ledgerResult, use: view.result)
        routes.get(.ledgerReceipt, use: view.receipt)
        routes.grouped(CSRFMiddleware()).post(.ledgerDelete, use: view.delete)
        routes.post(.apiLedger, streaming: view.api)
        routes.get(.apiLedgerPresets, use: view.presets)
    }
}
