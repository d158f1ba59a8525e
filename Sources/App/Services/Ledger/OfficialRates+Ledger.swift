import Core
import Persistence
import ServiceInterfaces

extension OfficialRates: LedgerRatesReading {
    /// The blend's days (every day any blended provider published, against the euro), or one
    /// provider's own days against its home currency.
    func ledgerDays(of source: RateSourceID) async throws -> LedgerDays? {
        if source == .blend {
            let series = try await blendedSeries()
            guard !series.days.days.isEmpty else { return nil }
            return LedgerDays(days: series.days, base: "EUR", providers: blended.map(\.key))
        }
        let provider = RateSource.withID(source).provider
        let days = try await providerDays(of: provider)
        guard !days.days.isEmpty else { return nil }
        // ExchangeRate-API's snapshots are against the dollar; the central banks' against their own currency.
        let base = provider.homeCurrency ?? (provider == .exchangeRateAPI ? "USD" : "EUR")
        return LedgerDays(days: days, base: base, providers: [provider.key])
    }
}
