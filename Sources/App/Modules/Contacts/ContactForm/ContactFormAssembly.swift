import Vapor
import Web

/// Wires the ContactForm module; its POSTs sit behind the CSRF check.
package enum ContactFormAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = ContactFormView(
            interactor: ContactFormInteractor(contacts: services.contacts),
            presenter: ContactFormPresenter(),
            router: ContactFormRouter())
        let pages = routes.grouped(SessionKnownMiddleware())
        pages.get(.newContact, immediately: view.new)
        pages.get(.editContact, immediately: view.edit)
        let forms = routes.grouped(CSRFMiddleware())
        forms.post(.contacts, immediately: view.create)
        forms.post(.contact, immediately: view.update)
    }
}
