import Fluent
import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("The embedded SQLite default")
struct SQLiteSmokeTests {
    @Test("zero set-up: creates the file, stores the bundled rates, converts exactly")
    func convertsOnSQLite() async throws {
        try await withSQLiteApp { app, path in
            #expect(FileManager.default.fileExists(atPath: path))
            try await app.testing().test(.GET, "/?from=USD&to=JPY&amount=100") { res in
                #expect(res.status == .ok)
                #expect(res.html.contains("100 USD = 14,518 JPY"))
            }
            let stored = try #require(try await app.appServices.rateStore.latest())
            #expect(stored.rates["GBP"] == Fixtures.decimal("0.84770"))
            #expect(stored.rates["IDR"] == Fixtures.decimal("18606.59"))
            try await app.prepareToServe()
            #expect(try await RateSnapshotModel.query(on: app.db).count() == 1)
            try await app.testing().test(.GET, "/about") { res in #expect(res.status == .ok) }
        }
    }

    @Test("on SQLite an in-process lock keeps refreshes one at a time")
    func refreshLockOnSQLite() async throws {
        // Slow enough that the second refresh starts while the first holds the lock, even on a busy machine.
        let stub = try await StubProvider.start(delay: .milliseconds(1_500))
        defer { Task { try? await stub.stop() } }
        let configuration = AppConfiguration.forTests(ratesProviderURL: stub.url(.slowExchangeRateAPI), ratesTimeout: 5)
        try await withSQLiteApp(configuration: configuration) { app, _ in
            let refresher = app.appServices.refresher
            async let first = refresher.refresh(actor: "a@example.org")
            async let second = refresher.refresh(actor: "b@example.org")
            let outcomes = await (first + second).map(\.outcome.rawValue).sorted()
            #expect(outcomes == ["busy", "stored"])
            let stored = try await RateSnapshotModel.query(on: app.db).count()
            #expect(stored == 2)
            // The lock is released afterwards: the next refresh runs (and finds nothing new).
            #expect(await refresher.refresh(actor: "a@example.org").map(\.outcome) == [.unchanged])
        }
    }

    @Test("on SQLite the stored days are kept in memory and forgotten when the instance stores rates")
    func rateHistoryOnSQLite() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withSQLiteApp(configuration: .forTests(ecbHistoryURL: stub.url(.ecbHistory))) { app, _ in
            try await app.testing().test(.GET, "/rates/USD/EUR") { res in
                #expect(res.body.string.contains("Only one day of rates is stored"))
            }
            #expect(app.appServices.caches.rateDays.count == 1, "one read of every stored day, kept")
            try await app.testing().test(.GET, "/rates/GBP/JPY") { res in #expect(res.status == .ok) }
            #expect(app.appServices.caches.rateDays.statistics.hits >= 1)

            #expect(await app.appServices.refresher.importHistory(actor: "admin@example.org").outcome == .stored)
            try await app.testing().test(.GET, "/rates/USD/EUR") { res in
                #expect(res.body.string.contains("data-points=\"6\""))
            }
        }
    }
}
