import Core
import Foundation

/// What the admin page asks of the refresh machinery; a protocol for the interactor's tests.
package protocol RatesRefreshing: Sendable {
    /// Every enabled provider, one attempt each.
    func refresh(actor: String?) async -> [RefreshAttempt]
    /// One provider's days over a range; `nil` when the provider cannot be backfilled here.
    func backfill(_ source: RateSourceID, days: ClosedRange<CalendarDate>, actor: String?) async -> RefreshAttempt?
    func importHistory(actor: String?) async -> RefreshAttempt
    func importFullHistory(actor: String?) async -> RefreshAttempt
    func recentAttempts(limit: Int) async throws -> [RefreshAttempt]
    /// The enabled providers whose days can be fetched over a range.
    var backfillable: [RateSource] { get }
    /// Each enabled provider's health, in the catalogue's order.
    func health() async throws -> [ProviderHealth]
    /// Whether `source` costs a document per day of a range (its backfills are kept shorter).
    func fetchesDayByDay(_ source: RateSourceID) -> Bool
    /// The files an admin may upload for enabled providers no script may fetch (the Kursliste).
    var uploadable: [UploadableFile] { get }
    /// The days of the uploaded file at `file` (of the kind `name` names), stored for each of its
    /// enabled providers, one attempt each; `nil` when no enabled provider takes such a file.
    func importUpload(named name: String, file: URL, actor: String?) async -> [RefreshAttempt]?
}

/// A publisher's file an admin uploads (``RatesRefreshing/uploadable``): its name as the form
/// sends it, the providers it fills, and the largest upload.
package struct UploadableFile: Sendable, Equatable {
    package let name: String
    package let sources: [RateSource]
    package let maxBytes: Int

    package init(name: String, sources: [RateSource], maxBytes: Int) {
        self.name = name
        self.sources = sources
        self.maxBytes = maxBytes
    }
}

/// The quotes the blend screened out lately; a protocol for the interactor's tests.
package protocol OutlierReading: Sendable {
    func recentOutliers(limit: Int) async throws -> [Outlier]
}
