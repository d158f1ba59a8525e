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

    @Test(
        "a day written both ways (the SARB's rands per dollar, yen per rand) keeps each rate as published; the pair history from the database and from memory and the snapshot read back agree"
    )
    func ratesWrittenBothWays() async throws {
        try await withPostgresApp(.emptyStore) { app in
            let store = app.appServices.rateStore
            func day(_ date: String, _ rates: [String: String]) -> RateSnapshot {
                RateSnapshot(
                    source: "sarb", baseCurrency: "ZAR", effectiveDate: CalendarDate(iso8601: date)!,
                    storedAt: Date(timeIntervalSince1970: 0),
                    rates: rates.mapValues(Fixtures.decimal), quotation: .basePerUnit, reversed: ["JPY", "CNY"])
            }
            // One day through the models, one through the arrays a backfill stores.
            _ = try await store.save(day("2026-03-26", ["USD": "17.0435", "EUR": "19.6903", "JPY": "9.3581"]))
            try await store.saveAll([day("2026-03-27", ["USD": "17.1302", "EUR": "19.7408", "JPY": "9.3324"])])
            let loaded = try #require(try await store.latestBySource().first { $0.source == "sarb" })
            #expect(loaded.reversed == ["JPY"] && loaded.rates["JPY"] == Fixtures.decimal("9.3324"), "CNY is not quoted: not reversed")
            let ratio = try #require(loaded.ratio(from: "USD", to: "JPY"))
            #expect(ratio.numerator == Fixtures.decimal("159.86587848") && ratio.denominator == 1, "17.1302 × 9.3324")

            let database = FluentRateHistoryService(database: app.appServices.database)
            let days = try await database.days(.provider("sarb"))
            for (from, to) in [("USD", "JPY"), ("JPY", "USD"), ("USD", "EUR"), ("JPY", "ZAR"), ("ZAR", "JPY"), ("ZAR", "USD")] {
                let fromDatabase = try await database.history(of: .provider("sarb"), from: from, to: to, range: .all, around: nil).points
                let fromMemory = days.history(from: from, to: to).points
                #expect(fromDatabase.count == 2 && fromMemory.map(\.rate) == fromDatabase.map(\.rate), "\(from)/\(to)")
                let exact = try #require(loaded.ratio(from: from, to: to))
                #expect(fromDatabase.last?.toRate == exact.numerator && fromDatabase.last?.fromRate == exact.denominator, "\(from)/\(to)")
            }
            let yen = days.history(from: "USD", to: "JPY").points.map(\.value)
            #expect(abs(yen[1] - 159.86587848) < 1e-9 && abs(yen[0] - 17.0435 * 9.3581) < 1e-9)
            #expect(abs(days.history(from: "JPY", to: "EUR").points[1].value - 1 / (9.3324 * 19.7408)) < 1e-15)
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
