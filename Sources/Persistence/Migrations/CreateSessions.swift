import Fluent
import SQLKit

package struct CreateSessions: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.CreateSessions" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(SessionModel.schema)
            .field("id", .string, .identifier(auto: false))
            .field("user_id", .uuid, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("csrf_token", .string, .required)
            .field("flash", .string)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .create()
        // Expired sessions are swept by expiry.
        try await (database as! any SQLDatabase)
            .create(index: "sessions_expires_at_idx").on(SessionModel.schema).column("expires_at").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(SessionModel.schema).delete()
    }

    package init() {}
}
