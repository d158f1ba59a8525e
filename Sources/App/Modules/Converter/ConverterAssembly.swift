import Vapor

/// Wires the converter module: the only place that picks its concrete services.
enum ConverterAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ConverterView(
            interactor: ConverterInteractor(
                rates: services.currentRates,
                calculator: ConversionCalculator(catalog: services.catalog),
                now: services.now),
            presenter: ConverterPresenter(),
            router: ConverterRouter(),
            cookieSecure: services.configuration.cookieSecure)
        routes.get(use: view.index)
        routes.post("convert", use: view.convert)
        routes.post("swap", use: view.swap)
    }
}
