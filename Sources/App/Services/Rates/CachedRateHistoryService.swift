import Foundation
import NIOConcurrencyHelpers

/// Rate history from this instance's memory: every stored day's rates (``RateDays``) read in
/// one query and kept in a ``ListenedCache``, so a pair's history costs no round trip. Storing
/// a snapshot forgets them: here once the write has committed, and on every instance through
/// ``ChangeListener`` on PostgreSQL. While the cache cannot be trusted (the listener is down),
/// each pair is read from the database as before.
///
/// The requests that find the cache empty share one read of the days, not one each.
final class CachedRateHistoryService: RateHistoryService {
    private let base: FluentRateHistoryService
    private let cache: RateDaysCache
    private let now: @Sendable () -> Date
    /// The read in flight, and the cache ticket it was started at.
    private let loading = NIOLockedValueBox<(ticket: UInt64, task: Task<RateDays, any Error>)?>(nil)

    init(base: FluentRateHistoryService, cache: RateDaysCache, now: @escaping @Sendable () -> Date) {
        self.base = base
        self.cache = cache
        self.now = now
    }

    func history(from: String, to: String) async throws -> PairHistory {
        guard cache.isLive else { return try await base.history(from: from, to: to) }
        if let days = cache.value(RateDaysCache.group, now: now()) { return days.history(from: from, to: to) }
        return try await sharedRead().history(from: from, to: to)
    }

    /// The read in flight if nothing was stored since it began, else a new one.
    private func sharedRead() async throws -> RateDays {
        let cache = cache, base = base, now = now, loading = loading
        let task = loading.withLockedValue { current in
            let ticket = cache.ticket()
            if let current, current.ticket == ticket { return current.task }
            let task = Task {
                // Done, kept or failed, the next request that misses reads again.
                defer { loading.withLockedValue { if $0?.ticket == ticket { $0 = nil } } }
                let days = try await base.days()
                cache.store(days, group: RateDaysCache.group, ticket: ticket, now: now())
                return days
            }
            current = (ticket, task)
            return task
        }
        return try await task.value
    }
}

/// Every stored day's rates, in one group (any stored snapshot makes it stale).
typealias RateDaysCache = ListenedCache<RateDays>

extension ListenedCache where Value == RateDays {
    static let group = "rates"

    /// The days are read again after `maxAge` even if nothing was heard; reading them is one
    /// query, but not a small one.
    convenience init(enabled: Bool, isLive: Bool) {
        self.init(capacity: enabled ? 1 : 0, maxAge: 600, isLive: isLive && enabled)
    }

    /// A snapshot was stored.
    func snapshotsChanged() { evict(Self.group) }
}
