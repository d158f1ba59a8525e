import Core
import Foundation
import Vapor
import Web

/// The ledger page and its API over HTTP: uploads read into a spool as they arrive
/// (``LedgerUpload``), the preview page, the converted CSV streamed, the zip of it and its
/// receipt, kept conversions, and the API's CSV or JSON. The files are written by
/// ``LedgerFiles``; every word is the presenter's.
struct LedgerView: Sendable {
    let interactor: LedgerInteractor
    let presenter: LedgerPresenter
    let router: LedgerRouter
    let files: LedgerFiles

    /// `GET /ledger`.
    func show(_ request: Request) async throws -> Response {
        try await request.browserSession.ensure() // carries the form's CSRF token
        do {
            var output = try await interactor.form(for: request.currentUser)
            output.flash = request.currentUser == nil ? nil : try await request.browserSession.takeFlash()?.message
            return try await request.renderPage("ledger", presenter.present(output, in: request.localization))
        } catch Ledger.Failure.ratesUnavailable {
            throw Self.unavailable
        }
    }

    /// `POST /ledger`: the preview, the converted CSV (`action=csv`) or a zip with the receipt (`action=zip`).
    func convert(_ request: Request) async throws -> Response {
        try request.browserSession.requireReadable()
        let form: LedgerUpload.Form
        do {
            form = try await LedgerUpload.form(request, csrfToken: request.browserSession.current?.csrfToken)
        } catch LedgerUpload.Problem.forbidden {
            throw PageAbort(.forbidden, LedgerPresenter.expiredForm)
        } catch LedgerUpload.Problem.notMultipart {
            throw PageAbort(.unsupportedMediaType, LedgerPresenter.multipartOnly)
        } catch LedgerUpload.Problem.refused(let refusal) {
            return try await page(request, Ledger.Query(Ledger.Input()), failure: .refused(refusal))
        }
        // The form sends its booking currency, source and rule beside a preset: the preset's apply.
        var input = Ledger.Input(form.fields, fileName: form.fileName)
        input.presetOverrides = true
        let query = Ledger.Query(input)
        guard let spool = form.spool else { return try await page(request, query, failure: .refused(.empty)) }
        let job: LedgerJob, output: Ledger.Output?
        do {
            job = try await interactor.start(query, spool: spool, fileName: form.fileName)
            let action = form.fields["action"]
            output =
                action == "csv" || action == "zip"
                ? nil
                : try await interactor.preview(job, of: query, for: request.currentUser, writer: writer(job, in: request.localization))
        } catch {
            return try await page(request, query, failure: error)
        }
        if let output { return try await request.renderPage("ledger", presenter.present(output, in: request.localization)) }
        let writer = writer(job, in: request.localization)
        guard form.fields["action"] == "zip" else {
            return stream(files.csv(job, writer: writer), type: Self.csvType, fileName: LedgerPresenter.convertedName(job.fileName))
        }
        return try await zip(job, writer: writer, request)
    }

    /// `POST /api/v1/ledger?to=&rule=&source=`: the body converted, as CSV or JSON.
    func api(_ request: Request) async throws -> Response {
        let query = Ledger.Query(Ledger.Input(request.queryItems))
        let spool: LedgerSpool
        do {
            spool = try await LedgerUpload.body(request)
        } catch LedgerUpload.Problem.refused(let refusal) {
            throw Self.problem(.refused(refusal))
        }
        let job: LedgerJob
        do {
            job = try await interactor.start(query, spool: spool, fileName: nil)
        } catch {
            throw Self.problem(error)
        }
        if request.headers.accept.mediaTypes.contains(where: { $0.type == "application" && $0.subType == "json" }) {
            return stream(files.json(job) { presenter.line($0, of: job) }, type: Self.jsonType, fileName: nil)
        }
        let csv = files.csv(job, writer: writer(job, in: request.localization))
        return stream(csv, type: Self.csvType, fileName: LedgerPresenter.convertedName(nil))
    }

    /// `GET /api/v1/ledger/presets`: every preset, and whether its rates are stored here.
    func presets(_ request: Request) async throws -> Response {
        try .json(presenter.presets(await interactor.presets()), headers: ["Cache-Control": "public, max-age=300"])
    }

