import Fluent
import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

/// Memory holds each provider's days from a horizon on (`HISTORY_YEARS_IN_MEMORY`): read from
/// the database, they are the days every stored day gives from the last one before the horizon,
/// with the same currencies and first day, and a version that still names every stored day.
@Suite("The days memory holds from a horizon, on PostgreSQL and SQLite")
struct HeldDaysTests {
    static let horizon = CalendarDate(iso8601: "2024-01-01")!
    typealias Snapshot = ProviderDaysTogetherTests

    /// Seven years of a few providers: a currency only in the early years, one that stopped
    /// publishing before the horizon, one that began after it, the ECB's family of two sources.
    static func history() -> [RateSnapshot] {
        var snapshots: [RateSnapshot] = []
        var date = CalendarDate(iso8601: "2018-06-01")!
        var index = 0
        while date <= CalendarDate(iso8601: "2025-05-09")! {
            index += 1
            let text = date.description
            if index % 5 == 0 {
                snapshots.append(
                    Snapshot.snapshot(date.year < 2022 ? "ecb-bundled" : "ecb", text, ["EUR": "1", "USD": "1.\(1000 + index)"]))
                var nbp = ["PLN": "1", "USD": "3.\(index)", "EUR": "4.2\(index % 10)"]
                if date.year < 2020 { nbp["DEM"] = "2.\(index)" }
                if date.year >= 2025 { nbp["XAU"] = "12345.123456789012345678" }
                snapshots.append(Snapshot.snapshot("nbp", text, nbp))
                if date.year < 2021 { snapshots.append(Snapshot.snapshot("boc", text, ["CAD": "1", "USD": "0.7\(index)"])) }
                if date.year >= 2024 { snapshots.append(Snapshot.snapshot("cnb", text, ["CZK": "1", "USD": "21.\(index)"])) }
                if index % 15 == 0 {
                    snapshots.append(Snapshot.snapshot("tcmb", text, ["TRY": "1", "USD": "4\(index)", "EUR": "0.0\(index)"]))
                }
            }
            date = date.adding(days: 1)
        }
        // A day stored twice, the last before the horizon: the later replaces the earlier.
        snapshots.append(Snapshot.snapshot("nbp", "2023-12-31", ["PLN": "1", "USD": "3.5"]))
        snapshots.append(
            Snapshot.snapshot("nbp", "2023-12-31", ["PLN": "1", "USD": "3.6", "GBP": "5"], storedAt: testNow.addingTimeInterval(60)))
        return snapshots
    }

    static let selections: [RateDays.Selection] = [
        .provider("ecb"), .provider("nbp"), .provider("boc"), .provider("cnb"), .provider("tcmb"),
    ]

    /// What of `days` a reader from `horizon` on sees: the days from the last one on or before it.
    static func seen(_ days: RateDays, from horizon: CalendarDate) -> [String] {
        Snapshot.described(days.days(from: horizon, through: CalendarDate(iso8601: "2100-01-01")!)).dropLast(2)
            + [days.columns.keys.sorted().joined(separator: ","), days.firstDate?.description ?? "none"]
    }

