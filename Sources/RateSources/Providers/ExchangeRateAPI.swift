import Core
import Foundation

extension RateSource {
    /// ExchangeRate-API's open endpoint: about 160 currencies against USD, no key — the kind of
    /// source the original app used. A company's, never blended.
    package static let exchangeRateAPI: RateSource = {
        var source = commercial("exchangerate-api", "ExchangeRate-API", website: "https://www.exchangerate-api.com")
        // The endpoint asked for is the dollar's (`/latest/USD`).
        source.homeCurrency = "USD"
        return source
    }()
}

extension ProviderDeclaration {
    /// One document, the newest rates (`RATES_PROVIDER_URL` may give it an address of its own
    /// while ExchangeRate-API is the default source): stored unless it is the one stored.
    static let exchangeRateAPI: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .exchangeRateAPI, origin: "https://open.er-api.com", documents: .newestOnly,
            parse: { data throws(RatesProviderError) in [try ExchangeRateAPIDocument.parse(data)] })
        declaration.latest = DocumentRequest.get("/v6/latest/USD").named("latest")
        return declaration
    }()
}

/// Reads ExchangeRate-API's open endpoint (`open.er-api.com/v6/latest/USD`): `result`
/// (`success` or `error` with `error-type`), `base_code`, `time_last_update_unix` and `rates`
/// (code to number, the base itself included as 1).
private enum ExchangeRateAPIDocument {
    private struct Document: Decodable {
        let result: String?
        let errorType: String?
        let baseCode: String?
        let timeLastUpdateUnix: Int64?
        /// Foundation's JSON decoder reads `Decimal` from the number's digits, not via `Double`.
        let rates: [String: Decimal]?

        enum CodingKeys: String, CodingKey {
            case result
            case errorType = "error-type"
            case baseCode = "base_code"
            case timeLastUpdateUnix = "time_last_update_unix"
            case rates
        }
    }

    static func parse(_ data: Data) throws(RatesProviderError) -> FetchedRates {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw .unreadable(describe(error))
        } catch {
            throw .unreadable("not JSON")
        }
        switch document.result {
        case "success": break
        case "error": throw .providerError(document.errorType ?? "no error-type given")
        case let other: throw .unreadable("result is \(other.map { "“\($0)”" } ?? "missing")")
        }
        guard let base = document.baseCode else { throw .unreadable("base_code is missing") }
        guard let time = document.timeLastUpdateUnix else { throw .unreadable("time_last_update_unix is missing") }
        guard let rates = document.rates else { throw .unreadable("rates are missing") }
        return FetchedRates(
            source: RateSource.exchangeRateAPI.id, baseCurrency: base,
            effectiveDate: CalendarDate(containing: Date(timeIntervalSince1970: TimeInterval(time))),
            rates: rates)
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: "not valid JSON"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is not what was expected"
        case .keyNotFound(let key, _): "\(key.stringValue) is missing"
        @unknown default: "not the expected JSON"
        }
    }
}
