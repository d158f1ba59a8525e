import Vapor
import Web

/// Wires the ContactDetail module; deleting sits behind the CSRF check.
enum ContactDetailAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactDetailView(
            interactor: ContactDetailInteractor(contacts: services.contacts),
            presenter: ContactDetailPresenter(),
            router: ContactDetailRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get(.contact, use: view.show)
        pages.get(.deleteContact, use: view.confirmDelete)
        routes.grouped(CSRFMiddleware()).post(.deleteContact, use: view.delete)
    }
}
