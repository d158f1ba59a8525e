import Core
import Vapor
import Web

/// Wires Frankfurter's v2 API: the blend and the providers' days (``OfficialRates``),
/// RubyMoney's currency table, and the `/v2` routes.
package enum FrankfurterV2Assembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) throws {
        let view = FrankfurterV2View(
            interactor: FrankfurterV2Interactor(
                rates: services.officialRates, names: try RubyMoneyCurrencyNames.bundled(), catalog: services.catalog,
                providers: services.officialRates.blended, now: services.now),
            presenter: FrankfurterV2Presenter(),
            cachePolicy: services.cachePolicy,
            rendered: RenderedPageCache(capacity: 8 << 20),
            now: services.now)
        routes.get(.frankfurterV2Rates, immediately: view.rates)
        routes.get(.frankfurterV2RatesCSV, immediately: view.rates)
        routes.get(.frankfurterV2Rate, immediately: view.rate)
        routes.get(.frankfurterV2Currencies, immediately: view.currencies)
        routes.get(.frankfurterV2Currency, immediately: view.currency)
        routes.get(.frankfurterV2Providers, immediately: view.providers)
        routes.get(.frankfurterV2Root, immediately: view.notFound)
        routes.get(.frankfurterV2Other, immediately: view.notFound)
    }
}
