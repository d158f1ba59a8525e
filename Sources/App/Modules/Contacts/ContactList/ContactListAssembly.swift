import Vapor
import Web

/// Wires the ContactList module.
enum ContactListAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactListView(
            interactor: ContactListInteractor(contacts: services.contacts),
            presenter: ContactListPresenter(),
            router: ContactListRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get(.contacts, use: view.list)
        pages.get(.contactsExportVCard, use: view.exportVCard)
        pages.get(.contactsExportCSV, use: view.exportCSV)
    }
}
