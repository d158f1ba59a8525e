import Vapor

/// Wires the converter module (its page and its JSON API): the only place that picks its
/// concrete services.
enum ConverterAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) throws {
        let interactor = ConverterInteractor(
            rates: services.currentRates,
            calculator: ConversionCalculator(catalog: services.catalog),
            now: services.now)
        let view = ConverterView(
            interactor: interactor,
            presenter: ConverterPresenter(),
            router: ConverterRouter(),
            cookieSecure: services.configuration.cookieSecure,
            cachePolicy: services.cachePolicy,
            now: services.now)
        routes.get(immediately: view.index)
        routes.post("convert", immediately: view.convert)
        routes.post("swap", immediately: view.swap)

        // The same use case as JSON: only the view differs.
        let api = ConverterAPIView(interactor: interactor, presenter: ConverterAPIPresenter(),
                                   cachePolicy: services.cachePolicy, now: services.now)
        routes.get("api", "v1", "currencies", immediately: api.currencies)
        routes.get("api", "v1", "rates", "latest", immediately: api.latestRates)
        routes.get("api", "v1", "convert", immediately: api.convert)
        let document = try APIDocument.bundled()
        routes.get("api", "v1", "openapi.yaml") { _ in document.response() }
    }
}
