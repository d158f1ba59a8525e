import Core
import Vapor

/// The add and edit forms over HTTP.
package struct ContactFormView: Sendable {
    package let interactor: ContactFormInteractor
    package let presenter: ContactFormPresenter
    package let router: ContactFormRouter

    package init(interactor: ContactFormInteractor, presenter: ContactFormPresenter, router: ContactFormRouter) {
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
    }

    /// `GET /contacts/new`.
    package func new(_ request: Request) async throws -> Response {
        try await guarded(request) {
            try await request.renderPage(
                "contact-form", presenter.present(interactor.newContact(for: request.currentUser), in: request.localization))
        }
    }

    /// `GET /contacts/{id}/edit`.
    package func edit(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let output = try await interactor.editContact(request.parameter(.id), for: request.currentUser)
            return try await request.renderPage("contact-form", presenter.present(output, in: request.localization))
        }
    }

    /// `POST /contacts` (CSRF-checked).
    package func create(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let input = try request.form(ContactDraft.Input.self)
            return try await respond(
                to: interactor.create(input, for: request.currentUser), flash: request.localization.text("Contact added."), request)
        }
    }

    /// `POST /contacts/{id}` (CSRF-checked).
    package func update(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let input = try request.form(ContactDraft.Input.self)
            let outcome = try await interactor.update(request.parameter(.id), with: input, for: request.currentUser)
            return try await respond(to: outcome, flash: request.localization.text("Changes saved."), request)
        }
    }

    private func respond(to outcome: ContactForm.Outcome, flash: String, _ request: Request) async throws -> Response {
        switch outcome {
        case .saved(let contact):
            await request.browserSession.flash(.success(flash), logger: request.logger)
            return router.toContact(contact)
        case .invalid(let output):
            return try await request.renderPage(
                "contact-form", presenter.present(output, in: request.localization), status: .unprocessableEntity)
        }
    }

    private func guarded(_ request: Request, _ page: () async throws -> Response) async throws -> Response {
        try await ContactAccessFailure.guarding(request, signIn: router.signIn(returningTo:), page)
    }
}
