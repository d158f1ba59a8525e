import Vapor
import Web

/// Wires the RateHistory module.
enum RateHistoryAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = RateHistoryView(
            interactor: RateHistoryInteractor(
                history: services.officialRates, rates: services.currentRates, catalog: services.catalog,
                providers: services.providerCatalog, load: services.historyProgress, now: services.now),
            presenter: RateHistoryPresenter(providers: services.providerCatalog),
            router: RateHistoryRouter(),
            cachePolicy: services.cachePolicy,
            now: services.now)
        routes.get(.rateHistory, use: view.show)
        routes.get(.rateHistoryCSV, use: view.csv)
    }
}