    @Test(
        "each selection's days from the horizon, read alone and together: those of every day, the same currencies and first day",
        arguments: TestEngine.allCases)
    func sameAsEveryDay(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, database in
            try await stores.snapshots.saveAll(Self.history())
            var history = FluentRateHistoryService(database: stores.database)
            let whole = try await history.days(of: Self.selections)
            let together = try await history.days(of: Self.selections, since: Self.horizon)
            history.daysInStretches = 1 // in stretches of dates on PostgreSQL
            let stretched = try await history.days(of: Self.selections, since: Self.horizon)
            for (index, selection) in Self.selections.enumerated() {
                let alone = try await history.days(selection, since: Self.horizon)
                let expected = Self.seen(whole[index], from: Self.horizon)
                #expect(Self.seen(alone, from: Self.horizon) == expected, "\(engine) \(selection.key) alone")
                #expect(Self.seen(together[index], from: Self.horizon) == expected, "\(engine) \(selection.key) together")
                #expect(Self.seen(stretched[index], from: Self.horizon) == expected, "\(engine) \(selection.key) in stretches")
                for date in ["2024-01-01", "2024-01-02", "2024-07-15", "2025-05-12"].map({ CalendarDate(iso8601: $0)! }) {
                    #expect(alone.day(onOrBefore: date)?.snapshot == whole[index].day(onOrBefore: date)?.snapshot)
                }
            }
            let nbp = together[1]
            #expect(nbp.heldFrom == Self.horizon && !nbp.isWhole && nbp.days.count < whole[1].days.count / 3, "the early years left out")
            #expect(
                nbp.columns["DEM"] != nil && nbp.days.allSatisfy { $0.rate(nbp.columns["DEM"]!) == nil }, "a currency of those years, known"
            )
            #expect(nbp.firstDate == CalendarDate(iso8601: "2018-06-05"))
            #expect(nbp.days.first?.date == whole[1].day(onOrBefore: Self.horizon.adding(days: -1))?.date, "from the last day before it")
            #expect(nbp.days.first?.rate(nbp.columns["USD"]!) == Fixtures.decimal("3.6"), "the later of that day stored twice")
            #expect(
                together[2].days.count == 1 && together[2].firstDate == whole[2].firstDate, "one that stopped: its last day, and its first")
            #expect(
                together[3].isWhole && Snapshot.described(together[3]) == Snapshot.described(whole[3]), "one that began after: every day")
            #expect(try await EarlierDaysModel.query(on: database).count() == 4, "the currencies of the years left out, kept")
        }
    }

    @Test(
        "the version names every stored day: a day stored before the horizon or after it changes it, a read again does not",
        arguments: TestEngine.allCases)
    func versionNamesEveryDay(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, database in
            try await stores.snapshots.saveAll(Self.history())
            let history = FluentRateHistoryService(database: stores.database)
            let first = try await history.days(.provider("nbp"), since: Self.horizon)
            #expect(try await history.days(.provider("nbp"), since: Self.horizon).version == first.version)
            try await stores.snapshots.saveAll([Snapshot.snapshot("nbp", "2019-02-02", ["PLN": "1", "USD": "3.7", "ZWL": "9"])])
            let backfilled = try await history.days(.provider("nbp"), since: Self.horizon)
            #expect(backfilled.version != first.version, "a day backfilled years before the horizon")
            #expect(backfilled.columns["ZWL"] != nil, "and its currency")
            #expect(try await EarlierDaysModel.query(on: database).count() == 1, "what was kept of the days before, replaced")
            try await stores.snapshots.saveAll([Snapshot.snapshot("nbp", "2025-05-12", ["PLN": "1", "USD": "3.8"])])
            #expect(try await history.days(.provider("nbp"), since: Self.horizon).version != backfilled.version, "a new day")
            let whole = try await history.days(.provider("nbp"))
            #expect(whole.isWhole && whole.version != backfilled.version)
        }
    }

    @Test("a side's days from the horizon: the days of every day, with the currencies quoted on that side")
    func side() async throws {
        try await withStores(on: .postgres) { stores, _ in
            var snapshots = Self.history().filter { $0.source.rawValue == "nbp" }
            for index in snapshots.indices where index % 2 == 0 {
                snapshots[index].sides.buying = snapshots[index].rates.filter { $0.key != "PLN" }.mapValues {
                    $0 * Fixtures.decimal("0.99")
                }
            }
            try await stores.snapshots.saveAll(snapshots)
            let history = FluentRateHistoryService(database: stores.database)
            let whole = try await history.days(.side("nbp", .buying))
            let held = try await history.days(.side("nbp", .buying), since: Self.horizon)
            #expect(Self.seen(held, from: Self.horizon) == Self.seen(whole, from: Self.horizon))
            #expect(!held.isWhole)
        }
    }

    @Test("each selection's newest day on or before a date, in one query: the day every day gives", arguments: TestEngine.allCases)
    func newestOnOrBefore(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, _ in
            try await stores.snapshots.saveAll(Self.history())
            let history = FluentRateHistoryService(database: stores.database)
            let whole = try await history.days(of: Self.selections)
            for text in ["2018-01-01", "2018-06-05", "2019-03-16", "2021-12-31", "2023-12-31", "2025-05-12"] {
                let date = CalendarDate(iso8601: text)!
                let newest = try await history.days(of: Self.selections, onOrBefore: date)
                for (index, selection) in Self.selections.enumerated() {
                    let found = newest[index].day(onOrBefore: date), expected = whole[index].day(onOrBefore: date)
                    #expect(found?.snapshot == expected?.snapshot, "\(engine) \(text) \(selection.key)")
                    #expect(found.map { Self.rates(of: $0, in: newest[index]) } == expected.map { Self.rates(of: $0, in: whole[index]) })
                    #expect(newest[index].days.count <= (selection == .provider("ecb") ? 2 : 1), "one day of each source")
                }
            }
        }
    }

    /// A day's rates by currency, exactly.
    static func rates(of day: RateDays.Day, in days: RateDays) -> [String] {
        let codes = days.codes
        var rates: [String] = []
        for column in 0..<day.columnCount {
            if let rate = day.rate(column) { rates.append("\(codes[column])=\(rate.plainText)") }
        }
        return rates.sorted()
    }

    @Test(
        "a pair's chart from the days held, or from the database when its window reaches before them: the points of every day",
        arguments: TestEngine.allCases)
    func charts(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, _ in
            try await stores.snapshots.saveAll(Self.history())
            let base = FluentRateHistoryService(database: stores.database)
            // testNow is in 2025: one year before it held, from 2024-01-01.
            let held = CachedRateHistoryService(
                base: base, cache: RateDaysCache(enabled: true, isLive: true, providers: 8), now: { testNow }, yearsHeld: 1)
            let whole = try await base.days(.provider("nbp"))
            #expect(try await held.days(.provider("nbp")).heldFrom == Self.horizon)
            for range in HistoryRange.allCases {
                for around in [nil, "2019-03-01", "2024-06-01"].map({ $0.flatMap(CalendarDate.init(iso8601:)) }) {
                    for (from, to) in [("USD", "EUR"), ("EUR", "PLN"), ("DEM", "USD"), ("XAU", "USD")] {
                        let chart = try await held.history(of: .provider("nbp"), from: from, to: to, range: range, around: around)
                        let expected = whole.history(from: from, to: to, range: range, around: around)
                        let label = "\(engine) \(range) \(around?.description ?? "-") \(from)/\(to)"
                        #expect(chart.points.map(\.described) == expected.points.map(\.described), "\(label)")
                        #expect(chart.window == expected.window, "\(label)")
                    }
                }
            }
        }
    }
}

extension RatePoint {
    fileprivate var described: String { "\(date) \(fromRate.plainText) \(toRate.plainText) \(value)" }
}
