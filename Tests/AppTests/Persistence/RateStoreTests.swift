import Foundation
import SQLKit
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Rate snapshots on PostgreSQL")
struct RateStoreTests {
    func snapshot(_ day: String, storedAt: TimeInterval = 0, rates: [String: String]) -> RateSnapshot {
        RateSnapshot(
            source: "ecb", baseCurrency: "EUR", effectiveDate: CalendarDate(iso8601: day)!,
            storedAt: Date(timeIntervalSince1970: 1_700_000_000 + storedAt),
            rates: rates.mapValues(Fixtures.decimal))
    }

    @Test("rates round-trip exactly through numeric columns")
    func exactRoundTrip() async throws {
        try await withPostgresApp(.emptyStore) { app in
            let store = app.appServices.rateStore
            let tricky = [
                "GBP": "0.84770", "IDR": "18606.59", "BTC": "0.0000153412345678", "VND": "29123.123456789012",
                "XAU": "0.000342", "ONE": "1", "BIG": "123456789012345.123456",
            ]
            let saved = try await store.save(snapshot("2025-05-09", rates: tricky))
            #expect(saved.id != nil)
            let loaded = try #require(try await store.latest())
            #expect(loaded.id == saved.id)
            #expect(loaded.rates == saved.rates)
            #expect(loaded.rates["GBP"] == Fixtures.decimal("0.8477"))
            #expect(loaded.effectiveDate.description == "2025-05-09")
            #expect(loaded.source == "ecb" && loaded.baseCurrency == "EUR")
        }
    }

    @Test("the column really is numeric, not text or a float")
    func numericColumn() async throws {
        try await withPostgresApp(.emptyStore) { app in
            let sql = app.db as! any SQLDatabase
            let row = try #require(
                try await sql.raw(
                    """
                    SELECT data_type FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = 'snapshot_rates' AND column_name = 'rate'
                    """
                ).first())
            #expect(try row.decode(column: "data_type", as: String.self) == "numeric")
        }
    }

    @Test("a history stored at once brings the tables' statistics up to date, so the next read is planned on them")
    func statisticsAfterAHistory() async throws {
        try await withPostgresApp(.emptyStore) { app in
            let sql = app.db as! any SQLDatabase
            func tuples(_ table: String) async throws -> Double {
                try #require(
                    try await sql.raw(
                        "SELECT reltuples::float8 AS n FROM pg_class WHERE oid = (current_schema() || '.' || \(bind: table))::regclass"
                    ).first()?.decode(column: "n", as: Double.self))
            }
            let start = try #require(CalendarDate(iso8601: "2020-01-01")).dayNumber
            let few = (0..<3).map { snapshot(CalendarDate(dayNumber: start + $0).description, rates: ["USD": "1.1"]) }
            try await app.appServices.rateStore.saveAll(few)
            #expect(try await tuples("snapshot_rates") < 0) // never analyzed: a few rows are no reason
            let days = (3..<(3 + FluentRateSnapshotStore.analyzeAfter)).map {
                snapshot(CalendarDate(dayNumber: start + $0).description, rates: ["USD": "1.1", "GBP": "0.85"])
            }
            try await app.appServices.rateStore.saveAll(days)
            #expect(try await tuples("rate_snapshots") == Double(3 + FluentRateSnapshotStore.analyzeAfter))
            #expect(try await tuples("snapshot_rates") == Double(3 * 2 + FluentRateSnapshotStore.analyzeAfter * 3))
        }
    }

    @Test("every snapshot is kept; the newest effective date is current")
    func historyAndCurrent() async throws {
        try await withPostgresApp(.emptyStore) { app in
            let store = app.appServices.rateStore
            #expect(try await store.isEmpty())
            _ = try await store.save(snapshot("2025-05-08", storedAt: 10, rates: ["USD": "1.12"]))
            _ = try await store.save(snapshot("2025-05-09", storedAt: 0, rates: ["USD": "1.1252"]))
            _ = try await store.save(snapshot("2025-05-07", storedAt: 20, rates: ["USD": "1.13"])) // history arriving late
            #expect(try await store.latest()?.rates["USD"] == Fixtures.decimal("1.1252"))
            #expect(try await RateSnapshotModel.query(on: app.db).count() == 3)
            #expect(try await SnapshotRateModel.query(on: app.db).count() == 6) // each with EUR = 1
            #expect(try await !store.isEmpty())
        }
    }

    @Test("storing updates what the converter reads, unless it is older")
    func currentRatesFollowStoredSnapshots() async throws {
        try await withPostgresApp { app in
            let current = app.appServices.currentRates
            #expect(await current.currentSnapshot()?.effectiveDate.description == "2025-05-09")
            try await current.store(snapshot("2025-05-10", rates: ["USD": "1.2"]))
            #expect(await current.currentSnapshot()?.rates["USD"] == Fixtures.decimal("1.2"))
            try await current.store(snapshot("2025-01-01", rates: ["USD": "1.0"]))
            #expect(await current.currentSnapshot()?.rates["USD"] == Fixtures.decimal("1.2"))
            try await app.testing().test(.GET, "/?from=EUR&to=USD&amount=10") { res in
                #expect(res.html.contains("10 EUR = 12.00 USD"))
            }
        }
    }

    @Test("starting again stores the bundled snapshot only once")
    func bundledOnce() async throws {
        try await withPostgresApp { app in
            try await app.prepareToServe()
            try await app.prepareToServe()
            #expect(try await RateSnapshotModel.query(on: app.db).count() == 1)
        }
    }

    @Test("instances starting together migrate and seed once")
    func concurrentStarts() async throws {
        let schema = "test_concurrent_" + UUID().uuidString.prefix(8).lowercased()
        try await withPostgresApp(.bare, schema: schema) { first in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        let other = try await Application.make(.testing)
                        do {
                            try configure(
                                other,
                                configuration: AppConfiguration(
                                    database: .postgres(url: try TestDatabase.url(), searchPath: schema)), now: { testNow })
                            try await other.prepareToServe()
                        } catch {
                            try? await other.asyncShutdown()
                            throw error
                        }
                        try await other.asyncShutdown()
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await RateSnapshotModel.query(on: first.db).count() == 1)
        }
    }
}
