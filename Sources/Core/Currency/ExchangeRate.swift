import Foundation

/// What one unit of `from` is worth in `to`.
package struct ExchangeRate: Sendable, Equatable {
    package let from: String
    package let to: String
    package let rate: Decimal

    package init(from: String, to: String, rate: Decimal) {
        self.from = from
        self.to = to
        self.rate = rate
    }
}