    /// `GET /ledger/{id}/converted.csv`: a kept conversion's file.
    func result(_ request: Request) async throws -> Response {
        try await kept(request) { receipt, gzipped in
            var body = ByteBuffer(data: gzipped)
            return Response(
                status: .ok, headers: .download(Self.csvType, fileName: LedgerPresenter.convertedName(receipt.file)),
                body: .init(buffer: try body.decompress(with: .gzip())))
        }
    }

    /// `GET /ledger/{id}/receipt.json`.
    func receipt(_ request: Request) async throws -> Response {
        try await kept(request) { receipt, _ in
            Response(
                status: .ok, headers: .download(Self.jsonType, fileName: Ledger.receiptFileName),
                body: .init(data: try receipt.json()))
        }
    }

    /// `POST /ledger/{id}/delete` (CSRF-checked).
    func delete(_ request: Request) async throws -> Response {
        do {
            try await interactor.delete(try Self.id(request), for: request.currentUser)
            await request.browserSession.flash(.success(request.localization.text(LedgerPresenter.deleted)), logger: request.logger)
            return Response(router.toLedger())
        } catch Ledger.Failure.signInRequired {
            return Response(router.signIn())
        } catch Ledger.Failure.notFound {
            throw Abort(.notFound)
        }
    }

    // MARK: Answers

    private static let csvType = "text/csv; charset=utf-8; header=present"
    private static let jsonType = "application/json; charset=utf-8"

    /// The converted file, sent a piece at a time as it is written.
    private func stream(_ pieces: LedgerFiles.Pieces, type: String, fileName: String?) -> Response {
        Response(
            headers: fileName.map { .download(type, fileName: $0) } ?? ["Content-Type": type, "Cache-Control": "no-store"],
            streaming: pieces)
    }

    /// The zip, sent from its temporary folder, which goes once it is sent.
    private func zip(_ job: LedgerJob, writer: LedgerWriter, _ request: Request) async throws -> Response {
        let made = try await files.zip(
            job, writer: writer, csvName: LedgerPresenter.convertedName(job.fileName), receiptName: Ledger.receiptFileName)
        let response = try await request.fileio.asyncStreamFile(at: made.archive.path, mediaType: .zip) { _ in
            try? FileManager.default.removeItem(at: made.folder)
        }
        for (name, value) in HTTPHeaders.download("application/zip", fileName: "ledger.zip") {
            response.headers.replaceOrAdd(name: name, value: value)
        }
        return response
    }

    private func writer(_ job: LedgerJob, in l: Localization) -> LedgerWriter {
        LedgerWriter(dialect: job.run.dialect, source: job.settings.source.rawValue, fractionDigits: job.fractionDigits) { row, problem in
            presenter.describe(row: row, problem, in: l)
        }
    }

    /// The form again, with what went wrong at its field and its status.
    private func page(_ request: Request, _ query: Ledger.Query, failure: Ledger.Failure) async throws -> Response {
        if case .loading(let loading) = failure { throw loading }
        let status = Self.status(of: failure)
        if status == .notFound { throw Abort(.notFound) }
        let output: Ledger.Output
        do { output = try await interactor.form(query, for: request.currentUser) } catch { throw Self.unavailable }
        guard status != .serviceUnavailable else { throw Self.unavailable }
        let page = presenter.present(LedgerPresenter.output(output, after: failure), in: request.localization)
        return try await request.renderPage("ledger", page, status: status)
    }

    private func kept(_ request: Request, answer: (LedgerReceipt, Data) throws -> Response) async throws -> Response {
        let conversion: (receipt: LedgerReceipt, result: Data)
        do {
            conversion = try await interactor.conversion(try Self.id(request), for: request.currentUser)
        } catch Ledger.Failure.signInRequired {
            return Response(router.signIn())
        } catch Ledger.Failure.notFound {
            throw Abort(.notFound)
        }
        return try answer(conversion.receipt, conversion.result)
    }

    private static func id(_ request: Request) throws -> UUID {
        guard let text = request.parameter(.id), let id = UUID(uuidString: text) else { throw Abort(.notFound) }
        return id
    }
}
