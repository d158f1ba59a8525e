import Foundation

/// Rates as a provider published them, before they are checked and stored.
struct FetchedRates: Sendable, Equatable {
    let source: String
    let baseCurrency: String
    let effectiveDate: CalendarDate
    /// Units of each currency per one unit of the base, exactly as published.
    let rates: [String: Decimal]

    func snapshot(storedAt: Date) -> RateSnapshot {
        RateSnapshot(source: source, baseCurrency: baseCurrency, effectiveDate: effectiveDate, storedAt: storedAt, rates: rates)
    }
}

/// An upstream that publishes current exchange rates.
protocol RatesProvider: Sendable {
    var source: RateSource { get }
    func fetchLatest() async throws(RatesProviderError) -> FetchedRates
}

/// Why a fetch stored nothing. Each reads as the end of "The refresh failed: …".
enum RatesProviderError: Error, Equatable, CustomStringConvertible {
    case timedOut(seconds: Double)
    case unreachable(String)
    case httpStatus(Int)
    /// Not the document expected: HTML, garbage, a truncated download, missing fields.
    case unreadable(String)
    /// The provider answered with an error of its own (ExchangeRate-API's `result: error`).
    case providerError(String)
    /// A readable document whose rates break the refresh rules.
    case invalidRates(String)

    var description: String {
        switch self {
        case .timedOut(let seconds): "no answer within \(Self.format(seconds)) second\(seconds == 1 ? "" : "s")"
        case .unreachable(let detail): "could not connect (\(detail))"
        case .httpStatus(let status): "the server answered HTTP \(status)"
        case .unreadable(let detail): "the answer is not a rates document: \(detail)"
        case .providerError(let detail): "the provider reported an error: \(detail)"
        case .invalidRates(let detail): "the rates were rejected: \(detail)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
