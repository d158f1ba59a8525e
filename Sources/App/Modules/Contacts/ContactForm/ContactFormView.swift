import Core
import Vapor

/// The add and edit forms over HTTP.
struct ContactFormView: Sendable {
    let interactor: ContactFormInteractor
    let presenter: ContactFormPresenter
    let router: ContactFormRouter

    /// `GET /contacts/new`.
    func new(_ request: Request) async throws -> Response {
        try await guarded(request) {
            try await request.renderPage(
                "contact-form", presenter.present(interactor.newContact(for: request.currentUser), in: request.localization))
        }
    }

    /// `GET /contacts/{id}/edit`.
    func edit(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let output = try await interactor.editContact(request.parameter(.id), for: request.currentUser)
            return try await request.renderPage("contact-form", presenter.present(output, in: request.localization))
        }
    }

    /// `POST /contacts` (CSRF-checked).
    func create(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let input = try request.form(ContactDraft.Input.self)
            return try await respond(
                to: interactor.create(input, for: request.currentUser), flash: request.localization.text(ContactFormPresenter.added),
                request)
        }
    }

    /// `POST /contacts/{id}` (CSRF-checked).
    func update(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let input = try request.form(ContactDraft.Input.self)
            let outcome = try await interactor.update(request.parameter(.id), with: input, for: request.currentUser)
            return try await respond(to: outcome, flash: request.localization.text(ContactFormPresenter.saved), request)
        }
    }

    private func respond(to outcome: ContactForm.Outcome, flash: String, _ request: Request) async throws -> Response {
        switch outcome {
        case .saved(let contact):
            await request.browserSession.flash(.success(flash), logger: request.logger)
            return Response(router.toContact(contact))
        case .invalid(let output):
            return try await request.renderPage(
                "contact-form", presenter.present(output, in: request.localization), status: .unprocessableEntity)
        }
    }

    private func guarded(_ request: Request, _ page: () async throws -> Response) async throws -> Response {
        try await ContactAccessView.guarding(request, signIn: { Response(router.signIn(returningTo: $0)) }, page)
    }
}
