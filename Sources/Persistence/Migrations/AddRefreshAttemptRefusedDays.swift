import Fluent

/// An attempt counts the days of its answer that broke a refresh rule
/// (``RefreshAttempt/refusedDays``), for the health table; attempts logged before refused none
/// that anyone counted.
package struct AddRefreshAttemptRefusedDays: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        try await database.schema(RefreshAttemptModel.schema)
            .field("refused_days", .int, .required, .sql(.default(0)))
            .update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(RefreshAttemptModel.schema).deleteField("refused_days").update()
    }

    package init() {}
}
