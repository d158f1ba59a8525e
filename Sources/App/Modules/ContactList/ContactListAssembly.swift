import Vapor

/// Wires the ContactList module.
enum ContactListAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactListView(
            interactor: ContactListInteractor(contacts: services.contacts),
            presenter: ContactListPresenter(),
            router: ContactListRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get("contacts", immediately: view.list)
        pages.get("contacts", "export.vcf", immediately: view.exportVCard)
        pages.get("contacts", "export.csv", immediately: view.exportCSV)
    }
}
