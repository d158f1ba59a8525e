import Fluent

/// A refresh attempt's message gains its parts (``Message``'s English source text and its
/// arguments, as JSON), so the admin page writes it in the visitor's language. `message` keeps
/// the English sentence for anyone reading the table directly; attempts stored before have no
/// parts and are shown as they were recorded.
package struct AddRefreshAttemptMessageParts: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.AddRefreshAttemptMessageParts" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(RefreshAttemptModel.schema).field("message_parts", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(RefreshAttemptModel.schema).deleteField("message_parts").update()
    }

    package init() {}
}
