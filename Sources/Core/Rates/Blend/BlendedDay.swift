import Foundation

/// The official providers' rates of one day, rebased to one currency, screened and combined
/// (``RateBlender``): each currency's rate with every provider's quote that was weighed, kept or not.
package struct BlendedDay: Sendable, Equatable {
    /// The day blended: each provider's newest day on or before it counts (up to ``RateBlender/maximumAge`` old).
    package let date: CalendarDate
    /// Every rate is units of its currency per one unit of this (the euro).
    package let base: String
    package let rates: [String: BlendedRate]
    /// The quotes screened out, by currency then provider.
    package let outliers: [Outlier]
    /// The providers whose quotes made at least one rate, in the catalogue's order (``RateBlender/providers``).
    package let sources: [RateSourceID]
    /// Whether every day blended is one that ships with the app (the bundled ECB history).
    package var isBundled = false
}

/// One currency's blended rate.
package struct BlendedRate: Sendable, Equatable {
    /// Units of the currency per one unit of the blend's base, to ``RateBlender/significantDigits``.
    package let rate: Decimal
    /// Every provider's quote of the currency, rebased, in provider order; those with an
    /// ``ProviderQuote/exclusion`` did not count.
    package let quotes: [ProviderQuote]
    /// The peg the rate comes from instead of the quotes, if the currency is pegged.
    package var peg: Peg? = nil

    /// The providers whose quotes counted.
    package var contributors: [RateSourceID] { quotes.filter { $0.exclusion == nil }.map(\.source) }
}

/// One provider's quote of a currency as the blend weighed it.
package struct ProviderQuote: Sendable, Equatable {
    package let source: RateSourceID
    /// The provider's own day.
    package let date: CalendarDate
    /// Units of the currency per one unit of the blend's base.
    package let rate: Decimal
    /// Why it did not count, if it did not.
    package var exclusion: Exclusion?

    package enum Exclusion: Sendable, Equatable {
        /// Too far from the median of the other providers' quotes (``RateBlender/threshold``).
        case outlier(median: Decimal, deviation: Decimal)
        /// The currency is pegged: its rate comes from the peg.
        case pegged
    }
}

/// A quote screened out of a day's blend.
package struct Outlier: Sendable, Equatable {
    package let source: RateSourceID
    package let currency: String
    /// The provider's own day.
    package let date: CalendarDate
    /// The provider's quote and the median of the others', both rebased (units per one unit of the blend's base).
    package let value: Decimal
    package let median: Decimal
    /// `|value − median| / median`: 0.05 is 5 %.
    package let deviation: Decimal

    package init(source: RateSourceID, currency: String, date: CalendarDate, value: Decimal, median: Decimal, deviation: Decimal) {
        (self.source, self.currency, self.date) = (source, currency, date)
        (self.value, self.median, self.deviation) = (value, median, deviation)
    }
}
