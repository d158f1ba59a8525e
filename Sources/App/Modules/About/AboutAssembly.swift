import Vapor

/// Wires the About module and registers its routes.
package enum AboutAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = AboutView(
            interactor: AboutInteractor(
                rates: services.currentRates,
                sourceCodeURL: services.configuration.sourceCodeURL,
                now: services.now),
            presenter: AboutPresenter(),
            router: AboutRouter(),
            cachePolicy: services.cachePolicy,
            now: services.now)
        routes.get(.about, immediately: view.show)
        routes.get(.aboutClose, immediately: view.close)
    }
}
