import Foundation

/// One provider's rates for one day: how many units of each currency one unit of `baseCurrency`
/// buys. The newest stored snapshot is the one the app converts with; older ones are history.
package struct RateSnapshot: Sendable, Equatable {
    /// Identifies the stored snapshot; `nil` until it is stored.
    package var id: UUID? {
        didSet { versionKey = Self.versionKey(source: source, effectiveDate: effectiveDate, id: id, storedAt: storedAt) }
    }
    /// The provider it came from, e.g. `ecb` (see ``RateSource``).
    package let source: String
    package let baseCurrency: String
    /// The day the provider says these rates are for.
    package let effectiveDate: CalendarDate
    /// When the app stored it.
    package let storedAt: Date
    /// The provider as people know it (name, site, whether bundled), looked up from ``source``.
    package var provider: RateSource { RateSource.withID(source) }
    /// Units of each currency per one unit of `baseCurrency`; the base itself maps to 1.
    package let rates: [String: Decimal]
    /// The codes this snapshot can convert between, sorted (once: every page lists them).
    package let currencyCodes: [String]
    /// Tells this stored snapshot from every other, for cache validators (written once: every
    /// cacheable response names it).
    package private(set) var versionKey: String

    package init(
        id: UUID? = nil, source: String, baseCurrency: String, effectiveDate: CalendarDate,
        storedAt: Date, rates: [String: Decimal]
    ) {
        self.id = id
        self.source = source
        self.baseCurrency = baseCurrency
        self.effectiveDate = effectiveDate
        self.storedAt = storedAt
        var rates = rates
        rates[baseCurrency] = 1
        self.rates = rates
        currencyCodes = rates.keys.sorted()
        versionKey = Self.versionKey(source: source, effectiveDate: effectiveDate, id: id, storedAt: storedAt)
    }

    private static func versionKey(source: String, effectiveDate: CalendarDate, id: UUID?, storedAt: Date) -> String {
        "\(source)/\(effectiveDate)/\(id?.uuidString ?? String(storedAt.timeIntervalSince1970))"
    }
}
