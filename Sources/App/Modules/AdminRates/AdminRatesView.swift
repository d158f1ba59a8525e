import Core
import Vapor
import Web

/// The admin rate page over HTTP.
struct AdminRatesView: Sendable {
    let interactor: AdminRatesInteractor
    let presenter: AdminRatesPresenter
    let router: AdminRatesRouter

    /// `GET /admin/rates`.
    func show(_ request: Request) async throws -> Response {
        try await guarded {
            let flash = request.currentUser?.isAdmin == true ? try await request.browserSession.takeFlash() : nil
            let output = try await interactor.overview(for: request.currentUser, flash: flash)
            return try await request.renderPage("admin-rates", presenter.present(output, in: request.localization))
        }
    }

    /// `POST /admin/rates/refresh` (CSRF-checked): every enabled provider.
    func refresh(_ request: Request) async throws -> Response {
        try await guarded {
            let attempts = try await interactor.refresh(by: request.currentUser)
            await request.browserSession.flash(presenter.flash(for: attempts, in: request.localization), logger: request.logger)
            return Response(router.backToRates())
        }
    }

    /// `POST /admin/rates/backfill` (CSRF-checked): 303 back with what happened, or the page again (422).
    func backfill(_ request: Request) async throws -> Response {
        try await guarded {
            let query = AdminRates.BackfillQuery(try request.form(AdminRates.BackfillInput.self))
            switch try await interactor.backfill(query, by: request.currentUser) {
            case .done(let attempt):
                await request.browserSession.flash(presenter.flash(for: attempt, in: request.localization), logger: request.logger)
                return Response(router.backToRates())
            case .invalid(let output):
                return try await request.renderPage(
                    "admin-rates", presenter.present(output, in: request.localization), status: .unprocessableEntity)
            }
        }
    }

    /// `POST /admin/rates/import-history` (CSRF-checked).
    func importHistory(_ request: Request) async throws -> Response {
        try await guarded {
            let attempt = try await interactor.importHistory(by: request.currentUser)
            await request.browserSession.flash(presenter.flash(for: attempt, in: request.localization), logger: request.logger)
            return Response(router.backToRates())
        }
    }

    /// `POST /admin/rates/import-full-history` (CSRF-checked).
    func importFullHistory(_ request: Request) async throws -> Response {
        try await guarded {
            let attempt = try await interactor.importFullHistory(by: request.currentUser)
            await request.browserSession.flash(presenter.flash(for: attempt, in: request.localization), logger: request.logger)
            return Response(router.backToRates())
        }
    }

    /// Maps the interactor's access failures to HTTP: sign in first (303), or 403.
    private func guarded(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch AdminRates.Failure.signInRequired {
            return Response(router.signIn())
        } catch AdminRates.Failure.forbidden {
            throw PageAbort(.forbidden, AdminRatesPresenter.adminsOnly)
        }
    }
}
