import Fluent

/// What memory does not hold of the stored days, kept by the days it was found in (``EarlierDaysModel``).
package struct CreateEarlierDays: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        try await database.schema(EarlierDaysModel.schema)
            .id()
            .field("key", .string, .required)
            .field("codes", .string, .required)
            .field("stored_at", .datetime, .required)
            .unique(on: "key")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(EarlierDaysModel.schema).delete()
    }

    package init() {}
}
