import CompressNIO
import Core
import Foundation
import ServiceInterfaces
import Vapor
import Web
import ZIPFoundation

/// The ledger page and its API over HTTP: uploads read into a spool as they arrive, the
/// preview page, the converted CSV streamed a few thousand rows at a time, the zip of it and
/// its receipt, kept conversions, and the API's CSV or JSON.
package struct LedgerView: Sendable {
    package let interactor: LedgerInteractor
    package let presenter: LedgerPresenter
    package let router: LedgerRouter

    /// No rates stored yet (or the database out of reach): 503, try again in a minute.
    static let unavailable = PageAbort(
        .serviceUnavailable, Message("Exchange rates are not available yet. Please try again in a moment."), headers: ["Retry-After": "60"])

    /// Rows written per piece of a streamed answer.
    package static let rowsPerPiece = 2_000

    package init(interactor: LedgerInteractor, presenter: LedgerPresenter, router: LedgerRouter) {
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
    }

    /// `GET /ledger`.
    package func show(_ request: Request) async throws -> Response {
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
    package func convert(_ request: Request) async throws -> Response {
        try request.browserSession.requireReadable()
        let form: LedgerUpload.Form
        do {
            form = try await LedgerUpload.form(request, csrfToken: request.browserSession.current?.csrfToken)
        } catch LedgerUpload.Problem.forbidden {
            throw PageAbort(
                .forbidden, Message("This form has expired or did not come from this site. Go back, reload the page and try again."))
        } catch LedgerUpload.Problem.notMultipart {
            throw PageAbort(
                .unsupportedMediaType, Message("The ledger form is sent as multipart/form-data; nothing else is accepted here."))
        } catch LedgerUpload.Problem.refused(let refusal) {
            return try await page(request, Ledger.Input(), failure: .refused(refusal))
        }
        var input = Self.input(form.fields)
        input.fileName = form.fileName
        guard let spool = form.spool else { return try await page(request, input, failure: .refused(.empty)) }
        do {
            let facts: LedgerSpool.Facts
            do { facts = try spool.finish() } catch let refusal as LedgerSpool.Refusal { throw Ledger.Failure.refused(refusal) }
            let settings = try await interactor.settings(input, header: try? Self.header(spool, facts))
            let job = try await interactor.start(settings, spool: spool, facts: facts, fileName: form.fileName)
            switch form.fields["action"] {
            case "csv": return csv(job, spool: spool, request)
            case "zip": return try await zip(job, request)
            default: return try await preview(job, input, request)
            }
        } catch let failure as Ledger.Failure {
            return try await page(request, input, failure: failure)
        }
    }

    /// `POST /api/v1/ledger?to=&rule=&source=`: the body converted, as CSV or JSON.
    package func api(_ request: Request) async throws -> Response {
        let query = request.queryItems
        var input = Self.input(query)
        input.fileName = nil
        let spool: LedgerSpool
        do {
            spool = try await LedgerUpload.body(request)
        } catch LedgerUpload.Problem.refused(let refusal) {
            throw Self.apiProblem(.refused(refusal))
        }
        do {
            let facts: LedgerSpool.Facts
            do { facts = try spool.finish() } catch let refusal as LedgerSpool.Refusal { throw Ledger.Failure.refused(refusal) }
            let settings = try await interactor.settings(input, header: try? Self.header(spool, facts))
            let job = try await interactor.start(settings, spool: spool, facts: facts, fileName: nil)
            let wantsJSON = request.headers.accept.mediaTypes.contains { $0.type == "application" && $0.subType == "json" }
            return wantsJSON ? json(job, spool: spool, request) : csv(job, spool: spool, request)
        } catch let failure as Ledger.Failure {
            throw Self.apiProblem(failure)
        }
    }

    /// `GET /ledger/{id}.csv`: a kept conversion's file.
    package func result(_ request: Request) async throws -> Response {
        let (receipt, gzipped) = try await kept(request)
        var body = ByteBuffer(data: gzipped)
        let file = try body.decompress(with: .gzip())
        return Response(
            status: .ok,
            headers: [
                "Content-Type": "text/csv; charset=utf-8; header=present",
                "Content-Disposition": Self.disposition(Self.convertedName(receipt.file)), "Cache-Control": "private, no-store",
            ], body: .init(buffer: file))
    }

    /// `GET /ledger/{id}/receipt.json`.
    package func receipt(_ request: Request) async throws -> Response {
        let (receipt, _) = try await kept(request)
        return Response(
            status: .ok,
            headers: [
                "Content-Type": "application/json; charset=utf-8", "Content-Disposition": Self.disposition(Ledger.receiptFileName),
                "Cache-Control": "private, no-store",
            ], body: .init(data: try receipt.json()))
    }

    /// `POST /ledger/{id}/delete` (CSRF-checked).
    package func delete(_ request: Request) async throws -> Response {
        do {
            try await interactor.delete(try Self.id(request), for: request.currentUser)
            await request.browserSession.flash(.success(request.localization.text("The conversion was deleted.")), logger: request.logger)
            return router.toLedger()
        } catch Ledger.Failure.signInRequired {
            return router.signIn(returningTo: SiteURL.Route.ledger.pattern)
        } catch Ledger.Failure.notFound {
            throw Abort(.notFound)
        }
    }

    // MARK: Answers

    private func preview(_ job: LedgerInteractor.Job, _ input: Ledger.Input, _ request: Request) async throws -> Response {
        let l = request.localization
        let user = request.currentUser
        let writer = Self.writer(job, in: l, presenter)
        let keeps = user != nil, interactor = interactor
        // A signed-in user keeps the converted file: written and gzip'd while the rows are read.
        let (read, gzipped) = try await Self.offThePool { () throws -> (Ledger.Preview, Data?) in
            guard keeps else { return (interactor.preview(job), nil) }
            let compressor = try ZlibCompressor(algorithm: .gzip, configuration: .init(compressionLevel: 6))
            var file = ByteBuffer(), gzip = ByteBuffer()
            writer.writeHeader(job.run.header, into: &file)
            let width = job.run.header.count
            let preview = interactor.preview(job) { row in
                writer.write(row, width: width, into: &file)
                if file.readableBytes > 64 * 1024 { Self.compress(&file, with: compressor, into: &gzip, finish: false) }
            }
            Self.compress(&file, with: compressor, into: &gzip, finish: true)
            return (preview, Data(gzip.readableBytesView))
        }
        var preview = read
        if let user, let gzipped { preview.saved = await interactor.keep(preview.receipt, result: gzipped, for: user) }
        var output = try await interactor.form(input, for: user)
        output.preview = preview
        return try await request.renderPage("ledger", presenter.present(output, in: l))
    }

    private static func compress(_ buffer: inout ByteBuffer, with compressor: ZlibCompressor, into output: inout ByteBuffer, finish: Bool) {
        var piece = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: buffer) + 64)
        try? compressor.deflate(from: &buffer, to: &piece, flush: finish ? .finish : .no)
        output.writeBuffer(&piece)
        buffer.clear()
    }

    /// The converted file, streamed a piece at a time.
    private func csv(_ job: LedgerInteractor.Job, spool: LedgerSpool, _ request: Request) -> Response {
        let writer = Self.writer(job, in: request.localization, presenter)
        let response = Response(
            status: .ok,
            headers: [
                "Content-Type": "text/csv; charset=utf-8; header=present",
                "Content-Disposition": Self.disposition(Self.convertedName(job.fileName)), "Cache-Control": "private, no-store",
            ])
        let width = job.run.header.count
        response.body = .init(asyncStream: { stream in
            do {
                var buffer = ByteBuffer()
                writer.writeHeader(job.run.header, into: &buffer)
                var done = false
                while !done {
                    done = true
                    for _ in 0..<Self.rowsPerPiece {
                        guard let row = job.run.next() else { break }
                        writer.write(row, width: width, into: &buffer)
                        done = false
                    }
                    if buffer.readableBytes > 0 {
                        try await stream.write(.buffer(buffer))
                        buffer = ByteBuffer()
                    }
                }
                try await stream.write(.end)
            }
            withExtendedLifetime(spool) {} // the spool lives until the last row is read
        })
        return response
    }

    /// The API's JSON: `{"lines": [...], "receipt": {...}}`, the lines streamed.
    private func json(_ job: LedgerInteractor.Job, spool: LedgerSpool, _ request: Request) -> Response {
        let l = Localizations.of(.en)
        let presenter = presenter, interactor = interactor
        let response = Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = job.run.header
        response.body = .init(asyncStream: { stream in
            do {
                var buffer = ByteBuffer(string: "{\"lines\":[")
                var first = true
                var done = false
                while !done {
                    done = true
                    for _ in 0..<Self.rowsPerPiece {
                        guard let row = job.run.next() else { break }
                        done = false
                        if !first { buffer.writeString(",") }
                        first = false
                        buffer.writeBytes(try encoder.encode(Self.line(row, header: header, job: job, presenter: presenter, in: l)))
                    }
                    if buffer.readableBytes > 0 {
                        try await stream.write(.buffer(buffer))
                        buffer = ByteBuffer()
                    }
                }
                buffer.writeString("],\"receipt\":")
                buffer.writeBytes(try interactor.receipt(of: job).json())
                buffer.writeString("}")
                try await stream.write(.buffer(buffer))
                try await stream.write(.end)
            }
            withExtendedLifetime(spool) {} // the spool lives until the last row is read
        })
        return response
    }

    struct Line: Encodable {
        let line: Int
        let cells: [String: String]
        let rate: String?
        let rateDate: String?
        let source: String
        let converted: String?
        let error: String?

        enum CodingKeys: String, CodingKey {
            case line, cells, rate, source, converted, error
            case rateDate = "rate_date"
        }
    }

    private static func line(
        _ row: LedgerRun.Row, header: [String], job: LedgerInteractor.Job, presenter: LedgerPresenter, in l: Localization
    ) -> Line {
        var cells: [String: String] = [:]
        for (index, cell) in row.cells.enumerated() { cells[index < header.count ? header[index] : "column \(index + 1)"] = cell }
        switch row.result {
        case .success(let line):
            return Line(
                line: row.number, cells: cells, rate: line.rate.text, rateDate: line.rate.day?.description, source: job.settings.source,
                converted: line.converted.plainText(fractionDigits: job.fractionDigits), error: nil)
        case .failure(let problem):
            return Line(
                line: row.number, cells: cells, rate: nil, rateDate: nil, source: job.settings.source, converted: nil,
                error: presenter.describe(row: row.number, problem, in: l))
        }
    }

    /// The converted file and `ledger-receipt.json` in one zip, made in a temporary folder.
    private func zip(_ job: LedgerInteractor.Job, _ request: Request) async throws -> Response {
        let l = request.localization
        let writer = Self.writer(job, in: l, presenter)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let csvName = Self.convertedName(job.fileName)
        let interactor = interactor
        let archive: URL
        do {
            archive = try await Self.offThePool { () throws -> URL in
                let csvURL = folder.appendingPathComponent(csvName)
                guard FileManager.default.createFile(atPath: csvURL.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
                let handle = try FileHandle(forWritingTo: csvURL)
                var buffer = ByteBuffer()
                writer.writeHeader(job.run.header, into: &buffer)
                let width = job.run.header.count
                while let row = job.run.next() {
                    writer.write(row, width: width, into: &buffer)
                    if buffer.readableBytes > 256 * 1024 {
                        try handle.write(contentsOf: buffer.readableBytesView)
                        buffer.clear()
                    }
                }
                try handle.write(contentsOf: buffer.readableBytesView)
                try handle.close()
                let receiptURL = folder.appendingPathComponent(Ledger.receiptFileName)
                try interactor.receipt(of: job).json().write(to: receiptURL)
                let zipURL = folder.appendingPathComponent("ledger.zip")
                let archive = try Archive(url: zipURL, accessMode: .create)
                try archive.addEntry(with: csvName, relativeTo: folder, compressionMethod: .deflate)
                try archive.addEntry(with: Ledger.receiptFileName, relativeTo: folder, compressionMethod: .deflate)
                return zipURL
            }
        } catch {
            try? FileManager.default.removeItem(at: folder) // nothing half-made is left behind
            throw error
        }
        let response = try await request.fileio.asyncStreamFile(at: archive.path, mediaType: .zip) { _ in
            try? FileManager.default.removeItem(at: folder)
        }
        response.headers.replaceOrAdd(name: .contentDisposition, value: Self.disposition("ledger.zip"))
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-store")
        return response
    }

    // MARK: Helpers

    private func kept(_ request: Request) async throws -> (LedgerReceipt, Data) {
        do {
            return try await interactor.conversion(try Self.id(request), for: request.currentUser)
        } catch Ledger.Failure.signInRequired {
            throw Abort.redirect(to: SiteURL.login(next: LocalPath(SiteURL.Route.ledger.pattern)).path)
        } catch Ledger.Failure.notFound {
            throw Abort(.notFound)
        }
    }

    private static func id(_ request: Request) throws -> UUID {
        guard let text = request.parameters.get("id"), let id = UUID(uuidString: text) else { throw Abort(.notFound) }
        return id
    }

    /// The form again, with what went wrong at its field and its status.
    private func page(_ request: Request, _ input: Ledger.Input, failure: Ledger.Failure) async throws -> Response {
        var output: Ledger.Output
        do { output = try await interactor.form(input, for: request.currentUser) } catch {
            throw Self.unavailable
        }
        let status: HTTPStatus
        switch failure {
        case .refused(let refusal):
            output.errors[.file] = LedgerPresenter.message(refusal)
            status = Self.status(of: refusal)
        case .invalid(let errors):
            output.errors = errors
            status = .unprocessableEntity
        case .noColumns(let header):
            output.errors[.columns] = LedgerPresenter.lookedFor
            output.header = header
            status = .unprocessableEntity
        case .ambiguousDates(let example, let header):
            output.errors[.dateOrder] = LedgerPresenter.ambiguous(example)
            output.header = header
            status = .unprocessableEntity
        case .ratesUnavailable:
            throw Self.unavailable
        case .signInRequired, .notFound:
            throw Abort(.notFound)
        }
        return try await request.renderPage("ledger", presenter.present(output, in: request.localization), status: status)
    }

    private static func status(of refusal: LedgerSpool.Refusal) -> HTTPStatus {
        switch refusal {
        case .tooLarge, .tooManyLines: .payloadTooLarge
        case .notText: .unsupportedMediaType
        case .unclosedQuote, .empty: .unprocessableEntity
        }
    }

    /// The API's refusals, as problem documents.
    private static func apiProblem(_ failure: Ledger.Failure) -> PageAbort {
        switch failure {
        case .refused(let refusal): PageAbort(status(of: refusal), LedgerPresenter.message(refusal))
        case .invalid(let errors):
            PageAbort(.unprocessableEntity, errors.sorted { $0.key.rawValue < $1.key.rawValue }.first!.value)
        case .noColumns(let header):
            PageAbort(
                .unprocessableEntity,
                Message(
                    "{looked} The header has: {header}. Name them with date_column, amount_column and currency_column.",
                    ["looked": .message(LedgerPresenter.lookedFor), "header": .text(header.joined(separator: ", "))]))
        case .ambiguousDates(let example, _):
            PageAbort(
                .unprocessableEntity,
                Message("{problem} Add date_order=dmy or date_order=mdy.", ["problem": .message(LedgerPresenter.ambiguous(example))]))
        case .ratesUnavailable: unavailable
        case .signInRequired, .notFound: PageAbort(.notFound, Message("Not found."))
        }
    }

    private static func input(_ fields: [String: String]) -> Ledger.Input {
        func value(_ name: String) -> String? {
            fields[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        return Ledger.Input(
            to: value("to"), source: value("source"), rule: value("rule"), dateOrder: value("date_order"), dateColumn: value("date_column"),
            amountColumn: value("amount_column"), currencyColumn: value("currency_column"))
    }

    /// The header row, for choosing columns by name.
    private static func header(_ spool: LedgerSpool, _ facts: LedgerSpool.Facts) throws -> [String] {
        try LedgerRun.header(of: spool.url, delimiter: facts.delimiter)
    }

    private static func writer(_ job: LedgerInteractor.Job, in l: Localization, _ presenter: LedgerPresenter) -> LedgerWriter {
        LedgerWriter(dialect: job.run.dialect, source: job.settings.source, fractionDigits: job.fractionDigits) { row, problem in
            presenter.describe(row: row, problem, in: l)
        }
    }

    /// `invoices.csv` → `invoices-converted.csv`.
    static func convertedName(_ file: String?) -> String {
        guard let file, !file.isEmpty else { return "ledger-converted.csv" }
        let base = (file as NSString).deletingPathExtension
        let safe = String(
            base.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) ? Character($0) : "_" }
                .prefix(80))
        return (safe.isEmpty ? "ledger" : safe) + "-converted.csv"
    }

    static func disposition(_ name: String) -> String { "attachment; filename=\"\(name)\"" }

    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await Core.offThePool(work)
    }
}
