import Core
import Foundation
import ServiceInterfaces
import Web

/// Frankfurter's v1 API, served from this app's ECB reference rates so that a Frankfurter
/// client pointed here gets the answers frankfurter.dev gives (lineofflight/frankfurter,
/// `lib/versions/v1.rb`):
///
/// - `GET /v1/latest` (or `/v1/current`), `GET /v1/2020-03-13` (the last business day on or
///   before it; a future day is the latest), `GET /v1/2020-01-01..2020-01-31` and
///   `GET /v1/2020-01-01..` (to today): `{"amount":1.0,"base":"EUR","date":…,"rates":{…}}`, a
///   range with `start_date`, `end_date` and the rates by day;
/// - `GET /v1/currencies`: the latest day's currencies with RubyMoney's names;
/// - `from`/`base`, `to`/`symbols` (comma-separated) and `amount` (default 1); errors are
///   `{"message":"not found"}` (404) and `{"message":"bad currency pair"|"invalid amount"|"invalid date"}` (422).
///
/// An API with nothing to redirect has no Router: the View answers every request itself.
enum Frankfurter {
    /// Which days were asked for.
    enum Dates: Sendable, Equatable {
        /// `/latest`, `/current`: today's rates, or the last business day's.
        case latest
        /// `/YYYY-MM-DD`: that day's rates, or the last business day's before it.
        case day(CalendarDate)
        /// `/START..END`, `/START..` (`nil`: to today).
        case range(CalendarDate, CalendarDate?)
    }

    /// What was asked, read as Frankfurter reads it.
    struct Query: Sendable, Equatable {
        var dates: Dates
        /// Upper-cased; `EUR` by default.
        var base = "EUR"
        /// Upper-cased, split on commas as written (no trimming); `nil`: every currency.
        var symbols: [String]? = nil
        /// A positive number; `1.0` by default.
        var amount = 1.0
    }

    /// What an answer is made of (its validator's): a day's or a range's, the base, the symbols
    /// and the amount asked for, and the days' rates (whatever day was named: `latest` and its
    /// date are one answer).
    struct AnswerKey: CacheKey {
        let isRange: Bool
        let base: String
        let symbols: [String]?
        let amount: Double
        let days: String
    }

    /// `/v1/currencies`: the currencies' names and the days they are of.
    struct CurrenciesKey: CacheKey {
        let days: String
    }

    /// The answer: the days that have rates for the query, and the currencies to write each day.
    struct Output: Sendable {
        let query: Query
        /// Oldest first; only days with at least one rate to write. A day's answer has one.
        let days: [RateDays.Day]
        /// The currencies to write, sorted by code: each with its column in a day's rates, and
        /// `nil` for the euro (the ECB's base, which has no column of its own to write).
        let currencies: [(code: String, column: Int?)]
        /// The base's column when it is not the euro.
        let baseColumn: Int?
        /// Names the days' rates (``RateDays/fingerprint``), for the `ETag`.
        let fingerprint: String
        /// Whether a later ECB day may still change this answer (it ends on the newest stored day).
        let isCurrent: Bool
        /// The newest ECB day stored.
        let newestDate: CalendarDate?

        var isRange: Bool { if case .range = query.dates { true } else { false } }
    }

    /// `/v1/currencies`: code → name, sorted by code.
    struct CurrencyNames: Sendable, Equatable {
        let names: [(code: String, name: String)]
        let fingerprint: String
        /// The newest ECB day stored (whose currencies these are).
        var newestDate: CalendarDate? = nil

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.fingerprint == rhs.fingerprint && lhs.names.elementsEqual(rhs.names) { $0 == $1 }
        }
    }

    enum Failure: Error, Equatable {
        /// 404 `{"message":"not found"}`: an unknown currency, or no rates for the days asked.
        case notFound
        /// 422 `{"message": …}`: input Frankfurter refuses, with its words.
        case unprocessable(String)
        /// 503: no database to read the rates from.
        case unavailable
        /// 503 to retry in seconds: the days asked for are not stored yet (the bundled history loading).
        case loading(HistoryStillLoading)
    }
}
