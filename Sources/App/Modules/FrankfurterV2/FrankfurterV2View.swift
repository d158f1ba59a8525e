import Core
import ServiceInterfaces
import Vapor
import Web

/// The `/v2` routes' handlers: read the request, ask the interactor, answer in the format asked
/// (``FrankfurterV2/Format``), with an `ETag` over the query and the stored days, 304 before
/// anything is computed, and `Cache-Control: public` until the rates may change (a day for
/// answers no later day changes). Long answers are sent in pieces. Errors are `{"message": …}`.
struct FrankfurterV2View: Sendable {
    let interactor: FrankfurterV2Interactor
    let presenter: FrankfurterV2Presenter
    let cachePolicy: HTTPCachePolicy
    let now: @Sendable () -> Date

    /// Any error under `/v2` as v2 clients read it: `{"message": …}`.
    static let errorShape = ErrorPageMiddleware.Shape(
        applies: { $0.url.path.hasPrefix(SiteURL.Route.frankfurterV2Prefix) || $0.url.path == "/v2" },
        response: { status, message, headers in
            var headers = headers
            headers.replaceOrAdd(name: .contentType, value: FrankfurterV2.Format.json.contentType)
            let message = FrankfurterPresenter.errorMessage(status: status.code) ?? message
            return Response(status: status, headers: headers, bytes: FrankfurterV2Presenter().body(message: message))
        })

    /// `GET /v2/rates`, `/v2/rates.csv`: the answer kept by its validator, a long one sent in pieces.
    func rates(_ request: Request) async throws -> Response {
        let format = Self.format(of: request)
        do {
            let query = try interactor.query(request.queryItems)
            let key = FrankfurterV2.AnswerKey(endpoint: "rates", format: format, query: query, basis: try await interactor.basis(of: query))
            return try await request.respondCaching(directive(key, current: interactor.isCurrent(query)), keep: .byValidator) {
                let pieces = presenter.pieces(of: try await interactor.rates(query), as: format)
                let headers: HTTPHeaders = ["Content-Type": format.contentType]
                guard let whole = pieces.whole else { return Response(headers: headers, streaming: pieces) }
                return Response(headers: headers, bytes: whole)
            }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/rate/{base}/{quote}`: one record (JSON, or CSV when asked).
    func rate(_ request: Request) async throws -> Response {
        let values = request.queryItems
        if let refused = Self.unknown(values, allowed: ["date", "providers", "side"]) { return failure(refused) }
        let format: FrankfurterV2.Format = Self.format(of: request) == .csv ? .csv : .json
        do {
            let answer = try await interactor.rate(
                base: request.parameter(.base) ?? "", quote: request.parameter(.quote) ?? "", date: values["date"],
                providers: values["providers"], side: values["side"])
            let key = FrankfurterV2.AnswerKey(endpoint: "rate", format: format, query: answer.query, basis: answer.basis)
            return try await request.respondCaching(directive(key, current: answer.isCurrent)) {
                Response(headers: ["Content-Type": format.contentType], bytes: presenter.single(answer.records[0], as: format))
            }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/currencies`.
    func currencies(_ request: Request) async throws -> Response {
        let values = request.queryItems
        if let refused = Self.unknown(values, allowed: ["scope", "providers"]) { return failure(refused) }
        do {
            let listing = try await interactor.currencies(scope: values["scope"], providers: values["providers"])
            return try await json(request, .init(endpoint: "currencies", basis: listing.basis)) {
                presenter.json(currencies: listing.items)
            }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/currency/{code}`.
    func currency(_ request: Request) async throws -> Response {
        if let refused = Self.unknown(request.queryItems, allowed: []) { return failure(refused) }
        do {
            let listing = try await interactor.currency(request.parameter(.code) ?? "")
            return try await json(request, .init(endpoint: "currency", basis: listing.basis)) { presenter.json(currency: listing.items[0]) }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/providers`.
    func providers(_ request: Request) async throws -> Response {
        if let refused = Self.unknown(request.queryItems, allowed: []) { return failure(refused) }
        do {
            let listing = try await interactor.providerList()
            return try await json(request, .init(endpoint: "providers", basis: listing.basis)) { presenter.json(providers: listing.items) }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/providers/{key}`: one provider, blended or not, with its kind and cadence.
    func provider(_ request: Request) async throws -> Response {
        if let refused = Self.unknown(request.queryItems, allowed: []) { return failure(refused) }
        do {
            let listing = try await interactor.provider(request.parameter(.key) ?? "")
            return try await json(request, .init(endpoint: "provider", basis: listing.basis)) { presenter.json(provider: listing.items[0]) }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// `GET /v2/providers/{key}/rates` (`.csv`): `/v2/rates`' parameters but `providers`, answered
    /// from that provider's own days.
    func providerRates(_ request: Request) async throws -> Response {
        let format = Self.format(of: request)
        let values = request.queryItems
        if values["providers"] != nil { return failure(.unprocessable("unknown parameter: providers")) }
        do {
            let source = try interactor.servedProvider(request.parameter(.key) ?? "")
            var query = try interactor.query(values)
            query.providers = [source.id]
            let key = FrankfurterV2.AnswerKey(
                endpoint: "provider-rates", format: format, query: query, basis: try await interactor.ownBasis(of: source, side: query.side)
            )
            return try await request.respondCaching(directive(key, current: interactor.isCurrent(query)), keep: .byValidator) {
                let pieces = presenter.pieces(of: try await interactor.ownRates(of: source, query), as: format)
                let headers: HTTPHeaders = ["Content-Type": format.contentType]
                guard let whole = pieces.whole else { return Response(headers: headers, streaming: pieces) }
                return Response(headers: headers, bytes: whole)
            }
        } catch let failure as FrankfurterV2.Failure {
            return self.failure(failure)
        }
    }

    /// Any other path under `/v2`: 404 `not found`.
    func notFound(_ request: Request) async throws -> Response { failure(.notFound) }

    // MARK: Answering

    private static func format(of request: Request) -> FrankfurterV2.Format {
        if request.url.path.hasSuffix(".csv") { return .csv }
        let accept = request.headers[.accept].joined(separator: ",").lowercased()
        if accept.contains("application/x-ndjson") { return .ndjson }
        if accept.contains("text/csv") { return .csv }
        return .json
    }

    /// 422 `unknown parameter: …` naming the parameters not in `allowed`, if any.
    private static func unknown(_ values: [String: String], allowed: Set<String>) -> FrankfurterV2.Failure? {
        let unknown = values.keys.filter { !allowed.contains($0) }.sorted()
        return unknown.isEmpty ? nil : .unprocessable("unknown parameter: \(unknown.joined(separator: ", "))")
    }

    /// The answer kept for its validator, made by `body` only when none is.
    private func json(_ request: Request, _ key: FrankfurterV2.AnswerKey, body: () -> [UInt8]) async throws -> Response {
        try await request.respondCaching(directive(key, current: true), keep: .byValidator) {
            Response(headers: ["Content-Type": FrankfurterV2.Format.json.contentType], bytes: body())
        }
    }

    /// Public until the rates may change; a day for an answer no later day can change.
    private func directive(_ key: FrankfurterV2.AnswerKey, current: Bool) -> CacheDirective {
        cachePolicy.directive(key, maxAge: current ? cachePolicy.maxAge(now: now()) : 86_400, varies: ["Accept"])
    }

    private func failure(_ failure: FrankfurterV2.Failure) -> Response {
        FrankfurterView.response(to: failure, contentType: FrankfurterV2.Format.json.contentType, body: presenter.body(failure))
    }
}
