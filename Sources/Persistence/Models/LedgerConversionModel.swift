import Core
import Fluent
import Foundation

/// A signed-in user's converted ledger: its receipt (JSON) and the converted file, gzip'd.
package final class LedgerConversionModel: Model, @unchecked Sendable {
    package static let schema = "ledger_conversions"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "owner_id") package var owner: UserModel
    @Field(key: "created_at") package var createdAt: Date
    @Field(key: "receipt") package var receipt: Data
    /// The converted file, gzip'd (a million lines take a few megabytes).
    @Field(key: "result") package var result: Data

    package init() {}

    package init(owner: UUID, createdAt: Date, receipt: Data, result: Data) {
        id = UUID()
        $owner.id = owner
        self.createdAt = createdAt
        self.receipt = receipt
        self.result = result
    }
}
