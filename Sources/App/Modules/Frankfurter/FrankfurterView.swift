import Core
import ServiceInterfaces
import Vapor
import Web

/// The `/v1` routes' handlers: read the request, ask the interactor, answer with Frankfurter's
/// JSON, its statuses and HTTP caching: an `ETag` over what the answer is made of (the query
/// and the days' snapshots), `If-None-Match` answered with 304 before anything is written, and
/// `Cache-Control: public` until the ECB's next publication is due (a day for answers no later
/// day can change; five minutes while a due publication is not stored yet). Errors are
/// `no-store` (``SecurityHeadersMiddleware``).
struct FrankfurterView: Sendable {
    let interactor: FrankfurterInteractor
    let presenter: FrankfurterPresenter
    let cachePolicy: HTTPCachePolicy
    let now: @Sendable () -> Date

    /// How long a copy of an answer may be kept while the ECB's due publication is not stored yet.
    static let behindMaxAge = 300
    static let contentType = "application/json; charset=utf-8"

    /// Any error under `/v1` (a wrong method, a malformed address, an outage) as Frankfurter's
    /// clients read it: `{"message": …}`, in its own lowercase words for the statuses they compare.
    static let errorShape = ErrorPageMiddleware.Shape(
        applies: { $0.url.path.hasPrefix(SiteURL.Route.frankfurterPrefix) || $0.url.path == "/v1" },
        response: { status, message, headers in
            var headers = headers
            headers.replaceOrAdd(name: .contentType, value: contentType)
            let message = FrankfurterPresenter.errorMessage(status: status.code) ?? message
            return Response(status: status, headers: headers, bytes: FrankfurterPresenter().body(message: message))
        })

    /// `GET /v1/latest`, `/v1/current`, `/v1/2020-03-13`, `/v1/2020-01-01..2020-01-31`, `/v1/2020-01-01..`.
    func rates(_ request: Request) async throws -> Response {
        let values = request.queryItems
        let segment = request.parameter(.dates) ?? request.url.path.split(separator: "/").last.map(String.init) ?? ""
        let output: Frankfurter.Output
        do {
            let query = try interactor.query(
                dates: segment, from: values["from"], base: values["base"], to: values["to"], symbols: values["symbols"],
                amount: values["amount"])
            output = try await interactor.quote(query)
        } catch {
            return failure(error)
        }
        let query = output.query
        let directive = cachePolicy.directive(
            Frankfurter.AnswerKey(
                isRange: output.isRange, base: query.base, symbols: query.symbols, amount: query.amount, days: output.fingerprint),
            maxAge: maxAge(current: output.isCurrent, newest: output.newestDate))
        return try await request.respondCaching(directive) {
            let headers: HTTPHeaders = ["Content-Type": Self.contentType]
            guard let whole = presenter.whole(output) else { return Response(headers: headers, streaming: presenter.pieces(of: output)) }
            return Response(headers: headers, bytes: whole)
        }
    }

    /// `GET /v1/currencies`.
    func currencies(_ request: Request) async throws -> Response {
        let currencies: Frankfurter.CurrencyNames
        do {
            currencies = try await interactor.currencies()
        } catch {
            return failure(error)
        }
        let directive = cachePolicy.directive(
            Frankfurter.CurrenciesKey(days: currencies.fingerprint), maxAge: maxAge(current: true, newest: currencies.newestDate))
        return try await request.respondCaching(directive) {
            Response(headers: ["Content-Type": Self.contentType], bytes: presenter.body(currencies))
        }
    }

    /// Any other path under `/v1`: Frankfurter's 404.
    func notFound(_ request: Request) async throws -> Response {
        failure(.notFound)
    }

    /// Until the next publication is due, at most a day; a day when no later day can change
    /// the answer; briefly while a publication that is due has not been stored.
    private func maxAge(current: Bool, newest: CalendarDate?) -> Int {
        guard current else { return 86_400 }
        let now = now()
        guard let newest, newest >= ECBPublicationSchedule.latestDue(at: now) else { return Self.behindMaxAge }
        let untilNext = Int(ECBPublicationSchedule.next(after: now).timeIntervalSince(now).rounded(.up))
        return max(60, min(86_400, untilNext))
    }

    private func failure(_ failure: Frankfurter.Failure) -> Response {
        Self.response(to: failure, contentType: Self.contentType, body: presenter.body(failure))
    }
}
