import Vapor
import Web

/// Wires the ContactDetail module; deleting sits behind the CSRF check.
package enum ContactDetailAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactDetailView(
            interactor: ContactDetailInteractor(contacts: services.contacts),
            presenter: ContactDetailPresenter(),
            router: ContactDetailRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get(.contact, immediately: view.show)
        pages.get(.deleteContact, immediately: view.confirmDelete)
        routes.grouped(CSRFMiddleware()).post(.deleteContact, immediately: view.delete)
    }
}
