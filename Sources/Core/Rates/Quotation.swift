import Foundation

/// Which way a provider writes a rate.
package enum Quotation: String, Sendable, Equatable {
    /// Units of the currency per one unit of the home currency (the ECB: 1 EUR = 1.0876 USD).
    case unitsPerBase = "units-per-base"
    /// Units of the home currency per one unit of the currency (the Czech National Bank:
    /// 1 USD = 23.456 CZK), after dividing by the publisher's own unit (100 JPY = 15.234 CZK).
    case basePerUnit = "base-per-unit"

    /// The other way round.
    package var reversed: Quotation { self == .unitsPerBase ? .basePerUnit : .unitsPerBase }

    /// One unit of `from` in `to` as a quotient of two exact numbers (`numerator / denominator`),
    /// crossing through the home currency, each rate written its own way: two rates written
    /// alike give a quotient of the two published numbers, two written differently their product.
    package static func ratio(
        from fromRate: Decimal, _ fromWay: Quotation, to toRate: Decimal, _ toWay: Quotation
    ) -> (numerator: Decimal, denominator: Decimal) {
        switch (fromWay, toWay) {
        case (.unitsPerBase, .unitsPerBase): (toRate, fromRate)
        case (.basePerUnit, .basePerUnit): (fromRate, toRate)
        case (.basePerUnit, .unitsPerBase): (fromRate * toRate, 1)
        case (.unitsPerBase, .basePerUnit): (1, fromRate * toRate)
        }
    }
}
