import Core
import Foundation

/// Rates as a provider published them, before they are checked and stored.
package struct FetchedRates: Sendable, Equatable {
    package let source: RateSourceID
    package let baseCurrency: String
    package let effectiveDate: CalendarDate
    /// Each currency's rate exactly as published (per one unit, where the publisher quotes
    /// per 10 or 100), written as ``quotation`` says.
    package let rates: [String: Decimal]
    package let quotation: Quotation
    /// The currencies written the other way from ``quotation`` (``RateSnapshot/reversed``).
    package let reversed: Set<String>

    package init(
        source: RateSourceID, baseCurrency: String, effectiveDate: CalendarDate, rates: [String: Decimal],
        quotation: Quotation = .unitsPerBase, reversed: Set<String> = []
    ) {
        self.source = source
        self.baseCurrency = baseCurrency
        self.effectiveDate = effectiveDate
        self.rates = rates
        self.quotation = quotation
        self.reversed = reversed
    }

    /// This day with `other`'s currencies too (the same day's document of another series);
    /// where both quote a currency, `other`'s rate, written `other`'s way.
    package func adding(_ other: FetchedRates) -> FetchedRates {
        FetchedRates(
            source: source, baseCurrency: baseCurrency, effectiveDate: effectiveDate, rates: rates.merging(other.rates) { $1 },
            quotation: quotation, reversed: reversed.subtracting(other.rates.keys).union(other.reversed))
    }

    package func snapshot(storedAt: Date) -> RateSnapshot {
        RateSnapshot(
            source: source, baseCurrency: baseCurrency, effectiveDate: effectiveDate, storedAt: storedAt, rates: rates,
            quotation: quotation,
            reversed: reversed)
    }
}

/// An upstream that publishes current exchange rates.
package protocol RatesProvider: Sendable {
    var source: RateSource { get }
    func fetchLatest() async throws(RatesProviderError) -> FetchedRates
    /// The fewest currencies one of its days may quote and be stored (``RatesValidator``).
    var minimumCurrencies: Int { get }
}

extension RatesProvider {
    package var minimumCurrencies: Int { RatesValidator.minimumCurrencies }
}

/// Why a fetch stored nothing. Each reads as the end of "The refresh failed: …". The details
/// a library or a provider wrote (a connection error, a parser's complaint, the provider's own
/// error code) are quoted as they are; the rest is a ``Message`` each page writes in its language.
package enum RatesProviderError: Error, Equatable, CustomStringConvertible {
    case timedOut(seconds: Double)
    case unreachable(String)
    case httpStatus(Int)
    /// Not the document expected: HTML, garbage, a truncated download, missing fields.
    case unreadable(String)
    /// The provider answered with an error of its own (ExchangeRate-API's `result: error`).
    case providerError(String)
    /// A readable document whose rates break the refresh rules (``RatesValidator``).
    case invalidRates(Message)
    /// The answer, or what it unpacks to, passed the bound that keeps any one document from
    /// filling memory: read no further.
    case tooLarge(Bound)

    /// What grew past its bound, and the bound.
    package enum Bound: Equatable, Sendable {
        /// The provider's answer as downloaded (``HTTPDocumentFetcher/maxBytes``).
        case answer(megabytes: Int)
        /// The CSV a history archive inflates to (``ECBHistoryArchive/maxCSVBytes``).
        case archiveCSV(megabytes: Int)
    }

    /// What kind of failure it is, for a metric's label: `timed-out`, `unreachable`,
    /// `http-status`, `unreadable`, `provider-error`, `invalid-rates` (refused by validation), `too-large`.
    package var category: String {
        switch self {
        case .timedOut: "timed-out"
        case .unreachable: "unreachable"
        case .httpStatus: "http-status"
        case .unreadable: "unreadable"
        case .providerError: "provider-error"
        case .invalidRates: "invalid-rates"
        case .tooLarge: "too-large"
        }
    }

    package var message: Message {
        switch self {
        case .timedOut(let seconds):
            seconds == 1
                ? Message("no answer within {seconds} second", ["seconds": .number("1")])
                : Message("no answer within {seconds} seconds", ["seconds": .number(Self.format(seconds))])
        case .unreachable(let detail): Message("could not connect ({detail})", ["detail": .text(detail)])
        case .httpStatus(let status): Message("the server answered HTTP {status}", ["status": .text(String(status))])
        case .unreadable(let detail): Message("the answer is not a rates document: {detail}", ["detail": .text(detail)])
        case .providerError(let detail): Message("the provider reported an error: {detail}", ["detail": .text(detail)])
        case .invalidRates(let reason): Message("the rates were rejected: {reason}", ["reason": .message(reason)])
        case .tooLarge(.answer(let megabytes)):
            Message("the answer is larger than {size} MB", ["size": .number(String(megabytes))])
        case .tooLarge(.archiveCSV(let megabytes)):
            Message("the archive's CSV is larger than {size} MB", ["size": .number(String(megabytes))])
        }
    }

    package var description: String { message.english }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
