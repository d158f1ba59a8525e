import Core
import Foundation

/// Rates as a provider published them, before they are checked and stored.
package struct FetchedRates: Sendable, Equatable {
    package let source: RateSourceID
    package let baseCurrency: String
    package let effectiveDate: CalendarDate
    /// Each currency's rate exactly as published (per one unit, where the publisher quotes
    /// per 10 or 100), written as ``quotation`` says.
    package let rates: [String: Decimal]
    package let quotation: Quotation
    /// The currencies written the other way from ``quotation`` (``RateSnapshot/reversed``).
    package let reversed: Set<String>

    package init(
        source: RateSourceID, baseCurrency: String, effectiveDate: CalendarDate, rates: [String: Decimal],
        quotation: Quotation = .unitsPerBase, reversed: Set<String> = []
    ) {
        self.source = source
        self.baseCurrency = baseCurrency
        self.effectiveDate = effectiveDate
        self.rates = rates
        self.quotation = quotation
        self.reversed = reversed
    }

    /// This day with `other`'s currencies too (the same day's document of another series);
    /// where both quote a currency, `other`'s rate, written `other`'s way.
    package func adding(_ other: FetchedRates) -> FetchedRates {
        FetchedRates(
            source: source, baseCurrency: baseCurrency, effectiveDate: effectiveDate, rates: rates.merging(other.rates) { $1 },
            quotation: quotation, reversed: reversed.subtracting(other.rates.keys).union(other.reversed))
    }

    package func snapshot(storedAt: Date) -> RateSnapshot {
        RateSnapshot(
            source: source, baseCurrency: baseCurrency, effectiveDate: effectiveDate, storedAt: storedAt, rates: rates,
            quotation: quotation,
            reversed: reversed)
    }
}
