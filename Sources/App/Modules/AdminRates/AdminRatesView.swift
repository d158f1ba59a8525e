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

    /// `POST /admin/rates/upload`: the admin checked before a byte is read; the form's token
    /// first, then `document` and `file`, the file written to a temporary file as it arrives
    /// (at most the largest upload), read and stored, then 303 back with what happened.
    func upload(_ request: Request) async throws -> Response {
        try request.browserSession.requireReadable()
        // As for every other form: without a session there is no token to send (403).
        guard request.browserSession.current?.csrfToken != nil else { throw PageAbort(.forbidden, CSRFMiddleware.expired) }
        return try await guarded {
            _ = try interactor.authorizeUpload(by: request.currentUser)
            let spool = try UploadSpool(limit: interactor.largestUpload)
            defer { spool.remove() }
            let form: StreamedForm.Fields
            do {
                form = try await StreamedForm.read(
                    request, csrfToken: request.browserSession.current?.csrfToken, limit: interactor.largestUpload + 64 * 1024
                ) { name, fileName -> StreamedForm.PartWriter? in
                    guard name == "file", let fileName, !fileName.isEmpty else { return nil }
                    return { bytes in try spool.append(bytes) }
                }
            } catch let problem as StreamedForm.Problem {
                switch problem {
                case .forbidden: throw PageAbort(.forbidden, CSRFMiddleware.expired)
                case .notMultipart, .compressed: return try await refused(.notMultipart, request, status: .unsupportedMediaType)
                case .tooLarge, .refused(is UploadSpool.TooLarge):
                    return try await refused(.tooLarge(megabytes: interactor.largestUpload >> 20), request, status: .payloadTooLarge)
                // The file could not be written here (a full disk): the server's failure, not the upload's.
                case .refused(let error): throw error
                }
            }
            guard form.bytes["file", default: 0] > 0 else { return try await refused(.noFile, request, status: .unprocessableEntity) }
            try spool.close()
            switch try await interactor.upload(form.fields["document"] ?? "", file: spool.url, by: request.currentUser) {
            case .success(let attempts):
                await request.browserSession.flash(presenter.flash(forUpload: attempts, in: request.localization), logger: request.logger)
                return Response(router.backToRates())
            case .failure(let refusal):
                return try await refused(refusal, request, status: .unprocessableEntity)
            }
        }
    }

    private func refused(_ refusal: AdminRates.UploadRefusal, _ request: Request, status: HTTPStatus) async throws -> Response {
        let output = try await interactor.refusedUpload(refusal, by: request.currentUser)
        return try await request.renderPage("admin-rates", presenter.present(output, in: request.localization), status: status)
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
