import Foundation

/// What one unit of `from` is worth in `to`.
struct ExchangeRate: Sendable, Equatable {
    let from: String
    let to: String
    let rate: Decimal
}
