import Fluent
import SQLKit

struct CreateLoginFailures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LoginFailureModel.schema)
            .id()
            .field("email", .string, .required)
            .field("failed_at", .datetime, .required)
            .create()
        // Throttling counts one email's failures in the last minutes.
        try await (database as! any SQLDatabase)
            .create(index: "login_failures_email_idx").on(LoginFailureModel.schema)
            .column("email").column("failed_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LoginFailureModel.schema).delete()
    }
}
