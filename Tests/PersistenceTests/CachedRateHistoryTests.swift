import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

@Suite("Rate history kept in memory")
struct CachedRateHistoryTests {
    /// Stored days whose reading can be made slow, counting its reads.
    /// Days whose read can be held until the test releases it: a slow read without a clock.
    final class HeldDays: StoredRateDays, @unchecked Sendable {
        let lock = NSLock()
        var rate = Decimal(1)
        var reads = 0
        private var isHeld = false
        private var held: [CheckedContinuation<Void, Never>] = []

        func hold() { lock.withLock { isHeld = true } }

        func release() {
            let waiting = lock.withLock {
                isHeld = false
                defer { held = [] }
                return held
            }
            waiting.forEach { $0.resume() }
        }

        func days(_ selection: RateDays.Selection) async throws -> RateDays {
            let rate = lock.withLock {
                reads += 1
                return self.rate
            }
            await withCheckedContinuation { continuation in
                let goOn = lock.withLock {
                    if isHeld { held.append(continuation) }
                    return !isHeld
                }
                if goOn { continuation.resume() }
            }
            var builder = RateDays.Builder()
            let snapshot = UUID()
            builder.add(snapshot: snapshot, date: CalendarDate(iso8601: "2025-05-09")!, code: "EUR", rate: 1)
            builder.add(snapshot: snapshot, date: CalendarDate(iso8601: "2025-05-09")!, code: "USD", rate: rate)
            return builder.build()
        }

        func history(
            of selection: RateDays.Selection, from: String, to: String, range: HistoryRange, around date: CalendarDate?
        ) async throws -> PairHistory {
            try await days().history(from: from, to: to, range: range, around: date)
        }
    }

    @Test(
        "after a change, a slow read of the days is waited for briefly, then the days read before answer until it ends",
        .timeLimit(.minutes(1)))
    func staleWhileReading() async throws {
        let base = HeldDays()
        let cache = RateDaysCache(enabled: true, isLive: true, providers: ProviderCatalog.everyDeclared.fetchable.count)
        // Long enough for a read that is not held to finish on a machine busy with other tests.
        let staleAfter = Duration.seconds(2)
        let service = CachedRateHistoryService(base: base, cache: cache, staleAfter: staleAfter, now: { testNow })
        let first = try await service.history(from: "EUR", to: "USD")
        #expect(first.points.map(\.rate) == [1])

        // A read after a change that is not held is waited for: the new rate at once.
        base.lock.withLock { base.rate = 2 }
        cache.snapshotsChanged()
        #expect(try await service.history(from: "EUR", to: "USD").points.map(\.rate) == [2])

        // A held one: the previous days answer meanwhile, and the read is shared.
        base.lock.withLock { base.rate = 3 }
        base.hold()
        cache.snapshotsChanged()
        let started = ContinuousClock.now
        #expect(try await service.history(from: "EUR", to: "USD").points.map(\.rate) == [2])
        #expect(try await service.history(from: "EUR", to: "USD").points.map(\.rate) == [2])
        #expect(ContinuousClock.now - started >= staleAfter)
        #expect(base.lock.withLock { base.reads } == 3)

        // Once it ends, its days answer, read once.
        base.release()
        #expect(try await service.history(from: "EUR", to: "USD").points.map(\.rate) == [3])
        #expect(try await service.history(from: "EUR", to: "USD").points.map(\.rate) == [3])
        #expect(base.lock.withLock { base.reads } == 3)
    }
}

extension CachedRateHistoryTests {
    /// Counts the reads of each selection.
    final class CountedDays: StoredRateDays {
        let reads = NIOLockedValueBox<[RateDays.Selection: Int]>([:])
        func days(_ selection: RateDays.Selection) async throws -> RateDays {
            reads.withLockedValue { $0[selection, default: 0] += 1 }
            return RateDays.Builder().build()
        }
        func history(
            of selection: RateDays.Selection, from: String, to: String, range: HistoryRange, around date: CalendarDate?
        ) async throws -> PairHistory {
            try await days(selection).history(from: from, to: to, range: range, around: date)
        }
    }

    @Test(
        "every provider's days, the ECB's and every stored day's are kept at once: a blend of all of them reads none again (with sixteen kept, each /v2/rates read 47 providers' days, 5 s)"
    )
    func everyProviderKept() async throws {
        let base = CountedDays()
        let service = CachedRateHistoryService(
            base: base, cache: RateDaysCache(enabled: true, isLive: true, providers: ProviderCatalog.everyDeclared.fetchable.count),
            now: { testNow })
        let selections = [RateDays.Selection.all, .ecb] + ProviderCatalog.everyDeclared.fetchable.map { .provider($0.id) }
        #expect(selections.count > 40)
        for _ in 0..<3 {
            for selection in selections { _ = try await service.days(selection) }
        }
        #expect(base.reads.withLockedValue { $0 }.values.allSatisfy { $0 == 1 }, "\(base.reads.withLockedValue { $0 })")
    }

    /// Three years of days: each range of a pair whose whole series is kept is the walk's.
    final class ThreeYears: StoredRateDays {
        let days: RateDays = {
            var builder = RateDays.Builder()
            var day = CalendarDate(iso8601: "2023-01-02")!.dayNumber
            for index in 0..<780 {
                let snapshot = UUID(), date = CalendarDate(dayNumber: day)
                builder.add(snapshot: snapshot, date: date, code: "EUR", rate: 1)
                builder.add(snapshot: snapshot, date: date, code: "USD", rate: Decimal(1) + Decimal(index % 50) / 1000)
                if index % 3 != 0 { builder.add(snapshot: snapshot, date: date, code: "GBP", rate: Decimal(string: "0.85")!) }
                day += (day + 3) % 7 == 4 ? 3 : 1 // Friday → Monday
            }
            return builder.build()
        }()
        func days(_ selection: RateDays.Selection) async throws -> RateDays { days }
        func history(
            of selection: RateDays.Selection, from: String, to: String, range: HistoryRange, around date: CalendarDate?
        ) async throws -> PairHistory {
            days.history(from: from, to: to, range: range, around: date)
        }
    }

    @Test("a pair's whole series, once asked for, answers its other ranges as the walk over the days would")
    func keptSeries() async throws {
        let base = ThreeYears()
        let service = CachedRateHistoryService(
            base: base, cache: RateDaysCache(enabled: true, isLive: true, providers: ProviderCatalog.everyDeclared.fetchable.count),
            now: { testNow })
        for (from, to) in [("USD", "EUR"), ("GBP", "USD")] {
            let all = try await service.history(from: from, to: to)
            #expect(all == base.days.history(from: from, to: to))
            for range in HistoryRange.allCases {
                for date in [nil, CalendarDate(iso8601: "2023-02-01"), CalendarDate(iso8601: "2024-06-30")] {
                    let kept = try await service.history(from: from, to: to, range: range, around: date)
                    #expect(
                        kept == base.days.history(from: from, to: to, range: range, around: date),
                        "\(from)/\(to) \(range) \(String(describing: date))")
                }
            }
        }
    }
}
