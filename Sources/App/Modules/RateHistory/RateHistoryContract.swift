import Foundation

/// A currency pair's rate over the stored snapshots: `GET /rates/{from}/{to}`, an inline SVG
/// line chart (drawn on the server, with a text alternative) and the same data as a table:
/// one row per day for up to ``RateHistoryPresenter/dailyDetailLimit`` days, else one row per
/// month (lowest, highest, last), with every day's rate a CSV download away
/// (`GET /rates/{from}/{to}/daily.csv`). Fewer than two points: the page says so. An unknown pair: 404.
enum RateHistory {
    struct Output: Sendable, Equatable {
        let from: Currency
        let to: Currency
        /// Oldest first.
        let points: [RatePoint]
        /// Identifies the stored data the points come from (``PairHistory/version``).
        var version = ""
    }

    enum Failure: Error, Equatable {
        /// Not both currencies with rates: nothing to show (404).
        case unknownPair
        /// The codes are right but not written canonically (`usd`): redirect to `USD`.
        case notCanonical(from: String, to: String)
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
        let csvURL: String
        let reverseURL: String
        let converterURL: String
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
        let date: String
        let rate: String
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
        /// `x,y x,y …` for the line: one point per day, or the lowest and highest of each
        /// sliver of the plot when there are more days than it has room for.
        let line: String
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

    struct Marker: Encodable, Sendable, Equatable {
        let x: String
        let y: String
        let labelX: String
        let labelY: String
        let anchor: String
        let text: String
        let kind: String
    }
}
