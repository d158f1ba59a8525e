import Fluent
import Foundation

/// The blend of every day as an instance built it (``BlendedSeries/Assembler``'s archive), by
/// the stored days it was blended from: read back by a restart or another instance instead of
/// being blended again.
package final class BlendedSeriesModel: Model, @unchecked Sendable {
    package static let schema = "blended_series"

    @ID(key: .id) package var id: UUID?
    /// ``BlendedSeries/version`` (the day it was built on and the providers' days blended) and
    /// the build that blended them (``FluentBlendedSeriesStore/build``).
    @Field(key: "version") package var version: String
    @Field(key: "stored_at") package var storedAt: Date
    @Field(key: "archive") package var archive: Data

    package init() {}

    package init(version: String, storedAt: Date, archive: Data) {
        id = UUID()
        self.version = version
        self.storedAt = storedAt
        self.archive = archive
    }
}
