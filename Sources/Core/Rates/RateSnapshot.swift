import Foundation

/// One provider's rates for one day, or the blend of several providers' for one day. The
/// rates are written as the provider writes them (``quotation``): units of each currency per
/// unit of `baseCurrency`, or units of `baseCurrency` per unit of each currency; a publisher
/// that writes some currencies one way and some the other (the South African Reserve Bank) has
/// the exceptions in ``reversed``, so every rate stays the number it published.
package struct RateSnapshot: Sendable, Equatable {
    /// Identifies the stored snapshot; `nil` until it is stored (and for a blend, which never is).
    package var id: UUID? {
        didSet { versionKey = Self.versionKey(source: source, effectiveDate: effectiveDate, id: id, storedAt: storedAt) }
    }
    /// The provider it came from, e.g. `ecb` (see ``RateSource``), or the blend's (``RateSourceID/blend``).
    package let source: RateSourceID
    package let baseCurrency: String
    /// The day the provider says these rates are for.
    package let effectiveDate: CalendarDate
    /// When the app stored it.
    package let storedAt: Date
    /// Each currency's rate, written as ``quotation`` says; the base itself maps to 1.
    package let rates: [String: Decimal]
    package let quotation: Quotation
    /// The currencies whose rates are written the other way from ``quotation``.
    package let reversed: Set<String>
    /// The codes this snapshot can convert between, sorted (once: every page lists them).
    package let currencyCodes: [String]
    /// Tells this stored snapshot from every other, for cache validators (written once: every
    /// cacheable response names it).
    package private(set) var versionKey: String
    /// For a blend: what each rate was made of.
    package var blend: BlendedDay? = nil
    /// The publisher's buying and selling rates of the day, where it writes them (never a blend's).
    package var sides = RateSides()

    package init(
        id: UUID? = nil, source: RateSourceID, baseCurrency: String, effectiveDate: CalendarDate,
        storedAt: Date, rates: [String: Decimal], quotation: Quotation = .unitsPerBase, reversed: Set<String> = []
    ) {
        self.id = id
        self.source = source
        self.baseCurrency = baseCurrency
        self.effectiveDate = effectiveDate
        self.storedAt = storedAt
        self.quotation = quotation
        self.reversed = reversed.isEmpty ? reversed : reversed.filter { $0 != baseCurrency && rates[$0] != nil }
        var rates = rates
        rates[baseCurrency] = 1
        self.rates = rates
        currencyCodes = rates.keys.sorted()
        versionKey = Self.versionKey(source: source, effectiveDate: effectiveDate, id: id, storedAt: storedAt)
    }

    /// A blend as a snapshot: units of each currency per unit of the blend's base. `key` names
    /// the blended days' versions in a few bytes: it is part of every key and validator of a page of it.
    package init(blend: BlendedDay, key: String) {
        self.init(
            source: RateSourceID.blend, baseCurrency: blend.base, effectiveDate: blend.date,
            storedAt: Date(timeIntervalSince1970: 0), rates: blend.rates.mapValues(\.rate))
        self.blend = blend
        versionKey = "blend/\(blend.date)/\(key)"
    }

    package var isBlend: Bool { source == RateSourceID.blend }

    /// Which way `code`'s rate is written.
    package func quotation(of code: String) -> Quotation {
        reversed.isEmpty || !reversed.contains(code) ? quotation : quotation.reversed
    }

    /// One unit of `from` in `to` as a quotient of two of the rates (`numerator / denominator`),
    /// crossing through the base (``Quotation/ratio(from:_:to:_:)``); `nil` when either
    /// currency has no rate.
    package func ratio(from: String, to: String) -> (numerator: Decimal, denominator: Decimal)? {
        guard let fromRate = rates[from], let toRate = rates[to] else { return nil }
        return Quotation.ratio(from: fromRate, quotation(of: from), to: toRate, quotation(of: to))
    }

    /// Units of `code` per unit of the base, whichever way its rate is written (38 digits
    /// when it must be divided).
    package func unitsPerBase(_ code: String) -> Decimal? {
        guard let rate = rates[code] else { return nil }
        return quotation(of: code) == .unitsPerBase ? rate : 1 / rate
    }

    /// The day's rates at `side`: this snapshot for the mid; for the buying or the selling side,
    /// the publisher's figures of that side as a snapshot of the same day (written the same way,
    /// its base at 1, its own ``versionKey``), or `nil` when the day has none (a blend, a
    /// publisher of mids only, a day stored before sides were).
    package func at(_ side: RateSide) -> RateSnapshot? {
        guard let sideRates = sides[side] else { return self }
        guard !sideRates.isEmpty else { return nil }
        var snapshot = RateSnapshot(
            id: id, source: source, baseCurrency: baseCurrency, effectiveDate: effectiveDate, storedAt: storedAt, rates: sideRates,
            quotation: quotation, reversed: reversed)
        snapshot.versionKey += "/" + side.rawValue
        return snapshot
    }

    private static func versionKey(source: RateSourceID, effectiveDate: CalendarDate, id: UUID?, storedAt: Date) -> String {
        "\(source)/\(effectiveDate)/\(id?.uuidString ?? String(storedAt.timeIntervalSince1970))"
    }
}
