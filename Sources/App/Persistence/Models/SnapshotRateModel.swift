import Fluent
import Foundation

/// One currency's rate in a stored snapshot: units of the currency per one unit of the base.
final class SnapshotRateModel: Model, @unchecked Sendable {
    static let schema = "snapshot_rates"

    @ID(key: .id) var id: UUID?
    @Parent(key: "snapshot_id") var snapshot: RateSnapshotModel
    @Field(key: "currency_code") var currencyCode: String
    /// `numeric` on PostgreSQL; exact decimal text on SQLite (see `Decimal+SQLite.swift`).
    @Field(key: "rate") var rate: Decimal

    init() {}

    init(snapshotID: UUID, currencyCode: String, rate: Decimal) {
        id = UUID()
        $snapshot.id = snapshotID
        self.currencyCode = currencyCode
        self.rate = rate
    }
}
