import Vapor
import Web

/// Wires the AdminRates module; its POSTs sit behind the CSRF check.
package enum AdminRatesAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = AdminRatesView(
            interactor: AdminRatesInteractor(
                rates: services.currentRates, refresher: services.refresher, catalog: services.catalog,
                providers: services.enabledProviders, outliers: services.officialRates, historyProgress: services.historyProgress,
                now: services.now),
            presenter: AdminRatesPresenter(),
            router: AdminRatesRouter())
        let admin = routes.grouped(SessionKnownMiddleware())
        admin.get(.adminRates, immediately: view.show)
        let forms = admin.grouped(CSRFMiddleware())
        forms.post(.adminRatesRefresh, immediately: view.refresh)
        forms.post(.adminRatesImportHistory, immediately: view.importHistory)
        forms.post(.adminRatesImportFullHistory, immediately: view.importFullHistory)
        forms.post(.adminRatesBackfill, immediately: view.backfill)
    }
}
