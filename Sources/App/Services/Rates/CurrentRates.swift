import Core
import Foundation
import Logging
import NIOConcurrencyHelpers
import Persistence
import ServiceInterfaces

/// Each provider's newest snapshot and their blend, held in memory so a conversion never waits
/// on the database. Loaded at start, updated whenever a snapshot is stored here, and reloaded
/// when another instance has stored one.
struct CurrentRates: CurrentRatesReading {
    let store: FluentRateSnapshotStore
    let blender: RateBlender
    /// Every provider, in the order ``availableSources()`` lists those with rates.
    let providers: ProviderCatalog
    /// The providers whose rates are blended: the enabled official ones.
    let blended: Set<RateSourceID>
    var defaultSource = RateSourceID.blend
    let logger: Logger
    var now: @Sendable () -> Date = Date.init
    /// Shared by copies: one instance's rates, whichever copy stores or reads them.
    private let state = NIOLockedValueBox<State?>(nil)

    private struct State {
        /// By provider (``RateSourceID/provider``: the bundled ECB copy is the ECB's).
        var snapshots: [RateSourceID: RateSnapshot] { didSet { sources = Self.sources(snapshots, blend, providers) } }
        var blend: RateSnapshot? { didSet { sources = Self.sources(snapshots, blend, providers) } }
        let providers: ProviderCatalog
        /// The day the blend is today's of.
        var blendDay: CalendarDate
        /// The sources with rates, the blend first: made when the rates change, not per page
        /// (every result page and API answer asks), and their name.
        private(set) var sources: [RateSource] { didSet { sourcesKey = RateSource.key(of: sources) } }
        private(set) var sourcesKey: String

        init(snapshots: [RateSourceID: RateSnapshot], blend: RateSnapshot?, blendDay: CalendarDate, providers: ProviderCatalog) {
            self.snapshots = snapshots
            self.blend = blend
            self.blendDay = blendDay
            self.providers = providers
            sources = Self.sources(snapshots, blend, providers)
            sourcesKey = RateSource.key(of: sources)
        }

        private static func sources(
            _ snapshots: [RateSourceID: RateSnapshot], _ blend: RateSnapshot?, _ providers: ProviderCatalog
        ) -> [RateSource] {
            (blend == nil ? [] : [.blend]) + providers.fetchable.filter { snapshots[$0.id] != nil }
        }
    }

    func currentSnapshot() async -> RateSnapshot? {
        guard let state = await loadedState() else { return nil }
        return Self.snapshot(of: defaultSource, in: state) ?? state.blend
            ?? state.snapshots.values.max { (a, b) in (a.effectiveDate, a.storedAt) < (b.effectiveDate, b.storedAt) }
    }

    func currentSnapshot(of source: RateSourceID) async -> RateSnapshot? {
        guard let state = await loadedState() else { return nil }
        return Self.snapshot(of: source, in: state)
    }

    func availableSources() async -> [RateSource] {
        await loadedState()?.sources ?? []
    }

    func availableSourcesAndKey() async -> (sources: [RateSource], key: String) {
        guard let state = await loadedState() else { return ([], "") }
        return (state.sources, state.sourcesKey)
    }

    /// The default source's snapshot in memory now, without asking the database.
    var loaded: RateSnapshot? {
        state.withLockedValue { state in
            state.flatMap { Self.snapshot(of: defaultSource, in: $0) ?? $0.blend ?? $0.snapshots.values.first }
        }
    }

    private static func snapshot(of source: RateSourceID, in state: State) -> RateSnapshot? {
        source == RateSourceID.blend ? state.blend : state.snapshots[source.provider]
    }

    /// What is in memory; read from the database the first time (or while nothing was stored:
    /// then "Retry" can succeed once rates exist). Only that rare path touches the database.
    /// The blend is made again when the day has turned (a day dated ahead may count now).
    private func loadedState() async -> State? {
        if let state = state.withLockedValue({ $0 }), !state.snapshots.isEmpty {
            let today = CalendarDate(containing: now())
            guard state.blendDay != today else { return state }
            let blend = blend(of: state.snapshots, today: today)
            return self.state.withLockedValue { current in
                current?.blend = blend
                current?.blendDay = today
                return current
            }
        }
        do {
            try await reload()
        } catch {
            logger.error("Could not load the current rates: \(String(reflecting: error))")
        }
        return state.withLockedValue { $0 }
    }

    /// Replaces what is in memory with each source's newest stored snapshot.
    func reload() async throws {
        let latest = try await store.latestBySource()
        var snapshots: [RateSourceID: RateSnapshot] = [:]
        for snapshot in latest {
            let provider = snapshot.source.provider
            if let kept = snapshots[provider], !Self.isNewer(snapshot, than: kept) { continue }
            snapshots[provider] = snapshot
        }
        let today = CalendarDate(containing: now())
        let state = State(snapshots: snapshots, blend: blend(of: snapshots, today: today), blendDay: today, providers: providers)
        self.state.withLockedValue { $0 = state }
    }

    /// Stores `new` and makes it its provider's current snapshot unless a newer one is.
    @discardableResult
    func store(_ new: RateSnapshot) async throws -> RateSnapshot {
        let stored = try await store.save(new)
        adopt(stored)
        return stored
    }

    /// Makes a snapshot stored elsewhere (a refresh transaction) its provider's current one,
    /// unless a newer one is, and blends again.
    func adopt(_ stored: RateSnapshot) {
        let provider = stored.source.provider
        let snapshots = state.withLockedValue { state -> [RateSourceID: RateSnapshot]? in
            var snapshots = state?.snapshots ?? [:]
            if let current = snapshots[provider], !Self.isNewer(stored, than: current) { return nil }
            snapshots[provider] = stored
            return snapshots
        }
        guard let snapshots else { return }
        let today = CalendarDate(containing: now())
        let blend = blended.contains(provider) ? blend(of: snapshots, today: today) : nil
        state.withLockedValue { state in
            var updated = state ?? State(snapshots: [:], blend: nil, blendDay: today, providers: providers)
            updated.snapshots[provider] = snapshots[provider]
            if blended.contains(provider) { updated.blend = blend }
            state = updated
        }
    }

    /// Reloads when another instance has stored a snapshot (instances share one database but
    /// each keeps its rates in memory). One small query when nothing changed.
    func syncWithStore() async throws {
        let version = try await store.storedVersion()
        let changed = lastVersion.withLockedValue { last in
            defer { last = version }
            return last != version
        }
        if changed { try await reload() }
    }

    private let lastVersion = NIOLockedValueBox<String?>(nil)

    /// Today's blend of the official providers' newest days, as a snapshot.
    private func blend(of snapshots: [RateSourceID: RateSnapshot], today: CalendarDate) -> RateSnapshot? {
        let official = snapshots.filter { blended.contains($0.key) }.map(\.value)
        guard let day = blender.blend(official, on: today, admittingAhead: true), !day.rates.isEmpty else { return nil }
        return RateSnapshot(blend: day, key: BlendVersion.of(day.sources.compactMap { snapshots[$0]?.versionKey }))
    }

    /// The newest effective date first, then the latest stored.
    static func isNewer(_ a: RateSnapshot, than b: RateSnapshot) -> Bool {
        (a.effectiveDate, a.storedAt) > (b.effectiveDate, b.storedAt)
    }
}
