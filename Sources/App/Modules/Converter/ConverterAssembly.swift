import Core
import Vapor
import Web

/// Wires the converter module (its page and its JSON API): the only place that picks its
/// concrete services.
enum ConverterAssembly {
    /// The converter's use case over this app's services (the MCP module's `convert` uses it too).
    static func interactor(services: AppServices) -> ConverterInteractor {
        ConverterInteractor(
            rates: services.currentRates, pastRates: services.officialRates, history: services.historyProgress,
            catalog: services.catalog, providers: services.providerCatalog, now: services.now)
    }

    static func register(on routes: any RoutesBuilder, services: AppServices) throws {
        let interactor = interactor(services: services)
        let view = ConverterView(
            interactor: interactor,
            presenter: ConverterPresenter(providers: services.providerCatalog),
            router: ConverterRouter(),
            cookieSecure: services.configuration.cookieSecure,
            cachePolicy: services.cachePolicy,
            now: services.now)
        routes.get(.converter, use: view.index)
        routes.post(.convert, use: view.convert)
        routes.post(.swap, use: view.swap)

        // The same use case as JSON: only the view differs.
        let api = ConverterAPIView(
            interactor: interactor, presenter: ConverterAPIPresenter(providers: services.providerCatalog),
            cachePolicy: services.cachePolicy, now: services.now)
        routes.get(.apiCurrencies, use: api.currencies)
        routes.get(.apiLatestRates, use: api.latestRates)
        routes.get(.apiConvert, use: api.convert)
        let document = try ConverterAPIView.Document.bundled()
        routes.get(SiteURL.Route.apiDocument.pathComponents) { _ in document.response() }
    }
}
