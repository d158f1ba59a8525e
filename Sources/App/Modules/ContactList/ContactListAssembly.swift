import Vapor

/// Wires the ContactList module.
enum ContactListAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactListView(
            interactor: ContactListInteractor(contacts: services.contacts),
            presenter: ContactListPresenter(),
            router: ContactListRouter())
        routes.get("contacts", use: view.list)
        routes.get("contacts", "export.vcf", use: view.exportVCard)
        routes.get("contacts", "export.csv", use: view.exportCSV)
    }
}
