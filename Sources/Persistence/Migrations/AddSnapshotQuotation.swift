import Fluent
import SQLKit

/// Snapshots say which way their rates are written (``Quotation``): the central banks that
/// quote their own currency per unit of another are stored as they publish. Snapshots stored
/// before are the ECB's and ExchangeRate-API's, units per one unit of the base. Each provider's
/// newest day is looked up by source, so the source leads an index of its own.
package struct AddSnapshotQuotation: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        try await database.schema(RateSnapshotModel.schema)
            .field("quotation", .string, .required, .sql(.default("units-per-base")))
            .update()
        try await (database as! any SQLDatabase)
            .create(index: "rate_snapshots_source_idx").on(RateSnapshotModel.schema)
            .column("source").column("effective_date").column("stored_at")
            .run()
    }

    package func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).drop(index: "rate_snapshots_source_idx").run()
        try await database.schema(RateSnapshotModel.schema).deleteField("quotation").update()
    }

    package init() {}
}
