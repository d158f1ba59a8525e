import Core
import Foundation

/// `GET /api/v1/prices`: a source's rates of one base currency against others over a run of
/// days, as the price lines plain-text accounting reads (Ledger and hledger's `P` directives,
/// Beancount's `price`), as CSV in pricehist's columns, or as JSON.
enum Prices {
    enum Format: String, CaseIterable, Sendable {
        case ledger, beancount, csv, json

        var contentType: String {
            switch self {
            case .ledger, .beancount: "text/plain; charset=utf-8"
            case .csv: "text/csv; charset=utf-8"
            case .json: "application/json; charset=utf-8"
            }
        }

        /// The downloaded file's extension.
        var fileExtension: String {
            switch self {
            case .ledger: "journal"
            case .beancount: "beancount"
            case .csv: "csv"
            case .json: "json"
            }
        }
    }

    /// What was asked, checked at the edge.
    struct Query: Sendable, Equatable {
        let base: String
        /// `nil`: every currency the source quotes now.
        let quotes: [String]?
        let days: ClosedRange<CalendarDate>
        /// `nil`: the default source.
        let source: RateSourceID?
        let format: Format
        /// Each price the other way: one unit of the quote in the base.
        let invert: Bool
        /// The provider's buying or selling rates, where it writes them; its mid by default.
        var side: RateSide = .mid

        /// The most quotes one request may name.
        static let maximumQuotes = 250
    }

    /// The pair series the prices come from: each quote's stored days in the range, oldest first.
    struct Output: Sendable {
        let query: Query
        let source: RateSource
        let series: [(quote: String, points: ArraySlice<RatePoint>)]
    }

    /// Why there are no prices to give.
    enum Failure: Error, Equatable {
        /// A required parameter absent, empty or only spaces (400).
        case missing(parameter: String)
        /// A parameter that is not what it must be: its name and why, in English (the API's language) (422).
        case invalid(parameter: String, reason: String)
        /// A source that has no rates here (a provider not fetched, or none of that name).
        case unknownSource(RateSourceID)
        /// No stored day in the range quotes the base and any of the quotes.
        case noPrices
        case unavailable
    }
}
