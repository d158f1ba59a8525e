import Foundation
import Testing

@testable import Persistence

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
}
