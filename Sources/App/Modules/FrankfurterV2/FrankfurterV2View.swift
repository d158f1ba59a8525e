import Core
import Vapor
import Web

/// The `/v2` routes' handlers: read the request, ask the interactor, answer in the format asked
/// (JSON; CSV by a `.csv` suffix or `Accept: text/csv`; NDJSON by `Accept: application/x-ndjson`),
/// with an `ETag` over the query and the stored days, 304 before anything is computed, and
/// `Cache-Control: public` until the rates may change (a day for answers no later day changes).
/// Long answers are sent in pieces. Errors are `{"message": …}`, `no-store`.
struct FrankfurterV2View: Sendable {
    let interactor: FrankfurterV2Interactor
    let presenter: FrankfurterV2Presenter
    let cachePolicy: HTTPCachePolicy
    /// Answers written lately, by `ETag`: the latest blend's is written once per change.
    let rendered: RenderedPageCache
    let now: @Sendable () -> Date

    static let jsonType = "application/json; charset=utf-8"
    static let ndjsonType = "application/x-ndjson"
    static let csvType = "text/csv; charset=utf-8; header=present"
    /// Answers of more records than this are sent in pieces of about this many.
    static let recordsPerPiece = 4_096

    /// Any error under `/v2` as v2 clients read it: `{"message": …}`.
    static let errorShape = ErrorPageMiddleware.Shape(
        applies: { $0.url.path.hasPrefix(SiteURL.Route.frankfurterV2Prefix) || $0.url.path == "/v2" },
        response: { status, message, headers in
            var headers = headers
            headers.replaceOrAdd(name: .contentType, value: jsonType)
            let body = FrankfurterV2Presenter().body(message: FrankfurterView.errorMessage(status) ?? message)
            return Response(status: status, headers: headers, body: .init(buffer: ByteBuffer(bytes: body)))
        })

    enum Format: String, Sendable {
        case json, ndjson, csv

        var contentType: String {
            switch self {
            case .json: jsonType
            case .ndjson: ndjsonType
            case .csv: csvType
            }
        }
    }

