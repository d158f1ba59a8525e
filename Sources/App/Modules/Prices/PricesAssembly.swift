import Vapor

/// Wires the prices export and registers its route.
enum PricesAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = PricesView(
            interactor: PricesInteractor(history: services.officialRates, rates: services.currentRates, load: services.historyProgress),
            presenter: PricesPresenter(), now: services.now)
        routes.get(.apiPrices, use: view.prices)
    }
}
