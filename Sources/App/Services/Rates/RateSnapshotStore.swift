import Foundation

/// Where snapshots are kept: every snapshot ever stored, the newest effective one current.
protocol RateSnapshotStore: Sendable {
    /// The current snapshot: the latest effective date, the latest stored on that date.
    func latest() async throws -> RateSnapshot?
    /// Stores `snapshot` and its rates in one transaction; returns it with its id.
    func save(_ snapshot: RateSnapshot) async throws -> RateSnapshot
    func isEmpty() async throws -> Bool
    /// The current snapshot's id, without loading its rates.
    func latestID() async throws -> UUID?
}
