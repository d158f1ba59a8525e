import Foundation

/// An amount converted from one currency to another with one snapshot's rates.
package struct Conversion: Sendable, Equatable {
    package let amount: Amount
    package let from: Currency
    package let to: Currency
    /// The converted amount, truncated to the target currency's minor units.
    package let result: Decimal
    package let rate: ExchangeRate
    package let inverseRate: ExchangeRate
}

/// The same amount in another currency, listed under a result: only what the list shows (no
/// rates, which would cost two more `Decimal` divisions each).
package struct AlternativeResult: Sendable, Equatable {
    package let to: Currency
    /// Truncated to `to`'s minor units, as ``Conversion/result``.
    package let result: Decimal
}
