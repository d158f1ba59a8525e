import Core
import Persistence
import ServiceInterfaces

extension OfficialRates: LedgerRatesReading {
    /// The blend's days (every day any blended provider published, against the euro), or one
    /// provider's own days of `side` against its home currency (the blend has no sides).
    func ledgerDays(of source: RateSourceID, side: RateSide) async throws -> LedgerDays? {
        if source == .blend {
            guard side == .mid else { return nil }
            let series = try await blendedSeries()
            guard !series.days.days.isEmpty else { return nil }
            return LedgerDays(days: series.days, base: "EUR", providers: blended.map(\.key))
        }
        let provider = providers.source(source.provider)
        // Every stored day: a ledger's lines may go back any number of years.
        let days = try await providerDays(of: provider, side: side, from: nil)
        guard !days.days.isEmpty else { return nil }
        // Each provider's days are against its own currency (ExchangeRate-API's against the dollar).
        let base = provider.homeCurrency ?? "EUR"
        return LedgerDays(days: days, base: base, providers: [provider.key])
    }
}
