import Core
import Logging
import NIOConcurrencyHelpers
import Persistence

/// Reads the rates conversions use. Interactors depend on this, so tests can hand them any snapshot.
package protocol CurrentRatesReading: Sendable {
    /// The current snapshot, or `nil` when no rates have been stored yet.
    func currentSnapshot() async -> RateSnapshot?
}

/// The current snapshot held in memory, so a conversion never waits on the database.
/// Loaded at start and replaced whenever a newer snapshot is stored.
package final class CurrentRates: CurrentRatesReading {
    private let store: FluentRateSnapshotStore
    private let logger: Logger
    private let snapshot = NIOLockedValueBox<RateSnapshot?>(nil)

    package init(store: FluentRateSnapshotStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    package func currentSnapshot() async -> RateSnapshot? {
        if let snapshot = snapshot.withLockedValue({ $0 }) { return snapshot }
        // Nothing in memory yet (an empty store at start): look again, so "Retry" can succeed
        // once rates exist. Only this rare path touches the database.
        do {
            try await reload()
        } catch {
            logger.error("Could not load the current rates: \(String(reflecting: error))")
        }
        return snapshot.withLockedValue { $0 }
    }

    /// What is in memory now, without asking the database.
    package var loaded: RateSnapshot? { snapshot.withLockedValue { $0 } }

    /// Replaces what is in memory with the store's current snapshot.
    package func reload() async throws {
        let latest = try await store.latest()
        snapshot.withLockedValue { $0 = latest }
    }

    /// Stores `new` and makes it current unless a newer snapshot is already current.
    @discardableResult
    package func store(_ new: RateSnapshot) async throws -> RateSnapshot {
        let stored = try await store.save(new)
        adopt(stored)
        return stored
    }

    /// Makes a snapshot stored elsewhere (a refresh transaction) current, unless a newer one
    /// (or one of the configured provider's, for another provider's) is.
    package func adopt(_ stored: RateSnapshot) {
        snapshot.withLockedValue { current in
            if current.map({ isNewer(stored, than: $0) }) ?? true { current = stored }
        }
    }

    /// Reloads when another instance has stored a newer snapshot (instances share one database
    /// but each keeps its rates in memory). One indexed query when nothing changed.
    package func syncWithStore() async throws {
        let latestID = try await store.latestID()
        if latestID != snapshot.withLockedValue({ $0?.id }) { try await reload() }
    }

    /// The configured provider's snapshots come first (``FluentRateSnapshotStore/currentSources``), then the newest.
    package func isNewer(_ a: RateSnapshot, than b: RateSnapshot) -> Bool {
        let (aPreferred, bPreferred) = (store.isPreferred(a), store.isPreferred(b))
        if aPreferred != bPreferred { return aPreferred }
        return (a.effectiveDate, a.storedAt) > (b.effectiveDate, b.storedAt)
    }
}
