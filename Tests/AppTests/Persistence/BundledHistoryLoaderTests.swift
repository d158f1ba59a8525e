import Foundation
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("The bundled ECB history stored on first start, on PostgreSQL and SQLite")
struct BundledHistoryLoaderTests {
    let logger = Logger(label: "test")

    /// `from` → `to` on `date` as stored: the pair's two stored rates against the euro.
    func rates(_ app: Application, _ from: String, _ to: String, on date: String) async throws -> [Decimal]? {
        let points = try await app.appServices.rateHistory.history(from: from, to: to).points
        return points.first { $0.date.description == date }.map { [$0.fromRate, $0.toRate] }
    }

    func count(_ app: Application) async throws -> Int {
        try await RateSnapshotModel.query(on: app.db).count()
    }

    @Test("the newest day at once, the rest after; days fetched from the ECB count as stored; a second run stores nothing")
    func storesTheMissingDays() async throws {
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app in
            let found1 = try await count(app)
            #expect(found1 == 1)
            #expect(await app.appServices.currentRates.currentSnapshot()?.effectiveDate.description == "2025-05-09")
            let fetched = try #require(
                try BundledRates(archive: Fixtures.sampleArchive).days().first { $0.effectiveDate.description == "2020-03-13" })
            _ = try await app.appServices.rateStore.save(
                FetchedRates(source: "ecb", baseCurrency: "EUR", effectiveDate: fetched.effectiveDate, rates: fetched.rates)
                    .snapshot(storedAt: testNow))

            #expect(await app.appServices.historyLoader.storeMissingDays(logger: logger) == .stored(days: 3))
            let found2 = try await count(app)
            #expect(found2 == 5)
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: logger) == .complete)
            let found3 = try await count(app)
            #expect(found3 == 5)
            // Exactly the ECB's values, withdrawn currencies included.
            let found4 = try await rates(app, "USD", "GBP", on: "2008-09-15")
            #expect(found4 == [Decimal(string: "1.4151")!, Decimal(string: "0.79395")!])
            let found5 = try await rates(app, "CYP", "TRL", on: "1999-01-04")
            #expect(found5 == [Decimal(string: "0.58231")!, Decimal(372_274)])
            let found6 = try await rates(app, "CYP", "USD", on: "2008-09-15")
            #expect(found6 == nil)
            // The newest day is still the current one.
            #expect(await app.appServices.currentRates.currentSnapshot()?.effectiveDate.description == "2025-05-09")
        }
    }

    @Test("the same on SQLite")
    func storesOnSQLite() async throws {
        try await withSQLiteApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app, _ in
            let found7 = try await count(app)
            #expect(found7 == 1)
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: logger) == .stored(days: 4))
            let found8 = try await count(app)
            #expect(found8 == 5)
            let found9 = try await rates(app, "USD", "JPY", on: "2020-03-13")
            #expect(found9 == [Decimal(string: "1.1104")!, Decimal(string: "119.11")!])
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: logger) == .complete)
        }
    }

    @Test("after storing the missing days, the start reads every stored day into memory: the first history page does not wait")
    func warmsTheHistoryUp() async throws {
        try await withSQLiteApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app, _ in
            let cache = app.appServices.caches.rateDays
            #expect(cache.value(RateDaysCache.group, RateDays.Selection.ecb.key, now: testNow) == nil)
            try await app.asyncBoot() // starts the background jobs, as `serve` does
            let deadline = ContinuousClock.now + .seconds(30)
            while cache.value(RateDaysCache.group, RateDays.Selection.ecb.key, now: testNow) == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(cache.value(RateDaysCache.group, RateDays.Selection.ecb.key, now: testNow)?.days.count == 5)
        }
    }

    /// Seconds of full CPU: scripts/test runs it on its own after the suite (`FULL_HISTORY=1`),
    /// so it cannot starve the suite's timing tests.
    @Test(
        "the real archive: the newest day converts at once, 7,126 days follow in the background, the ECB's values on spot days",
        .enabled(if: ProcessInfo.processInfo.environment["FULL_HISTORY"] == "1", "runs alone: FULL_HISTORY=1"))
    func realArchive() async throws {
        let archive = try BundledRates.shipped().archive
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: archive)) { app in
            // Booting starts the background jobs, the history's load among them, as `serve` does.
            try await app.asyncBoot()
            try await app.testing().test(.GET, "/?from=USD&to=EUR&amount=100") { res in
                #expect(res.status == .ok)
                #expect(res.body.string.contains("100 USD = 89.50 EUR")) // 100 / 1.1172, the ECB's rate of 2026-10-30
            }
            try await app.testing().test(.GET, "/health/live") { res in #expect(res.status == .ok) }
            var stored = try await count(app)
            #expect(stored < 7126, "the pages answered while the older days were still loading")
            let deadline = ContinuousClock.now + .seconds(90)
            while stored < 7126, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(250))
                stored = try await count(app)
            }
            #expect(stored == 7126)
            let jpy = try await rates(app, "USD", "JPY", on: "2026-10-30")
            #expect(jpy == [Decimal(string: "1.1172")!, Decimal(string: "175.68")!])
            let gbp = try await rates(app, "USD", "GBP", on: "2008-09-15")
            #expect(gbp == [Decimal(string: "1.4151")!, Decimal(string: "0.79395")!])
            let rub = try await rates(app, "USD", "RUB", on: "2020-03-13")
            #expect(rub == [Decimal(string: "1.1104")!, Decimal(string: "80.7385")!])
        }
    }
}
