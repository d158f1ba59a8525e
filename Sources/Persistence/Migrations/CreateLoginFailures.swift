import Fluent
import SQLKit

/// Shipped in the first accounts release. Unused since `CreateThrottleEvents`; kept so a rolling
/// deploy's older instances still find their table (the name is spelled out: its model is gone).
package struct CreateLoginFailures: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.CreateLoginFailures" }

    private static let schema = "login_failures"

    package func prepare(on database: any Database) async throws {
        try await database.schema(Self.schema)
            .id()
            .field("email", .string, .required)
            .field("failed_at", .datetime, .required)
            .create()
        // Throttling counts one email's failures in the last minutes.
        try await (database as! any SQLDatabase)
            .create(index: "login_failures_email_idx").on(Self.schema)
            .column("email").column("failed_at").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(Self.schema).delete()
    }

    package init() {}
}
