import Core
import Foundation
import ServiceInterfaces

/// The use case of `/offline/rates.json`: a source's latest rates with what converting them
/// needs (each currency's minor units), as the converter uses them now.
struct OfflineInteractor: Sendable {
    let rates: any CurrentRatesReading
    let catalog: CurrencyCatalog
    let providers: ProviderCatalog
    let now: @Sendable () -> Date

    /// `source`'s latest rates (the default source's when `nil` or empty), refused for a source
    /// without rates now, as the converter refuses it.
    func rates(of typedSource: String?) async throws(Offline.Failure) -> Offline.Output {
        let sources = await rates.availableSources()
        let defaultSource = RateSource.effectiveDefault(rates.defaultSource, among: sources)
        var id = defaultSource
        if let typedSource, !typedSource.isEmpty {
            guard let chosen = RateSourceID(typedSource), sources.contains(where: { $0.id == chosen }) else {
                throw .noSuchSource(String(typedSource.prefix(24)))
            }
            id = chosen
        }
        guard let snapshot = await rates.snapshot(of: id == defaultSource ? nil : id) else { throw .ratesUnavailable }
        let shown = providers.source(snapshot.isBlend ? RateSourceID.blend : snapshot.source.provider)
        // As the converter: the default source is never out of force (it falls back on others).
        let inForceUntil = providers.source(id).cadence.flatMap { cadence in
            cadence.expires && id != defaultSource ? cadence.lastDayInForce(of: snapshot.effectiveDate).adding(days: cadence.grace) : nil
        }
        return Offline.Output(
            snapshot: snapshot, source: shown, currencies: snapshot.currencyCodes.map(catalog.currency(for:)),
            inForceUntil: inForceUntil, today: CalendarDate(containing: now()))
    }
}
