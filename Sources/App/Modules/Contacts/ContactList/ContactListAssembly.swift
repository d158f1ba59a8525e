import Vapor
import Web

/// Wires the ContactList module.
package enum ContactListAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactListView(
            interactor: ContactListInteractor(contacts: services.contacts),
            presenter: ContactListPresenter(),
            router: ContactListRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get(.contacts, immediately: view.list)
        pages.get(.contactsExportVCard, immediately: view.exportVCard)
        pages.get(.contactsExportCSV, immediately: view.exportCSV)
    }
}
