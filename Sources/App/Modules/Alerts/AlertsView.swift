import Core
import Vapor
import Web

/// The alerts page and its forms over HTTP, and the user's feed. Signed out, the page sends the
/// visitor to sign in; a watch that is not the user's is a 404, as is a feed token that is no one's.
struct AlertsView: Sendable {
    let interactor: AlertsInteractor
    let presenter: AlertsPresenter
    let router: AlertsRouter

    /// `GET /alerts`.
    func show(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let output = try await interactor.page(for: request.currentUser)
            let flash = try await request.browserSession.takeFlash()?.message
            return try await request.renderPage("alerts", presenter.present(output, flash: flash, in: request.localization))
        }
    }

    /// `POST /alerts` (CSRF-checked).
    func create(_ request: Request) async throws -> Response {
        try await guarded(request) {
            let input = try request.form(Alerts.Input.self)
            switch try await interactor.create(input, for: request.currentUser, language: request.language.rawValue) {
            case .created:
                await request.browserSession.flash(.success(request.localization.text("The alert is set.")), logger: request.logger)
                return Response(router.toAlerts())
            case .invalid(let output):
                return try await request.renderPage(
                    "alerts", presenter.present(output, in: request.localization), status: .unprocessableEntity)
            }
        }
    }

    /// `POST /alerts/{id}/delete` (CSRF-checked).
    func delete(_ request: Request) async throws -> Response {
        try await guarded(request) {
            try await interactor.delete(request.parameter(.id), for: request.currentUser)
            await request.browserSession.flash(.success(request.localization.text("The alert is deleted.")), logger: request.logger)
            return Response(router.toAlerts())
        }
    }

    /// `POST /alerts/{id}/resume` (CSRF-checked).
    func resume(_ request: Request) async throws -> Response {
        try await guarded(request) {
            try await interactor.resume(request.parameter(.id), for: request.currentUser)
            return Response(router.toAlerts())
        }
    }

    /// `POST /alerts/feed/rotate` (CSRF-checked): the old address stops working at once.
    func rotateFeed(_ request: Request) async throws -> Response {
        try await guarded(request) {
            try await interactor.rotateFeed(for: request.currentUser)
            await request.browserSession.flash(
                .success(request.localization.text("Your feed has a new address; the old one no longer works.")), logger: request.logger)
            return Response(router.toAlerts())
        }
    }

    /// `GET /alerts/feed/{token}.atom`: anyone with the address may read it (a feed reader has no
    /// session), never cached by others (`private`), in the visitor's language.
    func feed(_ request: Request) async throws -> Response {
        let path = request.parameter(.token)
        let notices: [AlertNotice]
        do { notices = try await interactor.feed(path) } catch Alerts.Failure.notFound { throw Abort(.notFound) }
        let token = String(path?.dropLast(".atom".count) ?? "")
        return Response(
            status: .ok,
            headers: [
                "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "private, no-cache",
                "Content-Language": request.language.rawValue, "Vary": "Accept-Language, Cookie",
            ],
            body: .init(string: presenter.feed(notices, token: token, in: request.localization)))
    }

    private func guarded(_ request: Request, _ page: () async throws -> Response) async throws -> Response {
        do {
            return try await page()
        } catch Alerts.Failure.signInRequired {
            return Response(router.signIn(returningTo: request.url.string))
        } catch Alerts.Failure.notFound {
            throw Abort(.notFound)
        }
    }
}
