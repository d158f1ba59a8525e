import Foundation
import NIOConcurrencyHelpers
import ServiceInterfaces

/// Values this instance has read from the database lately, kept so that a request costs no
/// round trip, and trusted only while this instance is sure to hear of every change made to
/// them by any instance:
///
/// - on PostgreSQL, while ``ChangeListener`` is listening: triggers announce every change, and
///   the listener evicts the group that changed (a session; one owner's contact pages). Whenever
///   the listening connection drops, the cache is flushed and bypassed until it listens again;
/// - on the embedded SQLite file there is one instance, and the services evict on their own writes.
///
/// Values are kept in groups (what one change makes stale) of items. A read that raced with a
/// change (it began before the change and ended after the eviction) is not stored: every
/// eviction moves the ``ticket()`` on, and a read stores its answer only if neither its group
/// nor the whole cache was evicted since the ticket it took before reading.
package final class ListenedCache<Value: Sendable>: Sendable {
    package struct Statistics: Sendable, Equatable {
        package var hits = 0
        package var misses = 0
        package var evictions = 0
        package var flushes = 0
    }

    private struct Entry {
        let value: Value
        let cachedAt: Date
    }

    private struct State {
        /// Every change to what is kept moves ``generation`` on.
        var groups: [String: [String: Entry]] = [:] {
            didSet {
                generation &+= 1
                lastValues = nil
            }
        }
        var generation: UInt64 = 0
        /// The last answer of ``values(_:_:now:)``: asked again before anything changed (every
        /// page of the blend asks for ninety providers' days), it is given again without a look-up.
        var lastValues: (group: String, items: [String], generation: UInt64, oldest: Date, values: [Value])?
        var count = 0
        var ticket: UInt64 = 0
        /// When each group was last evicted, for reads in flight; forgotten in bulk by moving
        /// `horizon` on (a read older than the horizon is not stored).
        var evictedAt: [String: UInt64] = [:]
        var horizon: UInt64 = 0
        var isLive: Bool
        var statistics = Statistics()

        func mayStore(_ group: String, readSince ticket: UInt64) -> Bool {
            isLive && ticket >= horizon && (evictedAt[group] ?? 0) <= ticket
        }

        mutating func remove(_ group: String) {
            count -= groups.removeValue(forKey: group)?.count ?? 0
        }

        mutating func forgetAll() {
            ticket &+= 1
            horizon = ticket
            groups.removeAll()
            count = 0
            evictedAt.removeAll()
        }
    }

    /// At most this many values are kept; when full, the oldest half of the groups is dropped.
    package let capacity: Int
    /// A value is read again from the database after this long, whatever was heard meanwhile.
    package let maxAge: TimeInterval
    /// Whether a cached value may still be served at a time (a session must not have expired);
    /// `nil`: any value is, until ``maxAge``.
    private let isCurrent: (@Sendable (Value, Date) -> Bool)?
    private let state: NIOLockedValueBox<State>

    package init(
        capacity: Int, maxAge: TimeInterval = 60, isLive: Bool,
        isCurrent: (@Sendable (Value, Date) -> Bool)? = nil
    ) {
        self.capacity = capacity
        self.maxAge = maxAge
        self.isCurrent = isCurrent
        state = NIOLockedValueBox(State(isLive: isLive))
    }

    package var isLive: Bool { state.withLockedValue { $0.isLive } }
    package var count: Int { state.withLockedValue { $0.count } }
    package var statistics: Statistics { state.withLockedValue { $0.statistics } }

    /// The cached value; `nil` when unknown, no longer current, too old, or while the cache
    /// cannot be trusted.
    package func value(_ group: String, _ item: String = "", now: Date) -> Value? {
        state.withLockedValue { state in
            guard state.isLive, let entry = state.groups[group]?[item] else {
                state.statistics.misses += 1
                return nil
            }
            guard isCurrent?(entry.value, now) ?? true, now.timeIntervalSince(entry.cachedAt) < maxAge else {
                state.remove(group)
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            return entry.value
        }
    }

    /// Every one of `items` of `group` cached, under one lock (a page of the blend asks for
    /// each blended provider's days: one lock for them all); `nil` when any is not, as
    /// ``value(_:_:now:)`` would answer for it.
    package func values(_ group: String, _ items: [String], now: Date) -> [Value]? {
        valuesAndGeneration(group, items, now: now)?.values
    }

    /// ``values(_:_:now:)`` and the ``generation`` they were found in, read together: an answer
    /// worked out from them holds while the generation does.
    package func valuesAndGeneration(_ group: String, _ items: [String], now: Date) -> (values: [Value], generation: UInt64)? {
        state.withLockedValue { state in
            guard state.isLive else {
                state.statistics.misses += 1
                return nil
            }
            if isCurrent == nil, let last = state.lastValues, last.generation == state.generation, last.group == group,
                last.items == items, now.timeIntervalSince(last.oldest) < maxAge
            {
                state.statistics.hits += items.count
                return (last.values, state.generation)
            }
            guard let cached = state.groups[group] else {
                state.statistics.misses += 1
                return nil
            }
            var values: [Value] = []
            values.reserveCapacity(items.count)
            var oldest = now
            for item in items {
                guard let entry = cached[item], isCurrent?(entry.value, now) ?? true, now.timeIntervalSince(entry.cachedAt) < maxAge
                else {
                    state.statistics.misses += 1
                    return nil
                }
                values.append(entry.value)
                oldest = min(oldest, entry.cachedAt)
            }
            state.statistics.hits += items.count
            state.lastValues = (group, items, state.generation, oldest, values)
            return (values, state.generation)
        }
    }

    /// Moves on with every change to what is kept (a value stored, a group evicted or dropped, a flush).
    package var generation: UInt64 { state.withLockedValue { $0.generation } }

    /// Take before reading the database; pass to ``store(_:group:item:ticket:now:)``.
    package func ticket() -> UInt64 { state.withLockedValue { $0.ticket } }

    /// Keeps a value just read, unless its group or everything was evicted since `ticket`.
    package func store(_ value: Value, group: String, item: String = "", ticket: UInt64, now: Date) {
        guard capacity > 0 else { return }
        state.withLockedValue { state in
            guard state.mayStore(group, readSince: ticket), isCurrent?(value, now) ?? true else { return }
            if state.count >= capacity {
                let byAge = state.groups.map { ($0.key, $0.value.values.map(\.cachedAt).min() ?? now) }.sorted { $0.1 < $1.1 }
                for (oldest, _) in byAge.prefix(max(1, byAge.count / 2)) { state.remove(oldest) }
            }
            if state.groups[group]?[item] == nil { state.count += 1 }
            state.groups[group, default: [:]][item] = Entry(value: value, cachedAt: now)
        }
    }

    /// Forgets a group (it changed).
    package func evict(_ group: String) {
        state.withLockedValue { state in
            state.ticket &+= 1
            state.remove(group)
            state.evictedAt[group] = state.ticket
            state.statistics.evictions += 1
            if state.evictedAt.count > 4096 { // plenty for the reads in flight; the horizon covers the rest
                state.horizon = state.ticket
                state.evictedAt.removeAll()
            }
        }
    }

    /// Forgets everything (a user changed, or changes may have been missed).
    package func flush() {
        state.withLockedValue { state in
            state.forgetAll()
            state.statistics.flushes += 1
        }
    }

    /// Whether changes are being heard. Both ways the cache starts empty: what it held may have
    /// changed unheard.
    package func setLive(_ live: Bool) {
        state.withLockedValue { state in
            state.forgetAll()
            state.isLive = live
            state.statistics.flushes += 1
        }
    }
}

/// Live signed-in sessions by token digest, each its own group.
package typealias SessionCache = ListenedCache<StoredSession>

extension ListenedCache where Value == StoredSession {
    package convenience init(capacity: Int, maxAge: TimeInterval = 60, isLive: Bool) {
        self.init(capacity: capacity, maxAge: maxAge, isLive: isLive) { session, now in session.expiresAt > now }
    }

    package func session(_ digest: String, now: Date) -> StoredSession? { value(digest, now: now) }

    package func store(_ session: StoredSession, ticket: UInt64, now: Date) {
        store(session, group: session.tokenDigest, ticket: ticket, now: now)
    }
}
