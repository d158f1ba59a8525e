import Fluent
import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Persistence

/// A publisher's buying and selling rates are stored beside its mid, one row per currency, and
/// read back exactly; the mid is what it was, and a day without sides reads as none.
@Suite("Buying and selling rates stored beside the mid, on PostgreSQL and SQLite")
struct RateSidesStoreTests {
    static func snapshot(_ date: String, sides: Bool) -> RateSnapshot {
        var snapshot = RateSnapshot(
            source: "tcmb", baseCurrency: "TRY", effectiveDate: CalendarDate(iso8601: date)!, storedAt: testNow,
            rates: ["USD": Fixtures.decimal("43.9245"), "JPY": Fixtures.decimal("0.2798485"), "EUR": Fixtures.decimal("51.00001")],
            quotation: .basePerUnit)
        if sides {
            snapshot.sides.buying = ["USD": Fixtures.decimal("43.885"), "JPY": Fixtures.decimal("0.278925")]
            snapshot.sides.selling = ["USD": Fixtures.decimal("43.964"), "JPY": Fixtures.decimal("0.280772")]
        }
        return snapshot
    }

    @Test("one day at a time and many at once, with and without sides", arguments: TestEngine.allCases)
    func roundTrip(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, _ in
            let one = try await stores.snapshots.save(Self.snapshot("2026-03-02", sides: true))
            try await stores.snapshots.saveAll([Self.snapshot("2026-03-03", sides: true), Self.snapshot("2026-03-04", sides: false)])
            for (date, hasSides) in [("2026-03-02", true), ("2026-03-03", true), ("2026-03-04", false)] {
                let read = try #require(try await stores.snapshots.newest(onOrBefore: CalendarDate(iso8601: date)!, sources: ["tcmb"]))
                #expect(read.effectiveDate.description == date)
                #expect(read.rates == Self.snapshot(date, sides: false).rates, "the mid as it was")
                #expect(read.sides == Self.snapshot(date, sides: hasSides).sides, "\(engine) \(date)")
                #expect(read.sides.buying["EUR"] == nil, "no side where the publisher wrote none")
            }
            #expect(one.sides.selling["USD"] == Fixtures.decimal("43.964"))
        }
    }

    @Test(
        "a side's days are every stored day of the provider, one stored without sides empty: never an earlier day's side in its place",
        arguments: TestEngine.allCases, [0, 1000])
    func sideDays(_ engine: TestEngine, fewDays: Int) async throws {
        try await withStores(on: engine) { stores, _ in
            try await stores.snapshots.saveAll([
                Self.snapshot("2026-03-02", sides: true), Self.snapshot("2026-03-03", sides: false),
                Self.snapshot("2026-03-04", sides: true),
            ])
            var history = FluentRateHistoryService(database: stores.database)
            history.fewDays = fewDays // 0: one pass over every rate; 1000: each day through the index
            let buying = try await history.days(.side("tcmb", .buying))
            #expect(buying.days.map(\.date.description) == ["2026-03-02", "2026-03-03", "2026-03-04"], "\(engine) \(fewDays)")
            let usd = try #require(buying.columns["USD"])
            #expect(buying.day(onOrBefore: CalendarDate(iso8601: "2026-03-03")!)?.rate(usd) == nil, "the day without sides has none")
            #expect(buying.day(onOrBefore: CalendarDate(iso8601: "2026-03-05")!)?.rate(usd) == Fixtures.decimal("43.885"))
            let mid = try await history.days(.provider("tcmb"))
            let midUSD = try #require(mid.columns["USD"])
            #expect(
                mid.days.count == 3
                    && mid.day(onOrBefore: CalendarDate(iso8601: "2026-03-03")!)?.rate(midUSD) == Fixtures.decimal("43.9245"))
        }
    }
}
