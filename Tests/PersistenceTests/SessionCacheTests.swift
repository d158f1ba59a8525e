import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

@Suite("Session cache: trusted only while changes are heard; a read that raced a change is not kept")
struct SessionCacheTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func session(_ digest: String = "d1", expiresIn seconds: TimeInterval = 3600) -> StoredSession {
        StoredSession(
            tokenDigest: digest, csrfToken: "csrf", user: nil, flash: nil,
            expiresAt: now.addingTimeInterval(seconds))
    }

    @Test("a stored session is answered from memory until it is evicted")
    func hitThenEvict() {
        let cache = SessionCache(capacity: 10, isLive: true)
        #expect(cache.session("d1", now: now) == nil)
        cache.store(session(), ticket: cache.ticket(), now: now)
        #expect(cache.session("d1", now: now) == session())
        cache.evict("d1")
        #expect(cache.session("d1", now: now) == nil)
        #expect(cache.statistics == SessionCache.Statistics(hits: 1, misses: 2, evictions: 1, flushes: 0))
    }

    @Test("a read that began before an eviction does not put the old session back")
    func raceWithEviction() {
        let cache = SessionCache(capacity: 10, isLive: true)
        let ticket = cache.ticket() // a request starts reading the session...
        cache.evict("d1") // ...another instance signs it out meanwhile...
        cache.store(session(), ticket: ticket, now: now) // ...and the read ends with the old row
        #expect(cache.session("d1", now: now) == nil)
        cache.store(session(), ticket: cache.ticket(), now: now)
        #expect(cache.session("d1", now: now) != nil)
    }

    @Test("changes to other sessions during a read do not keep it out; a flush does")
    func otherEvictions() {
        let cache = SessionCache(capacity: 10, isLive: true)
        var ticket = cache.ticket()
        cache.evict("someone else")
        cache.store(session(), ticket: ticket, now: now)
        #expect(cache.session("d1", now: now) != nil)
        cache.evict("d1")
        ticket = cache.ticket()
        cache.flush()
        cache.store(session(), ticket: ticket, now: now)
        #expect(cache.session("d1", now: now) == nil)
    }

    @Test("nothing is kept or answered while changes cannot be heard, and going live or not flushes")
    func notLive() {
        let cache = SessionCache(capacity: 10, isLive: false)
        cache.store(session(), ticket: cache.ticket(), now: now)
        #expect(cache.count == 0 && cache.session("d1", now: now) == nil)
        cache.setLive(true)
        cache.store(session(), ticket: cache.ticket(), now: now)
        #expect(cache.session("d1", now: now) != nil)
        cache.setLive(false)
        #expect(cache.count == 0 && cache.session("d1", now: now) == nil)
        cache.setLive(true)
        #expect(cache.session("d1", now: now) == nil)
    }

    @Test("expired sessions and entries older than the maximum age are read again")
    func expiryAndAge() {
        let cache = SessionCache(capacity: 10, maxAge: 60, isLive: true)
        cache.store(session("short", expiresIn: 10), ticket: cache.ticket(), now: now)
        cache.store(session("long"), ticket: cache.ticket(), now: now)
        #expect(cache.session("short", now: now.addingTimeInterval(9)) != nil)
        #expect(cache.session("short", now: now.addingTimeInterval(10)) == nil)
        #expect(cache.session("long", now: now.addingTimeInterval(59)) != nil)
        #expect(cache.session("long", now: now.addingTimeInterval(60)) == nil)
        cache.store(session("gone", expiresIn: -1), ticket: cache.ticket(), now: now)
        #expect(cache.count == 0)
    }

    @Test("a full cache drops its oldest half; a flush drops everything; capacity 0 keeps nothing")
    func capacity() {
        let cache = SessionCache(capacity: 4, isLive: true)
        for index in 0..<4 {
            cache.store(session("d\(index)"), ticket: cache.ticket(), now: now.addingTimeInterval(Double(index)))
        }
        cache.store(session("d4"), ticket: cache.ticket(), now: now.addingTimeInterval(4))
        #expect(cache.count == 3)
        #expect(cache.session("d0", now: now.addingTimeInterval(5)) == nil && cache.session("d1", now: now.addingTimeInterval(5)) == nil)
        #expect(cache.session("d4", now: now.addingTimeInterval(5)) != nil)
        cache.flush()
        #expect(cache.count == 0)
        let off = SessionCache(capacity: 0, isLive: true)
        off.store(session(), ticket: off.ticket(), now: now)
        #expect(off.count == 0)
    }
}
