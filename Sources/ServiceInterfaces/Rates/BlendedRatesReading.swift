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
    func providerDays() async throws -> [(source: RateSource, days: RateDays)]
    /// One provider's stored days, blended or not.
    func providerDays(of source: RateSource) async throws -> RateDays
    var pegs: [Peg] { get }
}

/// The blend of every day, as stored days are kept (``RateDays``: units per euro), with each
/// day's screened-out quotes.
package struct BlendedSeries: Sendable {
    package let days: RateDays
    /// Each day's outliers, newest day first.
    package let outliers: [(date: CalendarDate, outliers: [Outlier])]
    /// The stored days it was built from.
    package let version: String

    package init(days: RateDays, outliers: [(date: CalendarDate, outliers: [Outlier])], version: String) {
        self.days = days
        self.outliers = outliers
        self.version = version
    }
}
