import Core
import Foundation
import ServiceInterfaces
import Web

/// Frankfurter's v2 API (its published OpenAPI document, 2.1.1), served from the blend of the
/// official providers' rates and from each provider's own:
///
/// - `GET /v2/rates` (`date`, or `from`/`to`; `base`, `quotes`, `providers`, `group=week|month`,
///   `expand=providers`, `side=buying|selling|mid` of one provider): an array of `{date, base, quote, rate}`, the base's identity record
///   included; `/v2/rates.csv` or `Accept: text/csv` as CSV, `Accept: application/x-ndjson` as
///   one record per line, streamed;
/// - `GET /v2/rate/{base}/{quote}` (`date`, `providers`, `side`): one record;
/// - `GET /v2/currencies` (`scope=all`, `providers`), `GET /v2/currency/{code}`, `GET /v2/providers`.
///
/// Errors are `{"message": …}`: 422 for input it refuses (`invalid date`, `invalid currency: XYZ`,
/// `unknown parameter: x`…), 404 `not found` when no rates answer, 503 without a database.
/// An API with nothing to redirect has no Router: the View answers every request itself.
enum FrankfurterV2 {
    /// What `/v2/rates` was asked, read and checked.
    struct Query: Sendable, Equatable, Encodable {
        enum Dates: Sendable, Equatable, Encodable {
            /// Today's blend: each provider's newest day.
            case latest
            case day(CalendarDate)
            case range(CalendarDate, CalendarDate)
        }

        enum Group: String, Sendable, Encodable {
            case week, month
        }

        var dates: Dates = .latest
        /// Upper-cased; `nil` when not asked: the euro, or the pivot of providers that quote
        /// none (table B alone answers in złoty).
        var base: String? = nil
        var quotes: [String]? = nil
        /// Provider ids (`nbp.b`); `nil` for every one.
        var providers: [RateSourceID]? = nil
        var group: Group? = nil
        var expandProviders = false
        /// The quotation asked for: a provider's mid (the default, and the blend's), or its
        /// buying or selling rate, of one provider only.
        var side: RateSide = .mid

        init() {}

        /// At most 5 providers and 5 quotes: few enough to recompute over any range.
        var isNarrow: Bool {
            guard let providers, let quotes else { return false }
            return providers.count <= FrankfurterV2.maxNarrowList && quotes.count <= FrankfurterV2.maxNarrowList
        }
    }

    /// One rate of the answer.
    struct Record: Sendable, Equatable {
        let date: CalendarDate
        let base: String
        let quote: String
        let rate: Decimal
        /// With `expand=providers`: each provider's observation, rebased to `base`; `nil` otherwise
        /// (and for a pegged currency no provider quotes).
        var providers: [ProviderRate]? = nil
    }

    struct ProviderRate: Sendable, Equatable {
        let key: String
        let date: CalendarDate
        let rate: Decimal
        /// Screened out, or overridden by a peg.
        let excluded: Bool
    }

    /// The records of `/v2/rates`, in the order they are written, and what identifies them.
    struct Rates: Sendable {
        let query: Query
        let records: [Record]
        /// What they were made of, for the `ETag`.
        let basis: Basis
        /// Whether a later stored day may still change the answer.
        let isCurrent: Bool
    }

    /// `/v2/currencies` and `/v2/currency/{code}`.
    struct CurrencyInfo: Sendable, Equatable {
        let code: String
        let numeric: String?
        let name: String
        let symbol: String?
        let start: CalendarDate?
        let end: CalendarDate?
        /// Provider keys that quote it (`ECB`, `NBP.B`).
        let providers: [String]
        let peg: Peg?
    }

    /// `/v2/providers`.
    struct ProviderInfo: Sendable, Equatable {
        let source: RateSource
        let start: CalendarDate?
        let end: CalendarDate?
        /// Publications expected since `end` and not stored, in days, ISO weeks or months (its
        /// cadence); `nil` for a publisher that ended.
        let missed: Int?
        let currencies: [String]
    }

    /// The currencies or providers answer: what it is made of, for its `ETag`, and its items,
    /// made from the days in memory only when no answer is kept for that version (every
    /// currency's first and last quoted day is a walk over 27 years of days).
    struct Listing<Item: Sendable>: Sendable {
        let basis: Basis
        let make: @Sendable () -> [Item]

        var items: [Item] { make() }
    }

    /// What an answer is made of, known before any of it is computed: the stored days it reads
    /// (each provider's, or the blend's, as the services name them), whose they are, the day
    /// for an answer that changes with it, and what the request narrowed it to.
    struct Basis: Sendable, Equatable, Encodable {
        var days: [String]
        var providers: [RateSourceID] = []
        var today: CalendarDate? = nil
        var scope: String? = nil
        var chosen: [RateSourceID]? = nil
        var code: String? = nil
    }

    /// Everything an answer is made of: which endpoint, in which format, for which query, from
    /// what (its validator, and the answer kept for it, are this value's).
    struct AnswerKey: CacheKey {
        let endpoint: String
        var format: Format? = nil
        var query: Query? = nil
        let basis: Basis
    }

    /// How an answer is written: JSON; CSV by a `.csv` suffix or `Accept: text/csv`; NDJSON
    /// by `Accept: application/x-ndjson`.
    enum Format: String, Sendable, Encodable {
        case json, ndjson, csv

        var contentType: String {
            switch self {
            case .json: "application/json; charset=utf-8"
            case .ndjson: "application/x-ndjson"
            case .csv: "text/csv; charset=utf-8; header=present"
            }
        }
    }

    /// The same failures as `/v1`'s, answered the same way (``Frankfurter/Failure``).
    typealias Failure = Frankfurter.Failure

    /// The parameters `/v2/rates` reads; any other is refused.
    static let rateParameters: Set<String> = ["date", "from", "to", "base", "quotes", "providers", "group", "expand", "side"]
    /// A daily range that recomputes the blend per day (`providers`, `expand=providers`) may
    /// span at most this many days.
    static let maxRecomputedDays = 5 * 366
    /// Providers and quotes few enough for a range of any length (Frankfurter's rule).
    static let maxNarrowList = 5
}
