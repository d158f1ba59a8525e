import Foundation

/// An amount converted from one currency to another with one snapshot's rates.
struct Conversion: Sendable, Equatable {
    let amount: Amount
    let from: Currency
    let to: Currency
    /// The converted amount, truncated to the target currency's minor units.
    let result: Decimal
    let rate: ExchangeRate
    let inverseRate: ExchangeRate
}

/// The same amount in another currency, listed under a result: only what the list shows (no
/// rates, which would cost two more `Decimal` divisions each).
struct AlternativeResult: Sendable, Equatable {
    let to: Currency
    /// Truncated to `to`'s minor units, as ``Conversion/result``.
    let result: Decimal
}
