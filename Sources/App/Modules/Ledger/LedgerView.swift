import Core
import Foundation
import ServiceInterfaces
import Vapor
import Web

/// The ledger page and its API over HTTP: uploads read as they arrive (``Upload``), the preview
/// page, and the converted CSV, the zip of it and its receipt, kept conversions and the API's
/// CSV or JSON streamed as the interactor hands them out. Every word is the presenter's.
struct LedgerView: Sendable {
    let interactor: LedgerInteractor
    let presenter: LedgerPresenter
    let router: LedgerRouter

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
        let form: Upload.Form
        do {
            form = try await Upload.form(request, csrfToken: request.browserSession.current?.csrfToken) {
                try interactor.newUpload()
            }
        } catch Upload.Problem.forbidden {
            throw PageAbort(.forbidden, LedgerPresenter.expiredForm)
        } catch Upload.Problem.notMultipart {
            throw PageAbort(.unsupportedMediaType, LedgerPresenter.multipartOnly)
        } catch Upload.Problem.refused(let refusal) {
            return try await page(request, Ledger.Query(Ledger.Input()), failure: .refused(refusal))
        }
        // The form sends its booking currency, source and rule beside a preset: the preset's apply.
        var input = Ledger.Input(form.fields, fileName: form.fileName)
        input.presetOverrides = true
        let query = Ledger.Query(input)
        guard let upload = form.upload else { return try await page(request, query, failure: .refused(.empty)) }
        let describe = words(in: request.localization)
        let action = form.fields["action"]
        do {
            let conversion = try await interactor.start(query, upload: upload, fileName: form.fileName)
            switch action {
            case "csv":
                return stream(interactor.csv(conversion, describe: describe), type: Self.csvType, fileName: convertedName(conversion))
            case "zip":
                let zip = try await interactor.zip(
                    conversion, describe: describe, csvName: convertedName(conversion), receiptName: Ledger.receiptFileName)
                return stream(zip, type: "application/zip", fileName: "ledger.zip")
            default:
                let output = try await interactor.preview(conversion, of: query, for: request.currentUser, describe: describe)
                return try await request.renderPage("ledger", presenter.present(output, in: request.localization))
            }
        } catch let failure as Ledger.Failure {
            return try await page(request, query, failure: failure)
        }
    }

    /// `POST /api/v1/ledger?to=&rule=&source=`: the body converted, as CSV or JSON.
    func api(_ request: Request) async throws -> Response {
        let query = Ledger.Query(Ledger.Input(request.queryItems))
        let conversion: any LedgerConversion
        do {
            let upload = try interactor.newUpload()
            do { try await Upload.body(request, into: upload) } catch Upload.Problem.refused(let refusal) {
                throw Ledger.Failure.refused(refusal)
            }
            conversion = try await interactor.start(query, upload: upload, fileName: nil)
        } catch let failure as Ledger.Failure {
            throw Self.problem(failure)
        }
        if request.headers.accept.mediaTypes.contains(where: { $0.type == "application" && $0.subType == "json" }) {
            let presenter = presenter
            return stream(interactor.json(conversion) { presenter.line($0, of: conversion) }, type: Self.jsonType, fileName: nil)
        }
        let csv = interactor.csv(conversion, describe: words(in: request.localization))
        return stream(csv, type: Self.csvType, fileName: LedgerPresenter.convertedName(nil))
    }

    /// `GET /api/v1/ledger/presets`: every preset, and whether its rates are stored here.
    func presets(_ request: Request) async throws -> Response {
        try .json(presenter.presets(await interactor.presets()), headers: ["Cache-Control": "public, max-age=300"])
    }

    /// `GET /ledger/{id}/converted.csv`: a kept conversion's file.
    func result(_ request: Request) async throws -> Response {
        try await kept(request) { receipt, file in
            stream(file, type: Self.csvType, fileName: LedgerPresenter.convertedName(receipt.file))
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

    /// An answer sent a piece at a time as it is made, as a download named `fileName` where one is given.
    private func stream(_ pieces: LedgerPieces, type: String, fileName: String?) -> Response {
        Response(
            headers: fileName.map { .download(type, fileName: $0) } ?? ["Content-Type": type, "Cache-Control": "no-store"],
            streaming: pieces)
    }

    /// A failed row's words in the page's language.
    private func words(in l: Localization) -> LedgerRowWords {
        let presenter = presenter
        return { row, problem in presenter.describe(row: row, problem, in: l) }
    }

    private func convertedName(_ conversion: any LedgerConversion) -> String { LedgerPresenter.convertedName(conversion.fileName) }

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

    private func kept(_ request: Request, answer: (LedgerReceipt, LedgerPieces) throws -> Response) async throws -> Response {
        let conversion: (receipt: LedgerReceipt, file: LedgerPieces)
        do {
            conversion = try await interactor.conversion(try Self.id(request), for: request.currentUser)
        } catch Ledger.Failure.signInRequired {
            return Response(router.signIn())
        } catch Ledger.Failure.notFound {
            throw Abort(.notFound)
        }
        return try answer(conversion.receipt, conversion.file)
    }

    private static func id(_ request: Request) throws -> UUID {
        guard let text = request.parameter(.id), let id = UUID(uuidString: text) else { throw Abort(.notFound) }
        return id
    }
}
