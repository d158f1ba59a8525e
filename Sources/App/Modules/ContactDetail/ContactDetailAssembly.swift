import Vapor

/// Wires the ContactDetail module; deleting sits behind the CSRF check.
enum ContactDetailAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactDetailView(
            interactor: ContactDetailInteractor(contacts: services.contacts),
            presenter: ContactDetailPresenter(),
            router: ContactDetailRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get("contacts", ":id", immediately: view.show)
        pages.get("contacts", ":id", "delete", immediately: view.confirmDelete)
        routes.grouped(CSRFMiddleware()).post("contacts", ":id", "delete", immediately: view.delete)
    }
}
