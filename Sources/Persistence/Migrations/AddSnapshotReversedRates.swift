import Fluent

/// Snapshots name the currencies whose rates are written the other way from their
/// ``Quotation`` (``RateSnapshot/reversed``): the South African Reserve Bank writes rands per
/// dollar, pound and euro and other currencies per rand, and each rate is stored as published.
/// The codes are one text, space-separated (`"MOP MYR"`); every snapshot stored before has none.
package struct AddSnapshotReversedRates: AsyncMigration {
    package func prepare(on database: any Database) async throws {
        try await database.schema(RateSnapshotModel.schema)
            .field("reversed", .string, .required, .sql(.default("")))
            .update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(RateSnapshotModel.schema).deleteField("reversed").update()
    }

    package init() {}
}
