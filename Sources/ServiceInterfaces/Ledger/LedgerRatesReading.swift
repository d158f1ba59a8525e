import Core

/// One source's days for a ledger: a provider's own or the blend's, with what names it.
package struct LedgerDays: Sendable {
    package let days: RateDays
    /// The currency the days are against (a provider's home currency; the euro for the blend).
    package let base: String
    /// The providers behind the rates, by key (`ECB`, `NBP.B`).
    package let providers: [String]

    package init(days: RateDays, base: String, providers: [String]) {
        self.days = days
        self.base = base
        self.providers = providers
    }
}

/// Where a ledger's rates come from; a protocol for the interactor's tests.
package protocol LedgerRatesReading: Sendable {
    /// `source`'s stored days (`blend` or a provider's id) of `side` (a provider's own buying or
    /// selling rates: each stored day, empty where it has none); `nil` when it has none.
    func ledgerDays(of source: RateSourceID, side: RateSide) async throws -> LedgerDays?
}
