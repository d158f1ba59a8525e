import Fluent
import SQLKit

/// The ledger conversions signed-in users keep (the last 50 each, for 90 days), newest first
/// off one index.
package struct CreateLedgerConversions: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        try await database.schema(LedgerConversionModel.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .field("receipt", .data, .required)
            .field("result", .data, .required)
            .create()
        try await (database as! any SQLDatabase)
            .create(index: "ledger_conversions_owner_idx").on(LedgerConversionModel.schema)
            .column("owner_id").column("created_at")
            .run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(LedgerConversionModel.schema).delete()
    }

    package init() {}
}
