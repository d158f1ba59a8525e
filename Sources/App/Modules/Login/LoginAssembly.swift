import Vapor
import Web

/// Wires the Login module; its POSTs sit behind the CSRF check.
enum LoginAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = LoginView(
            interactor: LoginInteractor(accounts: services.accounts, throttle: services.throttle, now: services.now),
            presenter: LoginPresenter(allowSignup: services.configuration.allowSignup),
            router: LoginRouter(),
            clients: services.clients)
        routes.grouped(SessionKnownMiddleware()).get(.login, use: view.show)
        let forms = routes.grouped(CSRFMiddleware())
        forms.post(.login, use: view.signIn)
        forms.post(.logout, use: view.signOut)
    }
}
