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
