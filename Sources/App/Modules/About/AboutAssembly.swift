import Vapor

/// Wires the About module and registers its routes.
enum AboutAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = AboutView(
            interactor: AboutInteractor(
                rates: services.currentRates,
                sourceCodeURL: services.configuration.sourceCodeURL,
                now: services.now),
            presenter: AboutPresenter(providers: services.providerCatalog),
            router: AboutRouter(),
            cachePolicy: services.cachePolicy,
            now: services.now)
        routes.get(.about, use: view.show)
        routes.get(.aboutClose, use: view.close)
    }
}
