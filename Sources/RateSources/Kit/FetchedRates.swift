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
    /// The publisher's buying and selling rates, where it writes them beside (or instead of) a mid.
    package var sides = RateSides()

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
        var merged = FetchedRates(
            source: source, baseCurrency: baseCurrency, effectiveDate: effectiveDate, rates: rates.merging(other.rates) { $1 },
            quotation: quotation, reversed: reversed.subtracting(other.rates.keys).union(other.reversed))
        merged.sides.buying = sides.buying.filter { other.rates[$0.key] == nil }.merging(other.sides.buying) { $1 }
        merged.sides.selling = sides.selling.filter { other.rates[$0.key] == nil }.merging(other.sides.selling) { $1 }
        return merged
    }

    package func snapshot(storedAt: Date) -> RateSnapshot {
        var snapshot = RateSnapshot(
            source: source, baseCurrency: baseCurrency, effectiveDate: effectiveDate, storedAt: storedAt, rates: rates,
            quotation: quotation,
            reversed: reversed)
        snapshot.sides = sides
        if !sides.isEmpty {
            // The base itself at 1 on each side, as among the mids: a side's days hold the pivot too.
            snapshot.sides.buying[baseCurrency] = 1
            snapshot.sides.selling[baseCurrency] = 1
        }
        return snapshot
    }
}
