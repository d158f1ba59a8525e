import Vapor
import Web

/// Wires the RateHistory module.
package enum RateHistoryAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = RateHistoryView(
            interactor: RateHistoryInteractor(history: services.officialRates, rates: services.currentRates, catalog: services.catalog),
            presenter: RateHistoryPresenter(),
            router: RateHistoryRouter(),
            cachePolicy: services.cachePolicy,
            rendered: RenderedPageCache(capacity: 8 << 20),
            now: services.now)
        routes.get(.rateHistory, immediately: view.show)
        routes.get(.rateHistoryCSV, immediately: view.csv)
    }
}
