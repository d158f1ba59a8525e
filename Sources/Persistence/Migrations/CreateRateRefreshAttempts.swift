import Fluent
import SQLKit

package struct CreateRateRefreshAttempts: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.CreateRateRefreshAttempts" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(RefreshAttemptModel.schema)
            .id()
            .field("kind", .string, .required)
            .field("source", .string, .required)
            .field("started_at", .datetime, .required)
            .field("duration_ms", .int, .required)
            .field("actor", .string)
            .field("outcome", .string, .required)
            .field("message", .string, .required)
            .create()
        try await (database as! any SQLDatabase)
            .create(index: "rate_refresh_attempts_started_at_idx").on(RefreshAttemptModel.schema)
            .column("started_at").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(RefreshAttemptModel.schema).delete()
    }

    package init() {}
}
