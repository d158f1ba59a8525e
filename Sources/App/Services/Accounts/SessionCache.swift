import Foundation
import NIOConcurrencyHelpers

/// Live sessions this instance has read lately, so that a signed-in request costs no database
/// round trip. Several instances share one database, so an entry may be trusted only while this
/// instance is sure to hear of every change to a session made anywhere:
///
/// - on PostgreSQL, while ``SessionChangeListener`` is listening: a trigger announces every
///   update and delete of a session (sign-out, rotation at sign-in, a flash message, expiry
///   sweeps) and every change to a user, and the listener evicts what changed. Whenever the
///   listening connection drops, the cache is flushed and bypassed until it listens again;
/// - on the embedded SQLite file there is one instance, and ``SessionStore`` evicts on its own
///   writes.
///
/// A read that raced with a change (it began before the change and ended after the eviction)
/// is not stored: every eviction moves the ``ticket`` on, and a read stores its answer only if
/// neither its session nor the whole cache was evicted since the ticket it took before reading.
final class SessionCache: Sendable {
    struct Statistics: Sendable, Equatable {
        var hits = 0
        var misses = 0
        var evictions = 0
        var flushes = 0
    }

    private struct Entry {
        let session: StoredSession
        let cachedAt: Date
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var ticket: UInt64 = 0
        /// When each session was last evicted, for reads in flight; forgotten in bulk by moving
        /// `horizon` on (a read older than the horizon is not stored).
        var evictedAt: [String: UInt64] = [:]
        var horizon: UInt64 = 0
        var isLive: Bool
        var statistics = Statistics()

        func mayStore(_ digest: String, readSince ticket: UInt64) -> Bool {
            isLive && ticket >= horizon && (evictedAt[digest] ?? 0) <= ticket
        }

        mutating func forgetAll() {
            ticket &+= 1
            horizon = ticket
            entries.removeAll()
            evictedAt.removeAll()
        }
    }

    /// At most this many sessions are kept; when full, the oldest half is dropped.
    let capacity: Int
    /// An entry is read again from the database after this long, whatever was heard meanwhile.
    let maxAge: TimeInterval
    private let state: NIOLockedValueBox<State>

    init(capacity: Int, maxAge: TimeInterval = 60, isLive: Bool) {
        self.capacity = capacity
        self.maxAge = maxAge
        state = NIOLockedValueBox(State(isLive: isLive))
    }

    var isLive: Bool { state.withLockedValue { $0.isLive } }
    var count: Int { state.withLockedValue { $0.entries.count } }
    var statistics: Statistics { state.withLockedValue { $0.statistics } }

    /// The cached live session for a token digest; `nil` when unknown, expired, too old, or while
    /// the cache cannot be trusted.
    func session(_ digest: String, now: Date) -> StoredSession? {
        state.withLockedValue { state in
            guard state.isLive, let entry = state.entries[digest] else {
                state.statistics.misses += 1
                return nil
            }
            guard entry.session.expiresAt > now, now.timeIntervalSince(entry.cachedAt) < maxAge else {
                state.entries[digest] = nil
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            return entry.session
        }
    }

    /// Take before reading the database; pass to ``store(_:ticket:now:)``.
    func ticket() -> UInt64 { state.withLockedValue { $0.ticket } }

    /// Keeps a session just read, unless anything was evicted since `ticket` was taken.
    func store(_ session: StoredSession, ticket: UInt64, now: Date) {
        guard capacity > 0 else { return }
        state.withLockedValue { state in
            guard state.mayStore(session.tokenDigest, readSince: ticket), session.expiresAt > now else { return }
            if state.entries.count >= capacity {
                let oldest = state.entries.sorted { $0.value.cachedAt < $1.value.cachedAt }.prefix(max(1, capacity / 2))
                for (digest, _) in oldest { state.entries[digest] = nil }
            }
            state.entries[session.tokenDigest] = Entry(session: session, cachedAt: now)
        }
    }

    /// Forgets one session (it changed or ended).
    func evict(_ digest: String) {
        state.withLockedValue { state in
            state.ticket &+= 1
            state.entries[digest] = nil
            state.evictedAt[digest] = state.ticket
            state.statistics.evictions += 1
            if state.evictedAt.count > 4096 { // plenty for the reads in flight; the horizon covers the rest
                state.horizon = state.ticket
                state.evictedAt.removeAll()
            }
        }
    }

    /// Forgets every session (a user changed, or changes may have been missed).
    func flush() {
        state.withLockedValue { state in
            state.forgetAll()
            state.statistics.flushes += 1
        }
    }

    /// Whether changes are being heard. Both ways the cache starts empty: what it held may have
    /// changed unheard.
    func setLive(_ live: Bool) {
        state.withLockedValue { state in
            state.forgetAll()
            state.isLive = live
            state.statistics.flushes += 1
        }
    }
}
