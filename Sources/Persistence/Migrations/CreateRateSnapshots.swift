import Fluent
import SQLKit

/// Snapshots and their rates. Every snapshot is kept: the newest is current, the rest history.
package struct CreateRateSnapshots: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.CreateRateSnapshots" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(RateSnapshotModel.schema)
            .id()
            .field("source", .string, .required)
            .field("base_currency", .string, .required)
            .field("effective_date", .string, .required)
            .field("stored_at", .datetime, .required)
            .create()
        try await database.schema(SnapshotRateModel.schema)
            .id()
            .field("snapshot_id", .uuid, .required, .references(RateSnapshotModel.schema, .id, onDelete: .cascade))
            .field("currency_code", .string, .required)
            .field("rate", database.exactDecimalType, .required)
            .unique(on: "snapshot_id", "currency_code")
            .create()
        // Finding the current snapshot reads this index backwards instead of scanning history.
        try await (database as! any SQLDatabase)
            .create(index: "rate_snapshots_current_idx")
            .on(RateSnapshotModel.schema)
            .column("effective_date").column("stored_at")
            .run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(SnapshotRateModel.schema).delete()
        try await database.schema(RateSnapshotModel.schema).delete()
    }

    package init() {}
}
