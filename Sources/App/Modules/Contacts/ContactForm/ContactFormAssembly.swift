import Vapor
import Web

/// Wires the ContactForm module; its POSTs sit behind the CSRF check.
enum ContactFormAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactFormView(
            interactor: ContactFormInteractor(contacts: services.contacts),
            presenter: ContactFormPresenter(),
            router: ContactFormRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get(.newContact, use: view.new)
        pages.get(.editContact, use: view.edit)
        let forms = routes.grouped(CSRFMiddleware())
        forms.post(.contacts, use: view.create)
        forms.post(.contact, use: view.update)
    }
}
