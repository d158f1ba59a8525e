import Core
import Foundation
import ServiceInterfaces
import Web

/// A currency pair's rate over a range of days: `GET /rates/{from}/{to}?range=1m|3m|1y|5y|10y|all`
/// (a year by default; `&date=` centres the range on a day), an inline SVG line chart (drawn on
/// the server, with a text alternative) and the same data as a table: one row per day, a page at a
/// time, for ranges up to a year, else one row per month (lowest, highest, last), with the range's
/// daily rates a CSV download away (`GET /rates/{from}/{to}/daily.csv?range=…`). The days are
/// the blend of the official providers', or one provider's with `&source=nbp`. Fewer than two
/// points: the page says so. An unknown pair: 404; a malformed range, date, page or source: 400.
enum RateHistory {
    /// What was asked, validated and canonical.
    struct Query: Sendable, Equatable, Encodable {
        let from: String
        let to: String
        var range: HistoryRange = .default
        /// The day the range is centred on; never with ``HistoryRange/all``.
        var date: CalendarDate? = nil
        /// The daily table's page, from 1 (newest rows first).
        var page: Int = 1
        /// A provider's id; `nil` for the blend.
        var source: RateSourceID? = nil
    }

    /// What a history page or its CSV is made of (its validator's): which of the two, the
    /// query, and the stored days' version.
    struct PageKey: CacheKey {
        let format: String
        let query: Query
        let days: String
    }

    struct Output: Sendable, Equatable {
        let from: Currency
        let to: Currency
        /// The range's days, oldest first.
        let points: [RatePoint]
        /// Identifies the stored data the points come from (``PairHistory/version``).
        var version = ""
        var query: Query? = nil
        /// The days the range covers (``HistoryRange/window(first:last:around:)``), when the pair has any.
        var window: ClosedRange<CalendarDate>? = nil
    }

    enum Failure: Error, Equatable {
        /// Not both currencies with rates: nothing to show (404).
        case unknownPair
        /// The request is right but not written canonically (`usd`, `range=1y`): redirect there.
        case notCanonical(Query)
        /// A range, date or page that cannot be read (400), with what to say.
        case invalidParameter(Message)
        /// A page after the last (404).
        case noSuchPage(Int)
    }

    /// Rows of the table per page: 30 days (about six weeks of business days), or 60 months
    /// (five years) for ranges over a year.
    static func rowsPerPage(monthly: Bool) -> Int { monthly ? 60 : 30 }

    /// Where each calendar month's days start in `points` (oldest first), and where they end, last.
    static func monthStarts(_ points: [RatePoint]) -> [Int] {
        var starts: [Int] = []
        for index in points.indices
        where index == 0 || points[index].date.month != points[index - 1].date.month
            || points[index].date.year != points[index - 1].date.year
        {
            starts.append(index)
        }
        starts.append(points.count)
        return starts
    }

    /// How many pages the table of `points` has: a row per day, or per month for a monthly range.
    static func pageCount(_ points: [RatePoint], range: HistoryRange) -> Int {
        let rows = range.isMonthly ? monthStarts(points).count - 1 : points.count
        let perPage = rowsPerPage(monthly: range.isMonthly)
        return max(1, (rows + perPage - 1) / perPage)
    }

