import Fluent
import SQLKit

/// A pair's history reads one currency's rate across every snapshot; index it by currency.
package struct AddSnapshotRatesCurrencyIndex: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.AddSnapshotRatesCurrencyIndex" }

    package func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase)
            .create(index: "snapshot_rates_currency_idx").on(SnapshotRateModel.schema)
            .column("currency_code").column("snapshot_id")
            .run()
    }

    package func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).drop(index: "snapshot_rates_currency_idx").run()
    }

    package init() {}
}
