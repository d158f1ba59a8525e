import Fluent

/// The blend of every day kept by the stored days it was blended from (``BlendedSeriesModel``):
/// one row per version, the newest few.
package struct CreateBlendedSeries: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        try await database.schema(BlendedSeriesModel.schema)
            .id()
            .field("version", .string, .required)
            .field("stored_at", .datetime, .required)
            .field("archive", .data, .required)
            .unique(on: "version")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(BlendedSeriesModel.schema).delete()
    }

    package init() {}
}
