import Foundation

/// Storage for refreshes: a lock so only one runs at a time across all instances, a
/// transaction for what one refresh stores, and the log of attempts.
protocol RateRefreshStore: Sendable {
    /// Runs `body` in one transaction while holding the refresh lock; `nil` (without running
    /// `body`) when another refresh holds it.
    func withRefreshLock<T: Sendable>(_ body: @escaping @Sendable (any RefreshTransaction) async throws -> T) async throws -> T?
    /// Logs an attempt outside any refresh transaction (failures, busy).
    func record(_ attempt: RefreshAttempt) async throws
    /// The newest attempts first.
    func recentAttempts(limit: Int) async throws -> [RefreshAttempt]
}

/// What a refresh may do while it holds the lock; all of it commits or none of it does.
protocol RefreshTransaction: Sendable {
    func latest() async throws -> RateSnapshot?
    func save(_ snapshot: RateSnapshot) async throws -> RateSnapshot
    /// The days already stored from `source`.
    func storedDates(source: String) async throws -> Set<CalendarDate>
    func record(_ attempt: RefreshAttempt) async throws
}
