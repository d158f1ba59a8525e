import Foundation

/// One day's rate of a currency pair, kept as the two stored rates it comes from: dividing
/// `Decimal`s costs about a microsecond, so the exact rate is worked out only for the days a
/// page writes, and charts and comparisons use ``value``.
package struct RatePoint: Sendable, Equatable {
    package let date: CalendarDate
    /// Units of the base currency per one unit of `from` and `to`'s stored rates.
    package let fromRate: Decimal
    package let toRate: Decimal
    /// ``rate`` as a `Double`, for geometry and for finding the lowest and highest days.
    package let value: Double

    package init(date: CalendarDate, fromRate: Decimal, toRate: Decimal, value: Double) {
        (self.date, self.fromRate, self.toRate, self.value) = (date, fromRate, toRate, value)
    }

    /// A point whose rate is already known, as if quoted against `from` itself (presenter tests).
    package init(date: CalendarDate, rate: Decimal) {
        self.init(date: date, fromRate: 1, toRate: rate, value: NSDecimalNumber(decimal: rate).doubleValue)
    }

    /// Units of `to` per one unit of `from`, exactly as the converter works it out.
    package var rate: Decimal { toRate / fromRate }
}
