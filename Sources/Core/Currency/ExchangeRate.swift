import Foundation

/// What one unit of `from` is worth in `to`: the quotient of two rates against one base (`to`'s
/// over `from`'s), kept as that pair. Its texts are written by an exact long division of the two
/// (``Decimal/quotientText(dividingBy:minimumFractionDigits:significantDigits:)``); the 38-digit
/// `Decimal` quotient, which only `description` could write, is made only when asked for.
package struct ExchangeRate: Sendable, Equatable {
    package let from: String
    package let to: String
    /// Units of `to` per unit of the base.
    package let numerator: Decimal
    /// Units of `from` per unit of the base.
    package let denominator: Decimal

    package init(from: String, to: String, numerator: Decimal, denominator: Decimal) {
        (self.from, self.to, self.numerator, self.denominator) = (from, to, numerator, denominator)
    }

    /// A rate known as one number.
    package init(from: String, to: String, rate: Decimal) {
        self.init(from: from, to: to, numerator: rate, denominator: 1)
    }

    /// The quotient, to `Decimal`'s 38 digits.
    package var rate: Decimal { numerator / denominator }

    /// As every page writes a rate: `0.9234`, `145.1831`, `0.006121` (four decimals, or four
    /// significant digits below 0.001).
    package var text: String { numerator.rateText(dividedBy: denominator) }

    /// Ten significant digits, as the API writes rates: `145.1830786`, `0.006887855044`.
    package var preciseText: String {
        numerator.quotientText(dividingBy: denominator, minimumFractionDigits: 0, significantDigits: 10)
    }
}
