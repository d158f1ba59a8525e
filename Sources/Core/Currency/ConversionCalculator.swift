import Foundation

/// Converts amounts with one snapshot's rates, in exact decimal arithmetic.
package struct ConversionCalculator: Sendable {
    private let catalog: CurrencyCatalog

    package init(catalog: CurrencyCatalog) {
        self.catalog = catalog
    }

    package enum Failure: Error, Equatable {
        /// The snapshot has no rate for this code.
        case noRate(String)
    }

    /// What one unit of `from` buys in `to`, crossing through the snapshot's base currency (its
    /// rates written either way, ``RateSnapshot/ratio(from:to:)``).
    package func rate(from: String, to: String, in snapshot: RateSnapshot) throws(Failure) -> ExchangeRate {
        let (numerator, denominator) = try ratio(from: from, to: to, in: snapshot)
        return ExchangeRate(from: from, to: to, numerator: numerator, denominator: denominator)
    }

    /// Converts `amount`, truncating the result to the target currency's minor units as the
    /// original app did (a converter never promises more money than the rate gives).
    package func convert(_ amount: Amount, from: String, to: String, in snapshot: RateSnapshot) throws(Failure) -> Conversion {
        let rate = try rate(from: from, to: to, in: snapshot)
        let inverse = try self.rate(from: to, to: from, in: snapshot)
        let converted = try result(amount, from: from, to: to, in: snapshot)
        return Conversion(
            amount: amount, from: catalog.currency(for: from), to: converted.to, result: converted.result,
            rate: rate, inverseRate: inverse)
    }

    /// Only the converted amount, truncated the same way.
    package func result(_ amount: Amount, from: String, to: String, in snapshot: RateSnapshot) throws(Failure) -> AlternativeResult {
        let (numerator, denominator) = try ratio(from: from, to: to, in: snapshot)
        let target = catalog.currency(for: to)
        let result = amount.value.truncatedProduct(numerator, over: denominator, fractionDigits: target.resultFractionDigits)
        return AlternativeResult(to: target, result: result)
    }

    /// ``result(_:from:to:in:)`` into each of `targets` that has a rate, in their order: the
    /// amount's digits read once for all of them, into an array made once.
    package func results(_ amount: Amount, from: String, to targets: [String], in snapshot: RateSnapshot) -> [AlternativeResult] {
        guard snapshot.rates[from] != nil else { return [] }
        let value = DecimalParts(amount.value)
        var results: [AlternativeResult] = []
        results.reserveCapacity(targets.count)
        for code in targets {
            guard let (numerator, denominator) = snapshot.ratio(from: from, to: code) else { continue }
            let target = catalog.currency(for: code)
            let digits = target.resultFractionDigits
            var result: Decimal?
            if let value, let numerator = DecimalParts(numerator), let denominator = DecimalParts(denominator) {
                result = value.product(numerator, over: denominator, fractionDigits: digits, roundingHalvesUp: false)
            }
            results.append(
                AlternativeResult(
                    to: target, result: result ?? amount.value.truncatedProduct(numerator, over: denominator, fractionDigits: digits)))
        }
        return results
    }

    private func ratio(from: String, to: String, in snapshot: RateSnapshot) throws(Failure) -> (Decimal, Decimal) {
        guard snapshot.rates[from] != nil else { throw .noRate(from) }
        guard let ratio = snapshot.ratio(from: from, to: to) else { throw .noRate(to) }
        return ratio
    }
}
