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

    /// What one unit of `from` buys in `to`, crossing through the snapshot's base currency.
    package func rate(from: String, to: String, in snapshot: RateSnapshot) throws(Failure) -> ExchangeRate {
        guard let fromRate = snapshot.rates[from] else { throw .noRate(from) }
        guard let toRate = snapshot.rates[to] else { throw .noRate(to) }
        return ExchangeRate(from: from, to: to, numerator: toRate, denominator: fromRate)
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
        guard let fromRate = snapshot.rates[from] else { throw .noRate(from) }
        guard let toRate = snapshot.rates[to] else { throw .noRate(to) }
        let target = catalog.currency(for: to)
        let result = amount.value.truncatedProduct(toRate, over: fromRate, fractionDigits: target.resultFractionDigits)
        return AlternativeResult(to: target, result: result)
    }
}
