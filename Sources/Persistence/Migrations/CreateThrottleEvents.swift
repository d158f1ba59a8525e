import Fluent
import SQLKit

/// Rate limits by client and by account (`throttle_events`) replace the per-email
/// `login_failures`, whose short-lived rows are not worth carrying over. That table is left in
/// place (unused) so that instances of the previous release, still running during a rolling
/// deploy, keep working; a later release drops it.
package struct CreateThrottleEvents: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.CreateThrottleEvents" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(ThrottleEventModel.schema)
            .id()
            .field("action", .string, .required)
            .field("client", .string, .required)
            .field("account", .string)
            .field("occurred_at", .datetime, .required)
            .create()
        let sql = database as! any SQLDatabase
        // "This client's recent failures (or sign-ups)" and "this client's recent failures for
        // this account", newest first; and the sweep of old rows.
        try await sql.create(index: "throttle_events_client_idx").on(ThrottleEventModel.schema)
            .column("action").column("client").column("occurred_at").run()
        try await sql.create(index: "throttle_events_account_idx").on(ThrottleEventModel.schema)
            .column("action").column("account").column("client").column("occurred_at").run()
        try await sql.create(index: "throttle_events_occurred_idx").on(ThrottleEventModel.schema)
            .column("occurred_at").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(ThrottleEventModel.schema).delete()
    }

    package init() {}
}
