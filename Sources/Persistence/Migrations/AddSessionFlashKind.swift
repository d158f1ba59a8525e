import Fluent

/// A session's flash message gains its kind (`success` or `error`), so a page shows a failed
/// action as an error without guessing from the message's text. Messages stored before have
/// no kind and are shown as successes, as they were.
package struct AddSessionFlashKind: AsyncMigration {
    /// As shipped (``Migrations``): existing databases know it by this name.
    package var name: String { "App.AddSessionFlashKind" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(SessionModel.schema).field("flash_kind", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(SessionModel.schema).deleteField("flash_kind").update()
    }

    package init() {}
}