    /// What `rate-history.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let heading: String
        let subtitle: String
        let chart: Chart?
        /// Instead of a chart, when there are fewer than two points.
        let message: String?
        let stats: [Stat]
        /// Newest first; empty when the table is by month.
        let rows: [Row]
        /// Newest first; empty when the table is by day.
        let months: [MonthRow]
        let hasRows: Bool
        let isMonthly: Bool
        let tableTitle: String
        /// `Page 2 of 6`, with links to the newer and older pages; `nil` when one page holds every row.
        let paging: Paging?
        /// The range links: 1 month … All, the current one marked.
        let ranges: [RangeLink]
        let csvURL: String
        let csvLabel: String
        /// The pair's feed of new days at its source (``RateHistoryPresenter/feed(_:in:)``).
        let feedURL: String
        /// The range's prices as a file for plain-text accounting (`/api/v1/prices`); `nil` without days.
        let prices: PricesForm?
        let reverseURL: String
        let converterURL: String
        let converterLabel: String
        /// `Rates from: All official sources`
        let source: String
    }

    /// A GET form of the pair's prices over a run of days, in a format for accounting tools.
    struct PricesForm: Encodable, Sendable, Equatable {
        let action: String
        let legend: String
        let base: String
        let quote: String
        let source: String
        let from: String
        let to: String
        let minDate: String
        let maxDate: String
        let fromLabel: String
        let toLabel: String
        let formatLabel: String
        let formats: [FormatOption]
        let button: String
    }

    struct FormatOption: Encodable, Sendable, Equatable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct RangeLink: Encodable, Sendable, Equatable {
        let label: String
        let url: String
        let isCurrent: Bool
    }

    struct Paging: Encodable, Sendable, Equatable {
        let text: String
        let newerURL: String?
        let olderURL: String?
    }

    /// One month of a long history.
    struct MonthRow: Encodable, Sendable, Equatable {
        /// `2026-03`
        let month: String
        /// `March 2026`
        let label: String
        let days: String
        let low: String
        let high: String
        let last: String
    }

    struct Stat: Encodable, Sendable, Equatable {
        let label: String
        let value: String
        let date: String
    }

    struct Row: Encodable, Sendable, Equatable {
        /// ISO 8601, for `<time datetime>` and the converter's link.
        let date: String
        /// The day in the page's language.
        let dateText: String
        let rate: String
        /// The converter on that day.
        let url: String
    }

    /// Everything the SVG needs, in the chart's own coordinates (a 720 × 320 view box).
    struct Chart: Encodable, Sendable, Equatable {
        let width: Int
        let height: Int
        let plotLeft: String
        let plotRight: String
        let plotTop: String
        let plotBottom: String
        /// Where the value axis's labels end, left of the plot.
        let yLabelX: String
        /// The baseline of the date axis's labels, under the plot.
        let xLabelY: String
        /// `x,y x,y …` for each stretch of the line: one point per day, or, past
        /// ``RateHistoryPresenter/maxLinePoints`` days, the lowest and highest of each sliver of
        /// the plot. A stretch ends where a currency was not quoted for a while (a gap, not a line across it).
        let lines: [String]
        /// A vertical line at the day the range is centred on.
        let dayMarker: DayMarker?
        /// How many days the chart covers.
        let dayCount: Int
        /// A point to hover per day, for short histories only (``RateHistoryPresenter/dailyDetailLimit``).
        let points: [ChartPoint]
        let yTicks: [Tick]
        let xTicks: [Tick]
        let markers: [Marker]
        let titleText: String
        let description: String
    }

    struct DayMarker: Encodable, Sendable, Equatable {
        let x: String
        let label: String
    }

    struct ChartPoint: Encodable, Sendable, Equatable {
        let x: String
        let y: String
        let label: String
    }

    struct Tick: Encodable, Sendable, Equatable {
        let position: String
        /// Where its label sits along the same axis (a value label's baseline is a little lower).
        let labelPosition: String
        let label: String
    }

    /// The highest, the lowest or the last day, with its label placed twice: for the wide chart
    /// (13-unit text) and for a phone's (26-unit text); the stylesheet shows one.
    struct Marker: Encodable, Sendable, Equatable {
        let x: String
        let y: String
        let text: String
        let kind: String
        let wide: LabelPlacement
        let narrow: LabelPlacement
    }

    struct LabelPlacement: Encodable, Sendable, Equatable {
        let x: String
        /// The baseline.
        let y: String
        /// SVG's `text-anchor`: `start`, `middle` or `end`.
        let anchor: String
    }
}

extension RateHistory.Query {
    /// The request's values as typed (`range` a year when absent, `date` the day the range is
    /// centred on, `page` of the daily table, `source` a provider's id, the blend when absent),
    /// read and checked where they come in; `notCanonical` when they are right but not written
    /// as the pair's one address writes them. A source is one of `sources`.
    init(
        checking from: String?, to: String?, range: String? = nil, date: String? = nil, page: String? = nil, source: String? = nil,
        among sources: ProviderCatalog
    ) throws(RateHistory.Failure) {
        let fromCode = (from ?? "").uppercased(), toCode = (to ?? "").uppercased()
        guard Currency.isWellFormedCode(fromCode), Currency.isWellFormedCode(toCode) else { throw .unknownPair }
        var query = Self(from: fromCode, to: toCode)
        if let range, !range.isEmpty {
            guard let known = HistoryRange(rawValue: range.lowercased()) else {
                throw .invalidParameter(
                    Message(
                        "There is no range “{typed}”. Choose one of {ranges}.",
                        [
                            "typed": .text(String(range.prefix(16))),
                            "ranges": .text(HistoryRange.allCases.map(\.rawValue).joined(separator: ", ")),
                        ]))
            }
            query.range = known
        }
        if let date, !date.isEmpty {
            guard let day = CalendarDate(iso8601: date) else {
                throw .invalidParameter(
                    Message(
                        "“{typed}” is not a date. Write it as YYYY-MM-DD, for example 2020-03-15.",
                        ["typed": .text(String(date.prefix(16)))]))
            }
            query.date = query.range == .all ? nil : day
        }
        if let page, !page.isEmpty {
            guard let number = Int(page), number >= 1 else {
                throw .invalidParameter(
                    Message("“{typed}” is not a page number. Pages are numbered from 1.", ["typed": .text(String(page.prefix(16)))]))
            }
            query.page = number
        }
        if let source, !source.isEmpty {
            guard let id = RateSourceID(source), id == .blend || sources.provider(named: id.rawValue) != nil else {
                throw .invalidParameter(
                    Message("There is no source “{typed}”. Choose one from the list.", ["typed": .text(String(source.prefix(24)))]))
            }
            query.source = id == .blend ? nil : id
        }
        let canonical =
            from == fromCode && to == toCode
            && range == (query.range == .default ? nil : query.range.rawValue)
            && date == query.date?.description
            && page == (query.page > 1 ? String(query.page) : nil)
            && source == query.source?.rawValue
        guard canonical else { throw .notCanonical(query) }
        self = query
    }
}