    /// `GET /v2/rates`, `/v2/rates.csv`.
    func rates(_ request: Request) async throws -> Response {
        let format = Self.format(of: request)
        do {
            let query = try interactor.query(request.queryItems)
            return try await answer(request, format: format, key: ["rates", query.key], version: try await interactor.version(of: query)) {
                try await interactor.rates(query)
            }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/rate/{base}/{quote}`: one record (JSON, or CSV when asked).
    func rate(_ request: Request) async throws -> Response {
        let values = request.queryItems
        let unknown = values.keys.filter { !["date", "providers"].contains($0) }.sorted()
        guard unknown.isEmpty else { return failure(.unprocessable("unknown parameter: \(unknown.joined(separator: ", "))")) }
        let base = request.parameter(.base) ?? "", quote = request.parameter(.quote) ?? ""
        let format = Self.format(of: request) == .csv ? Format.csv : .json
        do {
            let answer = try await interactor.rate(base: base, quote: quote, date: values["date"], providers: values["providers"])
            let etag = cachePolicy.etag(["v2", "rate", format.rawValue, answer.query.key, answer.version])
            return try await request.respondCaching(directive(etag, current: answer.isCurrent)) {
                let body =
                    format == .csv
                    ? presenter.csvHeader(expanded: false) + presenter.csvRows(answer.records, expanded: false)
                    : presenter.json(answer.records).dropFirst().dropLast()
                return Response(status: .ok, headers: ["Content-Type": format.contentType], body: .init(buffer: ByteBuffer(bytes: body)))
            }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/currencies`.
    func currencies(_ request: Request) async throws -> Response {
        let values = request.queryItems
        let unknown = values.keys.filter { !["scope", "providers"].contains($0) }.sorted()
        guard unknown.isEmpty else { return failure(.unprocessable("unknown parameter: \(unknown.joined(separator: ", "))")) }
        do {
            let listing = try await interactor.currencies(scope: values["scope"], providers: values["providers"])
            return try await json(request, ["currencies", listing.version]) { presenter.json(currencies: listing.items) }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/currency/{code}`.
    func currency(_ request: Request) async throws -> Response {
        guard request.queryItems.isEmpty else {
            return failure(.unprocessable("unknown parameter: \(request.queryItems.keys.sorted().joined(separator: ", "))"))
        }
        do {
            let listing = try await interactor.currency(request.parameter(.code) ?? "")
            return try await json(request, ["currency", listing.version]) { presenter.json(currency: listing.items[0]) }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/providers`.
    func providers(_ request: Request) async throws -> Response {
        guard request.queryItems.isEmpty else {
            return failure(.unprocessable("unknown parameter: \(request.queryItems.keys.sorted().joined(separator: ", "))"))
        }
        do {
            let listing = try await interactor.providerList()
            return try await json(request, ["providers", listing.version]) { presenter.json(providers: listing.items) }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// Any other path under `/v2`: 404 `not found`.
    func notFound(_ request: Request) async throws -> Response { failure(.notFound) }

    // MARK: Answering

    private static func format(of request: Request) -> Format {
        if request.url.path.hasSuffix(".csv") { return .csv }
        let accept = request.headers[.accept].joined(separator: ",").lowercased()
        if accept.contains("application/x-ndjson") { return .ndjson }
        if accept.contains("text/csv") { return .csv }
        return .json
    }

    /// The rates answer: 304 when the client's copy is current, a kept answer when one was
    /// written for this validator, else the records computed and written (in pieces when long).
    private func answer(
        _ request: Request, format: Format, key: [String], version: String,
        records: () async throws -> FrankfurterV2.Rates
    ) async throws -> Response {
        let etag = cachePolicy.etag(["v2"] + key + [format.rawValue, version])
        // The validator names everything the answer is made of: a current copy needs nothing computed.
        guard !request.hasCopy(matching: etag) else {
            let response = Response(status: .notModified)
            directive(etag, current: true).apply(to: response)
            return response
        }
        if let kept = rendered.response(for: etag, gzip: cachePolicy.sendsGzip(to: request)) { return kept }
        let answer = try await records()
        let directive = directive(etag, current: answer.isCurrent)
        let response = Response(status: .ok, headers: ["Content-Type": format.contentType])
        let records = answer.records, expanded = answer.query.expandProviders, presenter = presenter
        if records.count <= Self.recordsPerPiece {
            response.body = .init(
                buffer: ByteBuffer(bytes: Self.write(records[...], format: format, expanded: expanded, first: true, last: true, presenter)))
            directive.apply(to: response)
            rendered.keep(response, for: etag)
            return response
        }
        response.body = .init(asyncStream: { writer in
            var start = 0
            while start < records.count {
                let end = min(records.count, start + Self.recordsPerPiece)
                let bytes = Self.write(
                    records[start..<end], format: format, expanded: expanded, first: start == 0, last: end == records.count, presenter)
                try await writer.write(.buffer(ByteBuffer(bytes: bytes)))
                start = end
            }
            try await writer.write(.end)
        })
        directive.apply(to: response)
        return response
    }

    /// A piece of the answer: the JSON array's opening and closing around the first and last,
    /// the CSV header before the first.
    private static func write(
        _ records: ArraySlice<FrankfurterV2.Record>, format: Format, expanded: Bool, first: Bool, last: Bool,
        _ presenter: FrankfurterV2Presenter
    ) -> [UInt8] {
        switch format {
        case .ndjson: return presenter.ndjson(records)
        case .csv: return (first ? presenter.csvHeader(expanded: expanded) : []) + presenter.csvRows(records, expanded: expanded)
        case .json:
            var bytes = presenter.json(records)
            if !first { bytes[0] = UInt8(ascii: ",") }
            if !last { bytes.removeLast() }
            if !first && records.isEmpty { return last ? [UInt8(ascii: "]")] : [] }
            return bytes
        }
    }

    private func json(_ request: Request, _ key: [String], body: () -> [UInt8]) async throws -> Response {
        let directive = directive(cachePolicy.etag(["v2"] + key), current: true)
        return try await request.respondCaching(directive) {
            Response(status: .ok, headers: ["Content-Type": Self.jsonType], body: .init(buffer: ByteBuffer(bytes: body())))
        }
    }

    /// Public until the rates may change; a day for an answer no later day can change.
    private func directive(_ etag: String, current: Bool) -> CacheDirective {
        CacheDirective(
            etag: etag, maxAge: current ? cachePolicy.maxAge(now: now()) : 86_400, shared: true,
            vary: cachePolicy.compresses ? ["Accept", "Accept-Encoding"] : ["Accept"])
    }

    private func failure(_ failure: FrankfurterV2.Failure) -> Response {
        let status: HTTPStatus =
            switch failure {
            case .notFound: .notFound
            case .unprocessable: .unprocessableEntity
            case .unavailable: .serviceUnavailable
            }
        var headers: HTTPHeaders = ["Content-Type": Self.jsonType]
        if failure == .unavailable { headers.add(name: .retryAfter, value: "60") }
        return Response(status: status, headers: headers, body: .init(buffer: ByteBuffer(bytes: presenter.body(failure))))
    }
}
