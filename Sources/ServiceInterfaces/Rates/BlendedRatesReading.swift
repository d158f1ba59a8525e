import Core

/// The blend and the providers' days as the v2 API reads them; a protocol for its tests.
package protocol BlendedRatesReading: Sendable {
    /// Today's blend (each provider's newest day on or before today), and what it was made of.
    func latestBlend() async throws -> (blend: BlendedDay, version: String)?
    /// The blend of `date`, of `providers` only when given.
    func blend(on date: CalendarDate, providers: [RateSourceID]?) async throws -> BlendedDay?
    /// The blends of `dates`, each dated as asked (a date no provider published is left out).
    /// `currencies`: only these need blending (the quotes and the base).
    func blends(on dates: [CalendarDate], providers: [RateSourceID]?, currencies: Set<String>?) async throws -> [BlendedDay]
    func blendedSeries() async throws -> BlendedSeries
    /// Whether a blend of every day is built (``blendedSeries()`` then answers at once, or after
    /// a moment while a newer one is built); not after a start until the first is.
    var hasBlendedSeries: Bool { get }
    func providerDays() async throws -> [(source: RateSource, days: RateDays)]
    /// One provider's stored days of `side`, blended or not.
    func providerDays(of source: RateSource, side: RateSide) async throws -> RateDays
    /// Several providers' stored days of their mid rates, in their order: those not in memory
    /// read together, in one pass over the stored rates.
    func providerDays(of sources: [RateSource]) async throws -> [RateDays]
    /// ``providerDays()`` holding every day from `date` on (every stored day when `nil`): memory
    /// may hold only the recent years (``RateDays/heldFrom``).
    func providerDays(from date: CalendarDate?) async throws -> [(source: RateSource, days: RateDays)]
    /// ``providerDays(of:side:)`` holding every day from `date` on (every stored day when `nil`).
    func providerDays(of source: RateSource, side: RateSide, from date: CalendarDate?) async throws -> RateDays
    /// Names `days` (whose, and which stored days) in a few bytes, for what an answer is made of:
    /// ninety-odd providers' versions written into an answer's key on every request cost more
    /// than the answer (docs/BENCHMARKS.md, *The page's key*).
    func name(of days: [(source: RateSource, days: RateDays)]) -> String
    var pegs: [Peg] { get }
}

extension BlendedRatesReading {
    /// Test doubles hold every day.
    package func providerDays(from date: CalendarDate?) async throws -> [(source: RateSource, days: RateDays)] {
        try await providerDays()
    }

    package func providerDays(of source: RateSource, side: RateSide, from date: CalendarDate?) async throws -> RateDays {
        try await providerDays(of: source, side: side)
    }

    /// One provider's stored days of its mid rates.
    package func providerDays(of source: RateSource) async throws -> RateDays { try await providerDays(of: source, side: .mid) }
}

/// The blend of every day, as stored days are kept (``RateDays``: units per euro), with each
/// day's screened-out quotes.
package struct BlendedSeries: Sendable {
    package let days: RateDays
    /// Each day's outliers, newest day first.
    package let outliers: [(date: CalendarDate, outliers: [Outlier])]
    /// The stored days it was built from and the day, in a few bytes (``BlendVersion``).
    package let version: String
    /// The day it was built on and each blended provider's days' version, in the blend's order:
    /// compared one by one with the days held now (rather than written into a key per request).
    package let builtOn: CalendarDate?
    package let sourceVersions: [String]
    /// Its currencies in the order of their codes, each with its column in ``days``: what every
    /// answer listing a day's rates walks, sorted once rather than for each.
    package let columnsByCode: [(code: String, column: Int)]

    package init(
        days: RateDays, outliers: [(date: CalendarDate, outliers: [Outlier])], version: String, builtOn: CalendarDate? = nil,
        sourceVersions: [String] = []
    ) {
        self.days = days
        self.outliers = outliers
        self.version = version
        self.builtOn = builtOn
        self.sourceVersions = sourceVersions
        columnsByCode = days.columns.map { (code: $0.key, column: $0.value) }.sorted { $0.code < $1.code }
    }

    /// Whether it is the series of `versions` (each provider's days' version) on `day`.
    package func isBuilt(on day: CalendarDate, from versions: some Sequence<String>) -> Bool {
        builtOn == day && sourceVersions.elementsEqual(versions)
    }
}
