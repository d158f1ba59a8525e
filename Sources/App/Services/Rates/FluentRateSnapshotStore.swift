import Fluent
import Foundation

/// Where snapshots are kept, on whichever database Fluent is configured with (PostgreSQL or
/// SQLite): every snapshot ever stored, the newest effective one current.
struct FluentRateSnapshotStore: Sendable {
    let database: DatabaseAccess
    /// Called once a snapshot is stored (committed): caches of stored days forget them.
    var stored: @Sendable () -> Void = {}

    /// The current snapshot: the latest effective date, the latest stored on that date.
    func latest() async throws -> RateSnapshot? {
        try await database.run { try await Self.newestFirst(on: $0).with(\.$rates).first()?.toEntity() }
    }

    /// Stores `snapshot` and its rates in one transaction; returns it with its id.
    func save(_ snapshot: RateSnapshot) async throws -> RateSnapshot {
        let header = RateSnapshotModel(snapshot)
        let snapshotID = header.id!
        let rates = snapshot.rates.keys.sorted().map {
            SnapshotRateModel(snapshotID: snapshotID, currencyCode: $0, rate: snapshot.rates[$0]!)
        }
        try await database.transaction { transaction in
            try await header.create(on: transaction)
            try await rates.create(on: transaction)
        }
        self.stored()
        var stored = snapshot
        stored.id = snapshotID
        return stored
    }

    /// The current snapshot's id, without loading its rates.
    func latestID() async throws -> UUID? {
        try await database.run { try await Self.newestFirst(on: $0).field(\.$id).first()?.id }
    }

    func isEmpty() async throws -> Bool {
        try await database.run { try await RateSnapshotModel.query(on: $0).count() == 0 }
    }

    /// The current snapshot first: the latest effective date, the latest stored on that date.
    private static func newestFirst(on database: any Database) -> QueryBuilder<RateSnapshotModel> {
        RateSnapshotModel.query(on: database)
            .sort(\.$effectiveDate, .descending)
            .sort(\.$storedAt, .descending)
    }
}
