import Fluent
import Foundation

/// The currencies a selection of stored days quotes before the first day memory holds
/// (``RateDays/Builder/Earlier``), by the days they were found in: learning them reads every
/// rate of those days, which a restart over the same days then does not.
package final class EarlierDaysModel: Model, @unchecked Sendable {
    package static let schema = "earlier_days"

    @ID(key: .id) package var id: UUID?
    /// The selection, the horizon and the fingerprint of the days before it.
    @Field(key: "key") package var key: String
    /// Their currency codes, comma-separated.
    @Field(key: "codes") package var codes: String
    @Field(key: "stored_at") package var storedAt: Date

    package init() {}
}
