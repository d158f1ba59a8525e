import Vapor
import Web

/// Wires the Signup module; its POST sits behind the CSRF check.
enum SignupAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = SignupView(
            interactor: SignupInteractor(
                accounts: services.accounts, throttle: services.throttle,
                isOpen: services.configuration.allowSignup, now: services.now),
            presenter: SignupPresenter(),
            router: SignupRouter(),
            clients: services.clients)
        routes.grouped(SessionKnownMiddleware()).get(.signup, use: view.show)
        routes.grouped(CSRFMiddleware()).post(.signup, use: view.signUp)
    }
}
