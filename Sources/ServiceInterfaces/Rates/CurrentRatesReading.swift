import Core

/// Reads the rates conversions use. Interactors depend on this, so tests can hand them any snapshot.
package protocol CurrentRatesReading: Sendable {
    /// The default source's current snapshot (falling back to the blend, then to any stored
    /// rates, until the default source has some), or `nil` when no rates are stored at all.
    func currentSnapshot() async -> RateSnapshot?
    /// `source`'s current snapshot: a provider's newest day, or the blend (``RateSnapshot/blendSource``)
    /// of the official providers' newest days; `nil` when it has none.
    func currentSnapshot(of source: RateSourceID) async -> RateSnapshot?
    /// The sources with rates now, the blend first, then the providers in the catalogue's order.
    func availableSources() async -> [RateSource]
    /// ``availableSources()`` and a name for that list (its ids), read together: a page that
    /// shows the list names it in its key on every request, so the name is best made once with it.
    func availableSourcesAndKey() async -> (sources: [RateSource], key: String)
    /// The source used when none is asked for (`RATES_PROVIDER`).
    var defaultSource: RateSourceID { get }
}

extension CurrentRatesReading {
    package func availableSourcesAndKey() async -> (sources: [RateSource], key: String) {
        let sources = await availableSources()
        return (sources, RateSource.key(of: sources))
    }

    /// `source`'s snapshot, or the default source's when `source` is `nil`.
    package func snapshot(of source: RateSourceID?) async -> RateSnapshot? {
        guard let source, source != defaultSource else { return await currentSnapshot() }
        return await currentSnapshot(of: source)
    }
}
