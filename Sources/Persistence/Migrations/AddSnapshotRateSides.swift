import Fluent

/// A publisher's buying and selling rates beside each stored rate, where it writes them: empty
/// for the days stored before and for the publishers that write one rate.
package struct AddSnapshotRateSides: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds no more at once.
        for side: FieldKey in ["buying", "selling"] {
            try await database.schema(SnapshotRateModel.schema).field(side, database.exactDecimalType).update()
        }
    }

    package func revert(on database: any Database) async throws {
        for side: FieldKey in ["buying", "selling"] { try await database.schema(SnapshotRateModel.schema).deleteField(side).update() }
    }

    package init() {}
}
