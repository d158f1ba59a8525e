import Core
import Vapor
import Web

/// `GET /api/v1/prices`: reads and checks the query, asks the interactor, streams the presenter's
/// lines. Errors are RFC 9457 problem documents: 400 (`base` or `from` missing or empty), 422 (a
/// malformed value, a source without rates), 404 (no prices in the range), 503 (no rates yet, or
/// the history loading).
struct PricesView: Sendable {
    let interactor: PricesInteractor
    let presenter: PricesPresenter
    let now: @Sendable () -> Date

    func prices(_ request: Request) async throws -> Response {
        let instance = request.url.string
        let query: Prices.Query
        do {
            query = try Self.query(request.queryItems, today: CalendarDate(containing: now()))
        } catch {
            return try problem(error, instance: instance).response()
        }
        let output: Prices.Output
        do {
            output = try await interactor.prices(query)
        } catch let failure as Prices.Failure {
            // No rates yet: try again in a minute, as the converter's API says.
            return try problem(failure, instance: instance).response(headers: failure == .unavailable ? ["Retry-After": "60"] : [:])
        }
        return Response(
            headers: .download(query.format.contentType, fileName: presenter.fileName(of: query)), streaming: presenter.pieces(of: output))
    }

    /// The query's values, each checked once: `base` (required), `quotes`, `from` (required),
    /// `to` (today when absent), `source`, `format` (`json` when absent), `invert`, `side` (`mid` when absent).
    static func query(_ items: [String: String], today: CalendarDate) throws(Prices.Failure) -> Prices.Query {
        func code(_ text: String, _ parameter: String) throws(Prices.Failure) -> String {
            let code = text.trimmingCharacters(in: .whitespaces).uppercased()
            guard Currency.isWellFormedCode(code) else {
                throw .invalid(parameter: parameter, reason: "“\(text.prefix(16))” is not a three-letter currency code.")
            }
            return code
        }
        func day(_ parameter: String) throws(Prices.Failure) -> CalendarDate? {
            guard let text = items[parameter], !text.isEmpty else { return nil }
            guard let day = CalendarDate(iso8601: text) else {
                throw .invalid(parameter: parameter, reason: "“\(text.prefix(16))” is not a day written YYYY-MM-DD.")
            }
            return day
        }
        func required(_ parameter: String) throws(Prices.Failure) -> String {
            guard let text = items[parameter], !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw .missing(parameter: parameter)
            }
            return text
        }
        let base = try code(try required("base"), "base")
        var quotes: [String]?
        if let list = items["quotes"], !list.isEmpty {
            let texts = list.split(separator: ",", omittingEmptySubsequences: false)
            guard texts.count <= Prices.Query.maximumQuotes else {
                throw .invalid(parameter: "quotes", reason: "At most \(Prices.Query.maximumQuotes) currencies.")
            }
            var codes: [String] = []
            for text in texts { codes.append(try code(String(text), "quotes")) }
            quotes = codes
        }
        _ = try required("from")
        guard let from = try day("from") else { throw .missing(parameter: "from") }
        let to = try day("to") ?? today
        guard from <= to else { throw .invalid(parameter: "to", reason: "to (\(to)) is before from (\(from)).") }
        guard to <= today else { throw .invalid(parameter: "to", reason: "to (\(to)) is after today (\(today)).") }
        var source: RateSourceID?
        if let text = items["source"], !text.isEmpty {
            guard let id = RateSourceID(text.lowercased()) else {
                throw .invalid(parameter: "source", reason: "“\(text.prefix(24))” is not a source's id.")
            }
            source = id
        }
        let formatText = items["format"].flatMap { $0.isEmpty ? nil : $0 } ?? Prices.Format.json.rawValue
        guard let format = Prices.Format(rawValue: formatText.lowercased()) else {
            throw .invalid(parameter: "format", reason: "format is one of ledger, beancount, csv and json.")
        }
        let invertText = (items["invert"] ?? "false").lowercased()
        guard ["true", "false", "1", "0", ""].contains(invertText) else {
            throw .invalid(parameter: "invert", reason: "invert is true or false.")
        }
        let sideText = items["side"].flatMap { $0.isEmpty ? nil : $0 } ?? RateSide.mid.rawValue
        guard let side = RateSide(asked: sideText) else {
            throw .invalid(parameter: "side", reason: "side is one of mid, buying and selling.")
        }
        return Prices.Query(
            base: base, quotes: quotes, days: from...to, source: source, format: format, invert: invertText == "true" || invertText == "1",
            side: side)
    }

    private func problem(_ failure: Prices.Failure, instance: String) -> ProblemDetails {
        switch failure {
        case .unknownSource(let id):
            ProblemDetails(
                type: ProblemDetails.Kind.invalidParameter.uri, title: "Invalid parameter", status: 422,
                detail: "\(id.rawValue) is not a source with rates here.", instance: instance,
                errors: ["source": "Use blend or a provider's id listed at /v2/providers."])
        case .missing(let parameter):
            ProblemDetails(
                type: ProblemDetails.Kind.missingParameter.uri, title: "Missing parameter", status: 400,
                detail: "Give \(parameter): \(SiteURL.apiPrices.path)?base=EUR&quotes=USD&from=2026-01-01&format=ledger",
                instance: instance,
                errors: [parameter: "This parameter is required."])
        case .invalid(let parameter, let reason):
            ProblemDetails(
                type: ProblemDetails.Kind.invalidParameter.uri, title: "Invalid parameter", status: 422, detail: reason, instance: instance,
                errors: [parameter: reason])
        case .noPrices:
            ProblemDetails(
                type: ProblemDetails.Kind.unknownCurrency.uri, title: "No prices", status: 404,
                detail: "No stored day in the range has a rate of the base against any of the quotes.", instance: instance)
        case .unavailable:
            ProblemDetails(
                type: ProblemDetails.Kind.ratesUnavailable.uri, title: "Rates not available", status: 503,
                detail: "No exchange rates have been stored yet. Try again in a moment.", instance: instance)
        }
    }
}
