import Core
import Vapor
import Web

/// The converter's JSON API: the same interactor as the page, another view. Errors are RFC 9457
/// problem documents with 400 (malformed request), 404 (no such currency), 422 (invalid input)
/// or 503 (no rates yet).
struct ConverterAPIView: Sendable {
    let interactor: ConverterInteractor
    let presenter: ConverterAPIPresenter
    let cachePolicy: HTTPCachePolicy
    let now: @Sendable () -> Date

    /// `GET /api/v1/currencies`.
    func currencies(_ request: Request) async throws -> Response {
        let currencies: [Currency], snapshot: RateSnapshot
        do {
            (currencies, snapshot) = try await interactor.currencies()
        } catch .ratesUnavailable {
            return try unavailable(request)
        }
        // The answer is its validator's (the rates' version names it whole): kept, not written
        // again for every request (160 currencies' JSON took about half a millisecond).
        return try await request.respondCaching(
            caching(.init(endpoint: "currencies", base: nil, rates: snapshot.versionKey)), keep: .byValidator
        ) {
            try .json(presenter.present(currencies: currencies, snapshot: snapshot))
        }
    }

    /// `GET /api/v1/rates/latest?base=USD`.
    func latestRates(_ request: Request) async throws -> Response {
        let base = request.queryItems["base"]
        let latest: Converter.LatestRates
        do {
            latest = try await interactor.latestRates(base: base)
        } catch .ratesUnavailable {
            return try unavailable(request)
        } catch {
            return try presenter.problem(error, instance: request.url.string).response()
        }
        return try await request.respondCaching(
            caching(.init(endpoint: "latest", base: base, rates: latest.snapshot.versionKey)), keep: .byValidator
        ) {
            try .json(presenter.present(latest))
        }
    }

    /// `GET /api/v1/convert?from=USD&to=EUR&amount=100`, `&date=2020-03-15` on a past day's
    /// rates, `&source=nbp` with one provider's (the default source's otherwise), `&side=buying`
    /// at the publisher's buying (or selling) rate of the same day.
    func convert(_ request: Request) async throws -> Response {
        let query = request.queryFields
        let (from, to, amount) = (query["from"], query["to"], query["amount"])
        guard !Self.isBlank(from), !Self.isBlank(to), !Self.isBlank(amount) else {
            let missing = [("from", from), ("to", to), ("amount", amount)].filter { Self.isBlank($0.1) }.map(\.0)
            return try presenter.problem(missing: missing, instance: request.url.string).response()
        }
        let checked = Converter.Query(
            Converter.Input(from: from, to: to, amount: amount, date: query["date"], source: query["source"], side: query["side"]))
        let output: Converter.Output
        do {
            output = try await interactor.show(checked)
        } catch .ratesUnavailable {
            return try unavailable(request)
        } catch .historyLoading(let loading) {
            throw loading
        }
        switch output.outcome {
        case .converted:
            // Answers of a pair differ only in their amount's texts: the key and those texts name the answer.
            guard let frame = ConverterAPIPresenter.frame(of: output) else { throw Abort(.internalServerError) }
            let key = DerivedCacheKey(frame.key)
            return try await request.respondCaching(
                cachePolicy.directive(key, texts: frame.texts.texts, language: nil, now: now(), shared: true, variesWithCookie: false)
            ) {
                .json(try request.json(key: key, texts: frame.texts) { presenter.present(output, texts: $0) })
            }
        case .invalid(let errors):
            return try ConverterAPIPresenter.problem(invalid: errors, instance: request.url.string).response()
        case .noAmount:
            // Unreachable: an empty amount is refused above as a missing parameter.
            throw Abort(.badRequest, reason: "amount is required.")
        }
    }

    /// The same question (the endpoint and the parameters it reads) over the same rates is the
    /// same answer, for anyone: shared caches may keep it.
    private func caching(_ key: Converter.RatesAnswerKey) -> CacheDirective {
        cachePolicy.directive(key, language: nil, now: now(), shared: true, variesWithCookie: false)
    }

    /// Absent, empty or only spaces. A value that starts with a visible ASCII character (every
    /// real one) is known not to be, without Foundation's trimming.
    private static func isBlank(_ value: String?) -> Bool {
        guard let value else { return true }
        if let first = value.utf8.first, first > 0x20, first < 0x7F { return false }
        return value.trimmingCharacters(in: .whitespaces).isEmpty
    }

    private func unavailable(_ request: Request) throws -> Response {
        try presenter.unavailable(instance: request.url.string).response(headers: ["Retry-After": "60"])
    }
}
