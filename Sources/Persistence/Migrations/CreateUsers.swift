import Fluent

package struct CreateUsers: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.CreateUsers" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema)
            .id()
            .field("email", .string, .required)
            .field("password_hash", .string, .required)
            .field("role", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "email")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(UserModel.schema).delete()
    }

    package init() {}
}
