import Fluent
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

/// Every provider's days read in one pass over the stored rates are the days each provider's own
/// read gives, rate for rate: the blend, the charts and the past days read them so.
@Suite("Providers' days read together, on PostgreSQL and SQLite")
struct ProviderDaysTogetherTests {
    static func snapshot(_ source: RateSourceID, _ date: String, _ rates: [String: String], storedAt: Date = testNow) -> RateSnapshot {
        RateSnapshot(
            source: source, baseCurrency: rates.first { $0.value == "1" }?.key ?? "EUR", effectiveDate: CalendarDate(iso8601: date)!,
            storedAt: storedAt, rates: rates.mapValues { Fixtures.decimal($0) },
            quotation: source == "tcmb" ? .basePerUnit : .unitsPerBase, reversed: source == "tcmb" ? ["EUR"] : [])
    }

    /// Every field a reader of the days looks at.
    static func described(_ days: RateDays) -> [String] {
        let codes = days.codes
        return days.days.map { day in
            let rates = (0..<day.columnCount).compactMap { column in
                day.rate(column).map { "\(codes[column])=\($0.plainText)~\(day.value(column))" }
            }
            return "\(day.date) \(day.snapshot) \(day.quotation) \(day.reversed.map { codes[$0] }) \(rates.sorted())"
        } + [days.version, days.sources.map(\.rawValue).sorted().joined(separator: ",")]
    }

    @Test("one pass gives each provider the days its own read gives, field for field", arguments: TestEngine.allCases, [0, 1000])
    func sameAsEachAlone(_ engine: TestEngine, fewDays: Int) async throws {
        try await withStores(on: engine) { stores, _ in
            try await stores.snapshots.saveAll([
                Self.snapshot("ecb-bundled", "2026-03-02", ["EUR": "1", "USD": "1.0823", "JPY": "163.36"]),
                Self.snapshot("ecb", "2026-03-03", ["EUR": "1", "USD": "1.0811", "JPY": "163.4"]),
                Self.snapshot("nbp", "2026-03-02", ["PLN": "1", "USD": "3.9871", "XAU": "12345.123456789012345678"]),
                Self.snapshot("nbp", "2026-03-03", ["PLN": "1", "USD": "3.99"]),
                // The same day stored again later: it replaces the earlier one.
                Self.snapshot("nbp", "2026-03-03", ["PLN": "1", "USD": "3.9912", "CHF": "4.5"], storedAt: testNow.addingTimeInterval(60)),
                Self.snapshot("tcmb", "2026-03-03", ["TRY": "1", "USD": "43.9245", "EUR": "0.0196"]),
                Self.snapshot("cnb", "2026-03-03", ["CZK": "1", "USD": "21.5"]),
            ])
            var history = FluentRateHistoryService(database: stores.database)
            history.fewDays = fewDays // 0: one pass over every rate; 1000: each day through the index
            let selections: [RateDays.Selection] = [.provider("ecb"), .provider("nbp"), .provider("tcmb"), .provider("boc")]
            let together = try await history.days(of: selections)
            #expect(together.count == 4)
            for (selection, read) in zip(selections, together) {
                let alone = try await history.days(selection)
                #expect(Self.described(read) == Self.described(alone), "\(engine) \(fewDays) \(selection.key)")
            }
            #expect(together[0].days.map(\.date.description) == ["2026-03-02", "2026-03-03"], "the ECB's family: its bundled days too")
            #expect(together[1].days.count == 2 && together[1].days[1].rate(together[1].columns["USD"]!) == Fixtures.decimal("3.9912"))
            let gold = try #require(together[1].days[0].rate(together[1].columns["XAU"]!))
            #expect(gold == Fixtures.decimal("12345.123456789012345678"), "a rate too long for eight bytes, exactly")
            #expect(together[3].days.isEmpty, "a provider with no stored days has none, and the others' are not its")
            await #expect(throws: StoredRateError.self) { try await history.days(of: [.all]) }
        }
    }

    @Test("read in stretches of dates at once (PostgreSQL, many days): the days, columns and versions of one pass")
    func stretches() async throws {
        try await withStores(on: .postgres) { stores, _ in
            // Currencies come and go: some only in the first days, some only in the last, a day stored twice.
            var snapshots: [RateSnapshot] = []
            let first = CalendarDate(iso8601: "2026-01-01")!
            for offset in 0..<40 {
                let date = first.adding(days: offset).description
                var ecb = ["EUR": "1", "USD": "1.08\(offset)"]
                if offset < 10 { ecb["DEM"] = "1.95583" }
                if offset > 25 { ecb["AAA"] = "3.\(offset)" }
                if offset % 3 == 0 { ecb["JPY"] = "163.3\(offset)" }
                snapshots.append(Self.snapshot("ecb", date, ecb))
                snapshots.append(Self.snapshot("nbp", date, ["PLN": "1", "USD": "3.9\(offset)", offset > 20 ? "CHF" : "GBP": "4.5"]))
                if offset == 30 {
                    snapshots.append(Self.snapshot("nbp", date, ["PLN": "1", "ZAR": "0.2"], storedAt: testNow.addingTimeInterval(60)))
                }
            }
            try await stores.snapshots.saveAll(snapshots)
            let selections: [RateDays.Selection] = [.provider("ecb"), .provider("nbp")]
            var history = FluentRateHistoryService(database: stores.database)
            history.daysInStretches = .max
            let onePass = try await history.days(of: selections)
            history.daysInStretches = 1
            let stretched = try await history.days(of: selections)
            for (read, expected) in zip(stretched, onePass) {
                #expect(Self.described(read) == Self.described(expected))
                #expect(read.codes == expected.codes, "the same columns, in the same order")
                #expect(read.days.map(\.columnCount) == expected.days.map(\.columnCount))
            }
            #expect(onePass[0].days.count == 40 && onePass[1].columns["ZAR"] != nil)
        }
    }

    @Test("the days of several providers are read once between them, then kept; a change forgets them all")
    func cachedTogether() async throws {
        let base = CountedBatches()
        let service = CachedRateHistoryService(
            base: base, cache: RateDaysCache(enabled: true, isLive: true, providers: 4), now: { testNow })
        let selections: [RateDays.Selection] = [.provider("ecb"), .provider("nbp"), .provider("tcmb")]
        _ = try await service.days([.provider("nbp")])
        _ = try await service.days(selections)
        _ = try await service.days(selections)
        _ = try await service.days(.provider("tcmb"))
        #expect(base.batches.withLockedValue { $0 } == [["provider:nbp"], ["provider:ecb", "provider:tcmb"]])
        service.cache.snapshotsChanged()
        let again = try await service.days(selections)
        #expect(again.count == 3)
        #expect(base.batches.withLockedValue { $0 }.last == ["provider:ecb", "provider:nbp", "provider:tcmb"])
    }

    /// Records each read of several providers' days.
    final class CountedBatches: StoredRateDays {
        let batches = NIOLockedValueBox<[[String]]>([])
        func days(_ selection: RateDays.Selection) async throws -> RateDays { try await days(of: [selection])[0] }
        func days(of selections: [RateDays.Selection]) async throws -> [RateDays] {
            batches.withLockedValue { $0.append(selections.map(\.key)) }
            return selections.map { _ in RateDays.Builder().build() }
        }
        func history(
            of selection: RateDays.Selection, from: String, to: String, range: HistoryRange, around date: CalendarDate?
        ) async throws -> PairHistory {
            try await days(selection).history(from: from, to: to, range: range, around: date)
        }
    }
}
