import Core
import Vapor
import Web

/// Wires Frankfurter's v2 API: the blend and the providers' days (``OfficialRates``),
/// RubyMoney's currency table, and the `/v2` routes.
enum FrankfurterV2Assembly {
    /// The v2 API's use case over this app's services (the MCP module's tools use it too).
    static func interactor(services: AppServices) throws -> FrankfurterV2Interactor {
        FrankfurterV2Interactor(
            rates: services.officialRates, names: try RubyMoneyCurrencyNames.bundled(), catalog: services.catalog,
            providers: services.officialRates.blended,
            unblended: services.enabledProviders.filter { $0.kind == .taxAndCustoms || $0.kind == .reference }, now: services.now,
            load: services.historyProgress)
    }

    static func register(on routes: any RoutesBuilder, services: AppServices) throws {
        let view = FrankfurterV2View(
            interactor: try interactor(services: services),
            presenter: FrankfurterV2Presenter(),
            cachePolicy: services.cachePolicy,
            now: services.now)
        routes.get(.frankfurterV2Rates, use: view.rates)
        routes.get(.frankfurterV2RatesCSV, use: view.rates)
        routes.get(.frankfurterV2Rate, use: view.rate)
        routes.get(.frankfurterV2Currencies, use: view.currencies)
        routes.get(.frankfurterV2Currency, use: view.currency)
        routes.get(.frankfurterV2Providers, use: view.providers)
        routes.get(.frankfurterV2Provider, use: view.provider)
        routes.get(.frankfurterV2ProviderRates, use: view.providerRates)
        routes.get(.frankfurterV2ProviderRatesCSV, use: view.providerRates)
        routes.get(.frankfurterV2Root, use: view.notFound)
        routes.get(.frankfurterV2Other, use: view.notFound)
    }
}
