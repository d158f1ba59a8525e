import Vapor

/// Wires the Signup module; its POST sits behind the CSRF check.
enum SignupAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = SignupView(
            interactor: SignupInteractor(accounts: services.accounts, isOpen: services.configuration.allowSignup),
            presenter: SignupPresenter(),
            router: SignupRouter())
        routes.get("signup", use: view.show)
        routes.grouped(CSRFMiddleware()).post("signup", use: view.signUp)
    }
}
