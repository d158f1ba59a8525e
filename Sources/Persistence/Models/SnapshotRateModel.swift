import Core
import Fluent
import Foundation

/// One currency's rate in a stored snapshot: units of the currency per one unit of the base.
package final class SnapshotRateModel: Model, @unchecked Sendable {
    package static let schema = "snapshot_rates"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "snapshot_id") package var snapshot: RateSnapshotModel
    @Field(key: "currency_code") package var currencyCode: String
    /// `numeric` on PostgreSQL; exact decimal text on SQLite (see `Decimal+SQLite.swift`).
    @Field(key: "rate") package var rate: Decimal
    /// The publisher's buying and selling rates beside ``rate``, where it writes them.
    @OptionalField(key: "buying") package var buying: Decimal?
    @OptionalField(key: "selling") package var selling: Decimal?

    package init() {}

    package init(snapshotID: UUID, currencyCode: String, rate: Decimal) {
        id = UUID()
        $snapshot.id = snapshotID
        self.currencyCode = currencyCode
        self.rate = rate
    }

    /// `code`'s rate in `snapshot`, with its buying and selling rates where it has them.
    package convenience init(snapshotID: UUID, code: String, of snapshot: RateSnapshot) {
        self.init(snapshotID: snapshotID, currencyCode: code, rate: snapshot.rates[code]!)
        buying = snapshot.sides.buying[code]
        selling = snapshot.sides.selling[code]
    }
}
