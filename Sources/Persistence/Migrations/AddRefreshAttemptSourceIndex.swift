import Fluent
import SQLKit

/// Each provider's newest success and failure (the admin's health table, `/health/providers`)
/// are read by source and outcome, newest first: without this index, a provider that has not
/// succeeded lately costs a scan of the whole log.
package struct AddRefreshAttemptSourceIndex: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        try await (database as! any SQLDatabase)
            .create(index: "rate_refresh_attempts_source_outcome_idx").on(RefreshAttemptModel.schema)
            .column("source").column("outcome").column("started_at").run()
    }

    package func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).drop(index: "rate_refresh_attempts_source_outcome_idx").run()
    }

    package init() {}
}
