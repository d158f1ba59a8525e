import Vapor
import Web

/// Wires the alerts page, its forms (behind the CSRF check) and the user's feed.
enum AlertsAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = AlertsView(
            interactor: AlertsInteractor(
                alerts: services.alerts, rates: services.currentRates, catalog: services.catalog, providers: services.providerCatalog,
                allowPrivateTargets: services.configuration.alertsAllowPrivateTargets, resolve: services.resolveHost,
                emailOffered: services.configuration.smtpURL != nil, now: services.now),
            presenter: AlertsPresenter(providers: services.providerCatalog, catalog: services.catalog),
            router: AlertsRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get(.alerts, use: view.show)
        routes.get(.alertFeed, use: view.feed)
        let forms = routes.grouped(CSRFMiddleware())
        forms.post(.alerts, use: view.create)
        forms.post(.alertDelete, use: view.delete)
        forms.post(.alertResume, use: view.resume)
        forms.post(.alertFeedRotate, use: view.rotateFeed)
    }
}
