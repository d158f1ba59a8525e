/// How much of a pair's history a chart shows: `/rates/USD/EUR?range=5y`.
package enum HistoryRange: String, Sendable, CaseIterable, Equatable, Codable {
    case oneMonth = "1m"
    case threeMonths = "3m"
    case oneYear = "1y"
    case fiveYears = "5y"
    case tenYears = "10y"
    case all

    package static let `default` = HistoryRange.oneYear

    /// The range's length in days; `nil` for every stored day.
    package var days: Int? {
        switch self {
        case .oneMonth: 31
        case .threeMonths: 92
        case .oneYear: 365
        case .fiveYears: 1826
        case .tenYears: 3653
        case .all: nil
        }
    }

    /// `1 month`, `All`: the range's link text.
    package var label: String {
        switch self {
        case .oneMonth: "1 month"
        case .threeMonths: "3 months"
        case .oneYear: "1 year"
        case .fiveYears: "5 years"
        case .tenYears: "10 years"
        case .all: "All"
        }
    }

    /// Whether the chart's table has a row per month rather than per day.
    package var isMonthly: Bool { (days ?? .max) > 366 }

    /// The days a window of this range shows: the `days` up to `end`, or, around `date`,
    /// centred on it and moved back inside `first ... last` where it would run past either end.
    package func window(first: CalendarDate, last: CalendarDate, around date: CalendarDate?) -> ClosedRange<CalendarDate> {
        guard let days, first < last else { return first...max(first, last) }
        var end = last.dayNumber
        if let date { end = min(last.dayNumber, max(date.dayNumber + days / 2, first.dayNumber + days - 1)) }
        let start = max(first.dayNumber, end - days + 1)
        return CalendarDate(dayNumber: start)...CalendarDate(dayNumber: end)
    }
}
