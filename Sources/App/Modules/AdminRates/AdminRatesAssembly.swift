import Vapor
import Web

/// Wires the AdminRates module; its POSTs sit behind the CSRF check.
enum AdminRatesAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = AdminRatesView(
            interactor: AdminRatesInteractor(
                rates: services.currentRates, refresher: services.refresher, catalog: services.catalog,
                providers: services.enabledProviders, outliers: services.officialRates, historyProgress: services.historyProgress,
                now: services.now),
            presenter: AdminRatesPresenter(providers: services.providerCatalog),
            router: AdminRatesRouter())
        let admin = routes.grouped(SessionKnownMiddleware())
        admin.get(.adminRates, use: view.show)
        // Read as it arrives, its CSRF token the first part (``StreamedForm``).
        admin.post(.adminRatesUpload, streaming: view.upload)
        let forms = admin.grouped(CSRFMiddleware())
        forms.post(.adminRatesRefresh, use: view.refresh)
        forms.post(.adminRatesImportHistory, use: view.importHistory)
        forms.post(.adminRatesImportFullHistory, use: view.importFullHistory)
        forms.post(.adminRatesBackfill, use: view.backfill)
    }
}
