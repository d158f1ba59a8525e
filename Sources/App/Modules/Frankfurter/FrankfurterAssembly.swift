import Core
import Vapor

/// Wires the Frankfurter-compatible API: the ECB's days (kept in memory with the rate history's),
/// RubyMoney's currency names, and the `/v1` routes.
enum FrankfurterAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) throws {
        let view = FrankfurterView(
            interactor: FrankfurterInteractor(
                days: services.referenceRates, names: try RubyMoneyCurrencyNames.bundled(), catalog: services.catalog,
                now: services.now, load: services.historyProgress),
            presenter: FrankfurterPresenter(),
            cachePolicy: services.cachePolicy,
            now: services.now)
        routes.get(.frankfurterLatest, use: view.rates)
        routes.get(.frankfurterCurrent, use: view.rates)
        routes.get(.frankfurterDates, use: view.rates)
        routes.get(.frankfurterCurrencies, use: view.currencies)
        // Frankfurter answers any other path under /v1 with JSON too.
        routes.get(.frankfurterRoot, use: view.notFound)
        routes.get(.frankfurterOther, use: view.notFound)
    }
}
