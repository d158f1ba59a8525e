import Core
import Vapor

/// One contact over HTTP.
struct ContactDetailView: Sendable {
    let interactor: ContactDetailInteractor
    let presenter: ContactDetailPresenter
    let router: ContactDetailRouter

    /// `GET /contacts/{id}`.
    func show(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let flash = request.currentUser == nil ? nil : try await request.browserSession.takeFlash()?.message
            let output = try await interactor.show(request.parameter(.id), for: request.currentUser, flash: flash)
            return try await request.renderPage("contact", presenter.present(output, in: request.localization))
        }
    }

    /// `GET /contacts/{id}/delete`: are you sure?
    func confirmDelete(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let output = try await interactor.show(request.parameter(.id), for: request.currentUser)
            return try await request.renderPage("contact-delete", presenter.presentDeletion(output, in: request.localization))
        }
    }

    /// `POST /contacts/{id}/delete` (CSRF-checked).
    func delete(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let contact = try await interactor.delete(request.parameter(.id), for: request.currentUser)
            await request.browserSession.flash(
                .success(presenter.deleted(contact, in: request.localization)), logger: request.logger
            )
            return Response(router.afterDelete())
        }
    }

    private func guarded(_ request: Request, _ page: () async throws -> Response) async throws -> Response {
        try await ContactAccessView.guarding(request, signIn: { Response(router.signIn(returningTo: $0)) }, page)
    }
}
