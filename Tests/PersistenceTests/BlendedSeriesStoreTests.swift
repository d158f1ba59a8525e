import Fluent
import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

/// The blend of every day kept in the database by the days it was blended from and the build
/// that blended them, read back whole or not at all.
@Suite("The blend of every day, kept in the database (PostgreSQL and SQLite)")
struct BlendedSeriesStoreTests {
    static func series(_ version: String, days: Int = 3) -> (series: BlendedSeries, archive: [UInt8]) {
        var assembler = BlendedSeries.Assembler(version: version)
        let first = CalendarDate(iso8601: "2026-11-02")!
        for offset in 0..<days {
            assembler.add(
                date: first.adding(days: offset), rates: ["EUR": 1, "USD": Fixtures.decimal("1.0823") + Decimal(offset)], outliers: [])
        }
        return assembler.finish(builtOn: CalendarDate(iso8601: "2026-12-02")!, sourceVersions: ["days:\(version)"])
    }

    @Test("kept, then read back by its version and build only", arguments: TestEngine.allCases)
    func keptAndReadBack(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, _ in
            let store = FluentBlendedSeriesStore(database: stores.database, build: "build-1")
            #expect(try await store.series(version: "2026-12-02|a") == nil, "nothing kept yet")
            let (built, archive) = Self.series("2026-12-02|a")
            try await store.keep(archive, version: "2026-12-02|a", at: testNow)
            let read = try #require(try await store.series(version: "2026-12-02|a"))
            #expect(read.days.fingerprint == built.days.fingerprint && read.sourceVersions == built.sourceVersions)
            #expect(try await store.series(version: "2026-12-02|b") == nil, "another set of days")
            let otherBuild = FluentBlendedSeriesStore(database: stores.database, build: "build-2")
            #expect(try await otherBuild.series(version: "2026-12-02|a") == nil, "another build's blend is not this one's")
        }
    }

    @Test("two instances keeping the same series keep one; only the newest three are kept", arguments: TestEngine.allCases)
    func oneEachAndTheNewestFew(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, database in
            let store = FluentBlendedSeriesStore(database: stores.database, build: "b")
            let archive = Self.series("v0").archive
            try await store.keep(archive, version: "v0", at: testNow)
            try await store.keep(archive, version: "v0", at: testNow.addingTimeInterval(1))
            #expect(try await BlendedSeriesModel.query(on: database).count() == 1)
            for index in 1...4 {
                try await store.keep(
                    Self.series("v\(index)").archive, version: "v\(index)", at: testNow.addingTimeInterval(Double(10 * index)))
            }
            #expect(try await BlendedSeriesModel.query(on: database).count() == FluentBlendedSeriesStore.kept)
            #expect(try await store.series(version: "v1") == nil, "the oldest forgotten")
            #expect(try await store.series(version: "v4") != nil)
        }
    }

    @Test("an archive that does not read back whole, or is another version's, is no series", arguments: TestEngine.allCases)
    func damaged(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, database in
            let store = FluentBlendedSeriesStore(database: stores.database, build: "b")
            let archive = Self.series("v").archive
            try await BlendedSeriesModel(version: "v|b", storedAt: testNow, archive: Data(archive.prefix(archive.count - 3)))
                .create(on: database)
            #expect(try await store.series(version: "v") == nil)
            try await BlendedSeriesModel(version: "w|b", storedAt: testNow, archive: Data(archive)).create(on: database)
            #expect(try await store.series(version: "w") == nil, "the archive is v's")
        }
    }
}
