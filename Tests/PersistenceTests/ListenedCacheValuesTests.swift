import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

@Suite("A cache's values looked up together")
struct ListenedCacheValuesTests {
    @Test("every item of a group under one lock, or none when any is missing, too old or the cache is not live")
    func values() {
        let cache = ListenedCache<Int>(capacity: 10, maxAge: 60, isLive: true)
        let now = Date(timeIntervalSince1970: 1_000)
        for (item, value) in [("a", 1), ("b", 2)] { cache.store(value, group: "days", item: item, ticket: cache.ticket(), now: now) }
        #expect(cache.values("days", ["b", "a"], now: now) == [2, 1])
        #expect(cache.values("days", ["a", "c"], now: now) == nil, "one not cached")
        #expect(cache.values("other", ["a"], now: now) == nil)
        #expect(cache.values("days", ["a"], now: now.addingTimeInterval(61)) == nil, "too old")
        cache.setLive(false)
        #expect(cache.values("days", ["a"], now: now) == nil, "not live")
        #expect(cache.statistics.hits == 2 && cache.statistics.misses == 4)
    }

    @Test("the same question asked again gets the last answer until anything kept changes, and never past its age")
    func answerKeptUntilAChange() {
        let cache = ListenedCache<Int>(capacity: 10, maxAge: 60, isLive: true)
        let now = Date(timeIntervalSince1970: 1_000)
        for (item, value) in [("a", 1), ("b", 2)] { cache.store(value, group: "days", item: item, ticket: cache.ticket(), now: now) }
        let first = cache.valuesAndGeneration("days", ["a", "b"], now: now)
        #expect(first?.values == [1, 2])
        #expect(cache.valuesAndGeneration("days", ["a", "b"], now: now.addingTimeInterval(30))?.generation == first?.generation)
        #expect(cache.values("days", ["a", "b"], now: now.addingTimeInterval(61)) == nil, "too old, asked again")

        cache.store(3, group: "days", item: "a", ticket: cache.ticket(), now: now.addingTimeInterval(70))
        cache.store(2, group: "days", item: "b", ticket: cache.ticket(), now: now.addingTimeInterval(70))
        let stored = cache.valuesAndGeneration("days", ["a", "b"], now: now.addingTimeInterval(70))
        #expect(stored?.values == [3, 2], "a value stored since")
        #expect(stored?.generation != first?.generation)
        cache.store(4, group: "days", item: "c", ticket: cache.ticket(), now: now.addingTimeInterval(70))
        #expect(cache.generation != stored?.generation, "any value stored moves the generation on")
        cache.evict("days")
        #expect(cache.values("days", ["a", "b"], now: now.addingTimeInterval(70)) == nil, "evicted")
        cache.store(5, group: "days", item: "a", ticket: cache.ticket(), now: now.addingTimeInterval(70))
        #expect(cache.values("days", ["a"], now: now.addingTimeInterval(70)) == [5])
        cache.flush()
        #expect(cache.values("days", ["a"], now: now.addingTimeInterval(70)) == nil, "flushed")
    }
}
