import Vapor

/// Wires the ContactForm module; its POSTs sit behind the CSRF check.
enum ContactFormAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactFormView(
            interactor: ContactFormInteractor(contacts: services.contacts),
            presenter: ContactFormPresenter(),
            router: ContactFormRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get("contacts", "new", use: view.new)
        pages.get("contacts", ":id", "edit", use: view.edit)
        let forms = routes.grouped(CSRFMiddleware())
        forms.post("contacts", use: view.create)
        forms.post("contacts", ":id", use: view.update)
    }
}
