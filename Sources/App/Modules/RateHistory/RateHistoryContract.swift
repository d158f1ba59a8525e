import Foundation

/// A currency pair's rate over the stored snapshots: `GET /rates/{from}/{to}`, an inline SVG
/// line chart (drawn on the server, with a text alternative) and the same data as a table.
/// Fewer than two points: the page says so. An unknown pair: 404.
enum RateHistory {
    struct Output: Sendable, Equatable {
        let from: Currency
        let to: Currency
        /// Oldest first.
        let points: [RatePoint]
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
        /// Newest first.
        let rows: [Row]
        let hasRows: Bool
        let reverseURL: String
        let converterURL: String
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
        let plotLeft: Double
        let plotRight: Double
        let plotTop: Double
        let plotBottom: Double
        /// `x,y x,y …` for the line.
        let line: String
        let points: [ChartPoint]
        let yTicks: [Tick]
        let xTicks: [Tick]
        let markers: [Marker]
        let titleText: String
        let description: String
    }

    struct ChartPoint: Encodable, Sendable, Equatable {
        let x: Double
        let y: Double
        let label: String
    }

    struct Tick: Encodable, Sendable, Equatable {
        let position: Double
        let label: String
    }

    struct Marker: Encodable, Sendable, Equatable {
        let x: Double
        let y: Double
        let labelX: Double
        let labelY: Double
        let anchor: String
        let text: String
        let kind: String
    }
}
