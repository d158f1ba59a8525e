import Vapor
import Web

/// Wires the Signup module; its POST sits behind the CSRF check.
package enum SignupAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = SignupView(
            interactor: SignupInteractor(
                accounts: services.accounts, throttle: services.throttle,
                isOpen: services.configuration.allowSignup, now: services.now),
            presenter: SignupPresenter(),
            router: SignupRouter(),
            clients: services.clients)
        routes.grouped(SessionKnownMiddleware()).get(.signup, immediately: view.show)
        routes.grouped(CSRFMiddleware()).post(.signup, immediately: view.signUp)
    }
}
