@testable import App
import Foundation
import Vapor
import VaporTesting
import Testing

@Suite("The embedded SQLite default")
struct SQLiteSmokeTests {
    @Test("zero set-up: creates the file, stores the bundled rates, converts exactly")
    func convertsOnSQLite() async throws {
        try await withSQLiteApp { app, path in
            #expect(FileManager.default.fileExists(atPath: path))
            try await app.testing().test(.GET, "/?from=USD&to=JPY&amount=100") { res in
                #expect(res.status == .ok)
                #expect(res.html.contains("100 USD = 14518 JPY"))
            }
            let stored = try #require(try await app.appServices.rateStore.latest())
            #expect(stored.rates["GBP"] == Fixtures.decimal("0.84770"))
            #expect(stored.rates["IDR"] == Fixtures.decimal("18606.59"))
            try await app.prepareToServe()
            #expect(try await RateSnapshotModel.query(on: app.db).count() == 1)
            try await app.testing().test(.GET, "/about") { res in #expect(res.status == .ok) }
        }
    }
}
