import Core
import Foundation
import ServiceInterfaces

/// A currency pair's rate over a range of days: `GET /rates/{from}/{to}?range=1m|3m|1y|5y|10y|all`
/// (a year by default; `&date=` centres the range on a day), an inline SVG line chart (drawn on
/// the server, with a text alternative) and the same data as a table: one row per day, a page at a
/// time, for ranges up to a year, else one row per month (lowest, highest, last), with the range's
/// daily rates a CSV download away (`GET /rates/{from}/{to}/daily.csv?range=…`). The days are
/// the blend of the official providers', or one provider's with `&source=nbp`. Fewer than two
/// points: the page says so. An unknown pair: 404; a malformed range, date, page or source: 400.
package enum RateHistory {
    /// What was asked, validated and canonical.
    package struct Query: Sendable, Equatable {
        package let from: String
        package let to: String
        package var range: HistoryRange = .default
        /// The day the range is centred on; never with ``HistoryRange/all``.
        package var date: CalendarDate? = nil
        /// The daily table's page, from 1 (newest rows first).
        package var page: Int = 1
        /// A provider's id; `nil` for the blend.
        package var source: String? = nil

        package init(
            from: String, to: String, range: HistoryRange = .default, date: CalendarDate? = nil, page: Int = 1, source: String? = nil
        ) {
            self.from = from
            self.to = to
            self.range = range
            self.date = date
            self.page = page
            self.source = source
        }
    }

    package struct Output: Sendable, Equatable {
        package let from: Currency
        package let to: Currency
        /// The range's days, oldest first.
        package let points: [RatePoint]
        /// Identifies the stored data the points come from (``PairHistory/version``).
        package var version = ""
        package var query: Query? = nil
        /// The days the range covers (``HistoryRange/window(first:last:around:)``), when the pair has any.
        package var window: ClosedRange<CalendarDate>? = nil
    }

    package enum Failure: Error, Equatable {
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
    package static func rowsPerPage(monthly: Bool) -> Int { monthly ? 60 : 30 }

    /// Where each calendar month's days start in `points` (oldest first), and where they end, last.
    package static func monthStarts(_ points: [RatePoint]) -> [Int] {
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
    package static func pageCount(_ points: [RatePoint], range: HistoryRange) -> Int {
        let rows = range.isMonthly ? monthStarts(points).count - 1 : points.count
        let perPage = rowsPerPage(monthly: range.isMonthly)
        return max(1, (rows + perPage - 1) / perPage)
    }

    /// What `rate-history.leaf` renders.
    package struct ViewModel: Encodable, Sendable, Equatable {
        package let title: String
        package let heading: String
        package let subtitle: String
        package let chart: Chart?
        /// Instead of a chart, when there are fewer than two points.
        package let message: String?
        package let stats: [Stat]
        /// Newest first; empty when the table is by month.
        package let rows: [Row]
        /// Newest first; empty when the table is by day.
        package let months: [MonthRow]
        package let hasRows: Bool
        package let isMonthly: Bool
        package let tableTitle: String
        /// `Page 2 of 6`, with links to the newer and older pages; `nil` when one page holds every row.
        package let paging: Paging?
        /// The range links: 1 month … All, the current one marked.
        package let ranges: [RangeLink]
        package let csvURL: String
        package let csvLabel: String
        package let reverseURL: String
        package let converterURL: String
        package let converterLabel: String
        /// `Rates from: All official sources`
        package let source: String

        package init(
            title: String, heading: String, subtitle: String, chart: Chart?, message: String?, stats: [Stat], rows: [Row],
            months: [MonthRow], hasRows: Bool, isMonthly: Bool, tableTitle: String, paging: Paging?, ranges: [RangeLink], csvURL: String,
            csvLabel: String, reverseURL: String, converterURL: String, converterLabel: String, source: String
        ) {
            self.title = title
            self.heading = heading
            self.subtitle = subtitle
            self.chart = chart
            self.message = message
            self.stats = stats
            self.rows = rows
            self.months = months
            self.hasRows = hasRows
            self.isMonthly = isMonthly
            self.tableTitle = tableTitle
            self.paging = paging
            self.ranges = ranges
            self.csvURL = csvURL
            self.csvLabel = csvLabel
            self.reverseURL = reverseURL
            self.converterURL = converterURL
            self.converterLabel = converterLabel
            self.source = source
        }
    }

    package struct RangeLink: Encodable, Sendable, Equatable {
        package let label: String
        package let url: String
        package let isCurrent: Bool

        package init(label: String, url: String, isCurrent: Bool) {
            self.label = label
            self.url = url
            self.isCurrent = isCurrent
        }
    }

    package struct Paging: Encodable, Sendable, Equatable {
        package let text: String
        package let newerURL: String?
        package let olderURL: String?

        package init(text: String, newerURL: String?, olderURL: String?) {
            self.text = text
            self.newerURL = newerURL
            self.olderURL = olderURL
        }
    }

    /// One month of a long history.
    package struct MonthRow: Encodable, Sendable, Equatable {
        /// `2026-03`
        package let month: String
        /// `March 2026`
        package let label: String
        package let days: String
        package let low: String
        package let high: String
        package let last: String

        package init(month: String, label: String, days: String, low: String, high: String, last: String) {
            self.month = month
            self.label = label
            self.days = days
            self.low = low
            self.high = high
            self.last = last
        }
    }

    package struct Stat: Encodable, Sendable, Equatable {
        package let label: String
        package let value: String
        package let date: String

        package init(label: String, value: String, date: String) {
            self.label = label
            self.value = value
            self.date = date
        }
    }

    package struct Row: Encodable, Sendable, Equatable {
        /// ISO 8601, for `<time datetime>` and the converter's link.
        package let date: String
        /// The day in the page's language.
        package let dateText: String
        package let rate: String
        /// The converter on that day.
        package let url: String

        package init(date: String, dateText: String, rate: String, url: String) {
            self.date = date
            self.dateText = dateText
            self.rate = rate
            self.url = url
        }
    }

    /// Everything the SVG needs, in the chart's own coordinates (a 720 × 320 view box).
    package struct Chart: Encodable, Sendable, Equatable {
        package let width: Int
        package let height: Int
        package let plotLeft: String
        package let plotRight: String
        package let plotTop: String
        package let plotBottom: String
        /// Where the value axis's labels end, left of the plot.
        package let yLabelX: String
        /// The baseline of the date axis's labels, under the plot.
        package let xLabelY: String
        /// `x,y x,y …` for each stretch of the line: one point per day, or, past
        /// ``RateHistoryPresenter/maxLinePoints`` days, the lowest and highest of each sliver of
        /// the plot. A stretch ends where a currency was not quoted for a while (a gap, not a line across it).
        package let lines: [String]
        /// A vertical line at the day the range is centred on.
        package let dayMarker: DayMarker?
        /// How many days the chart covers.
        package let dayCount: Int
        /// A point to hover per day, for short histories only (``RateHistoryPresenter/dailyDetailLimit``).
        package let points: [ChartPoint]
        package let yTicks: [Tick]
        package let xTicks: [Tick]
        package let markers: [Marker]
        package let titleText: String
        package let description: String

        package init(
            width: Int, height: Int, plotLeft: String, plotRight: String, plotTop: String, plotBottom: String, yLabelX: String,
            xLabelY: String, lines: [String], dayMarker: DayMarker?, dayCount: Int, points: [ChartPoint], yTicks: [Tick], xTicks: [Tick],
            markers: [Marker], titleText: String, description: String
        ) {
            self.width = width
            self.height = height
            self.plotLeft = plotLeft
            self.plotRight = plotRight
            self.plotTop = plotTop
            self.plotBottom = plotBottom
            self.yLabelX = yLabelX
            self.xLabelY = xLabelY
            self.lines = lines
            self.dayMarker = dayMarker
            self.dayCount = dayCount
            self.points = points
            self.yTicks = yTicks
            self.xTicks = xTicks
            self.markers = markers
            self.titleText = titleText
            self.description = description
        }
    }

    package struct DayMarker: Encodable, Sendable, Equatable {
        package let x: String
        package let label: String

        package init(x: String, label: String) {
            self.x = x
            self.label = label
        }
    }

    package struct ChartPoint: Encodable, Sendable, Equatable {
        package let x: String
        package let y: String
        package let label: String

        package init(x: String, y: String, label: String) {
            self.x = x
            self.y = y
            self.label = label
        }
    }

    package struct Tick: Encodable, Sendable, Equatable {
        package let position: String
        /// Where its label sits along the same axis (a value label's baseline is a little lower).
        package let labelPosition: String
        package let label: String

        package init(position: String, labelPosition: String, label: String) {
            self.position = position
            self.labelPosition = labelPosition
            self.label = label
        }
    }

    /// The highest, the lowest or the last day, with its label placed twice: for the wide chart
    /// (13-unit text) and for a phone's (26-unit text); the stylesheet shows one.
    package struct Marker: Encodable, Sendable, Equatable {
        package let x: String
        package let y: String
        package let text: String
        package let kind: String
        package let wide: LabelPlacement
        package let narrow: LabelPlacement

        package init(x: String, y: String, text: String, kind: String, wide: LabelPlacement, narrow: LabelPlacement) {
            self.x = x
            self.y = y
            self.text = text
            self.kind = kind
            self.wide = wide
            self.narrow = narrow
        }
    }

    package struct LabelPlacement: Encodable, Sendable, Equatable {
        package let x: String
        /// The baseline.
        package let y: String
        /// SVG's `text-anchor`: `start`, `middle` or `end`.
        package let anchor: String

        package init(x: String, y: String, anchor: String) {
            self.x = x
            self.y = y
            self.anchor = anchor
        }
    }
}
