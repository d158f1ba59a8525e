import Foundation
import TestSupport
import Testing

@testable import Core
@testable import ServiceInterfaces

/// The stored days as memory holds them: one column per currency, a row per day, the later
/// snapshot of a day winning; a pair's history walked over them.
@Suite("Rate days in memory")
struct RateDaysTests {
    @Test("the stored days in memory: the latest snapshot of a day wins; days without either currency are left out")
    func rateDays() throws {
        var builder = RateDays.Builder()
        let first = UUID(), replaced = UUID(), replacement = UUID(), third = UUID()
        let day = { CalendarDate(iso8601: $0)! }
        builder.add(snapshot: first, date: day("2025-05-07"), code: "EUR", rate: 1)
        builder.add(snapshot: first, date: day("2025-05-07"), code: "USD", rate: Fixtures.decimal("1.1"))
        builder.add(snapshot: replaced, date: day("2025-05-08"), code: "EUR", rate: 1)
        builder.add(snapshot: replaced, date: day("2025-05-08"), code: "USD", rate: Fixtures.decimal("1.2"))
        builder.add(snapshot: replacement, date: day("2025-05-08"), code: "EUR", rate: 1)
        builder.add(snapshot: replacement, date: day("2025-05-08"), code: "USD", rate: Fixtures.decimal("1.25"))
        builder.add(snapshot: third, date: day("2025-05-09"), code: "EUR", rate: 1)
        builder.add(snapshot: third, date: day("2025-05-09"), code: "GBP", rate: Fixtures.decimal("0.85"))
        let days = builder.build()
        let history = days.history(from: "USD", to: "EUR")
        #expect(history.points.map(\.date.description) == ["2025-05-07", "2025-05-08"])
        #expect(history.points.map(\.rate) == [1 / Fixtures.decimal("1.1"), Fixtures.decimal("0.8")])
        #expect(abs(history.points[1].value - 0.8) < 1e-12)
        #expect(days.history(from: "USD", to: "QQQ").points.isEmpty)
        #expect(days.history(from: "EUR", to: "GBP").points.map(\.rate) == [Fixtures.decimal("0.85")])

        // A window walks only its days, over the days the pair was quoted.
        let lastDay = days.history(from: "USD", to: "EUR", range: .oneMonth, around: day("2025-05-08"))
        #expect(lastDay.points.map(\.date.description) == ["2025-05-07", "2025-05-08"])
        #expect(lastDay.window == day("2025-05-07")...day("2025-05-08")) // inside the pair's own days
        #expect(days.history(from: "USD", to: "QQQ", range: .oneYear).window == nil)

        // A day holds room only up to the last currency it quotes: GBP, first seen on the last
        // day, is a column the earlier days do not carry, and reads as not quoted there.
        let gbp = try #require(days.columns["GBP"])
        #expect(days.days.map(\.columnCount) == [2, 2, gbp + 1])
        #expect(days.days[0].rate(gbp) == nil && days.days[0].value(gbp).isNaN && days.days[0].rate(99) == nil)
        #expect(days.days[2].rate(gbp) == Fixtures.decimal("0.85") && days.days[2].rate(days.columns["USD"]!) == nil)

        var again = RateDays.Builder()
        again.add(snapshot: first, date: day("2025-05-07"), code: "EUR", rate: 1)
        #expect(again.build().version != days.version && again.build().version == again.build().version)

        // A whole day at once (the blend's days) builds the same days, the later snapshot of a date winning.
        var whole = RateDays.Builder()
        whole.add(snapshot: first, date: day("2025-05-07"), rates: ["EUR": 1, "USD": Fixtures.decimal("1.1")], source: RateSource.ecb.id)
        whole.add(
            snapshot: replaced, date: day("2025-05-08"), rates: ["EUR": 1, "USD": Fixtures.decimal("1.2")], source: RateSource.ecb.id)
        whole.add(
            snapshot: replacement, date: day("2025-05-08"), rates: ["EUR": 1, "USD": Fixtures.decimal("1.25")], source: RateSource.ecb.id)
        whole.add(snapshot: third, date: day("2025-05-09"), rates: ["GBP": Fixtures.decimal("0.85"), "EUR": 1], source: RateSource.ecb.id)
        let wholeDays = whole.build()
        #expect(wholeDays.version == days.version && wholeDays.columns == days.columns)
        #expect(wholeDays.days.map(\.date) == days.days.map(\.date))
        for code in ["EUR", "USD", "GBP"] {
            #expect(wholeDays.days.map { $0.rate(wholeDays.columns[code]!) } == days.days.map { $0.rate(days.columns[code]!) })
        }
    }
}

extension RateDaysTests {
    /// A week of days, Monday to Friday then Monday, EUR and USD every day, GBP from Wednesday.
    static func week() -> RateDays {
        var builder = RateDays.Builder()
        for (index, date) in ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-09"].enumerated() {
            let snapshot = UUID()
            builder.add(snapshot: snapshot, date: CalendarDate(iso8601: date)!, code: "EUR", rate: 1)
            builder.add(snapshot: snapshot, date: CalendarDate(iso8601: date)!, code: "USD", rate: Decimal(100 + index) / 100)
            if index >= 2 { builder.add(snapshot: snapshot, date: CalendarDate(iso8601: date)!, code: "GBP", rate: Decimal(85) / 100) }
        }
        return builder.build()
    }

    @Test("every rate comes back as stored: long ones kept aside, gaps left empty, the reversed columns found, sides without rates")
    func ratesAsStored() throws {
        var builder = RateDays.Builder()
        let day = { CalendarDate(iso8601: $0)! }
        let third = Decimal(1) / 3 // 38 digits: too long for eight bytes
        let snapshot = UUID()
        builder.add(snapshot: snapshot, date: day("2025-05-07"), code: "EUR", rate: 1, source: .ecb, reversed: ["JPY"])
        builder.add(snapshot: snapshot, date: day("2025-05-07"), code: "XAU", rate: third, source: .ecb, reversed: ["JPY"])
        builder.add(
            snapshot: snapshot, date: day("2025-05-07"), code: "JPY", packed: PackedDecimal.pack(plainText: "163.3600")!, rate: nil,
            source: .ecb, reversed: ["JPY"])
        builder.add(snapshot: UUID(), date: day("2025-05-08"), rates: ["EUR": 1, "USD": Fixtures.decimal("1.1245")], source: .ecb)
        let days = builder.build()
        let first = days.days[0], second = days.days[1]
        #expect(first.rate(days.columns["XAU"]!) == third)
        #expect(first.value(days.columns["XAU"]!) == third.nearestDouble)
        #expect(first.rate(days.columns["JPY"]!) == Fixtures.decimal("163.36"))
        #expect(first.value(days.columns["JPY"]!) == 163.36)
        #expect(first.reversed == [days.columns["JPY"]!])
        #expect(first.quotation(days.columns["JPY"]!) == .basePerUnit)
        #expect(first.rate(days.columns["USD"]!) == nil && first.value(days.columns["USD"]!).isNaN)
        #expect(second.rate(days.columns["USD"]!) == Fixtures.decimal("1.1245"))
        #expect(second.rate(days.columns["XAU"]!) == nil && second.value(days.columns["XAU"]!).isNaN)
        // A day is as wide as its last quoted column, not as every column.
        #expect(second.columnCount == days.columns["USD"]! + 1)
        #expect(second.rate(99) == nil && second.value(99).isNaN)
        // Kept decoded (the blend of every day, which charts walk): the same rates and values.
        let decoded = builder.build(decoded: true)
        for (day, same) in zip(decoded.days, days.days) {
            #expect(day.columnCount == same.columnCount && day.reversed == same.reversed)
            for column in 0...day.columnCount {
                #expect(day.rate(column) == same.rate(column), "\(day.date) \(column)")
                #expect(day.value(column) == same.value(column) || (day.value(column).isNaN && same.value(column).isNaN))
            }
        }
        #expect(decoded.version == days.version && decoded.fingerprint == days.fingerprint)
    }

    @Test("a day on or before a date, the days a currency is quoted, a range from the Friday before a weekend; fingerprints")
    func lookUps() {
        let days = Self.week(), day = { CalendarDate(iso8601: $0)! }
        #expect(days.day(onOrBefore: day("2026-03-08"))?.date == day("2026-03-06"), "Sunday: Friday's rates")
        #expect(days.day(onOrBefore: day("2026-03-01")) == nil)
        #expect(days.quotedDays(of: "GBP") == day("2026-03-04")...day("2026-03-09"))
        #expect(days.quotedDays(of: "JPY") == nil)
        let weekend = days.days(from: day("2026-03-07"), through: day("2026-03-09"))
        #expect(weekend.days.map(\.date) == [day("2026-03-06"), day("2026-03-09")])
        #expect(days.days(from: day("2026-02-01"), through: day("2026-03-02")).days.map(\.date) == [day("2026-03-02")])
        #expect(days.days(from: day("2026-04-01"), through: day("2026-04-30")).days.map(\.date) == [day("2026-03-09")])
        #expect(weekend.fingerprint == RateDays.fingerprint(of: Array(days.days.suffix(2))))
        #expect(weekend.fingerprint != days.fingerprint && Self.week().fingerprint != days.fingerprint, "new snapshots, new name")
        #expect(Set(days.codes) == ["EUR", "USD", "GBP"] && days.codes.count == days.columns.count)
    }

    @Test("a range's window over a pair's points: the points inside it, every point itself for all of them, none for none")
    func pairWindow() {
        let points = Self.week().history(from: "EUR", to: "USD").points
        let all = PairWindow.slice(points, range: .all, around: nil)
        #expect(all.points == points && all.window == points.first!.date...points.last!.date)
        let month = PairWindow.slice(points, range: .oneMonth, around: CalendarDate(iso8601: "2026-03-04"))
        #expect(month.points == points && month.window == points.first!.date...points.last!.date, "kept inside the stored days")
        #expect(PairWindow.slice([], range: .oneYear, around: nil).window == nil)
        let dates = points.map(\.date)
        let window = CalendarDate(iso8601: "2026-03-04")!...CalendarDate(iso8601: "2026-03-08")!
        #expect(PairWindow.indices(of: window, in: dates.indices) { dates[$0] } == 2..<5)
        #expect([1, 3, 5, 7].partitioningIndex { $0 > 4 } == 2 && [Int]().partitioningIndex { $0 > 4 } == 0)
    }

    @Test("a selection names one provider's days and those of its family, or all of them")
    func selections() {
        #expect(RateDays.Selection.ecb.sources == [.ecb, .bundledECB])
        #expect(RateDays.Selection.provider("nbp").sources == ["nbp"] && RateDays.Selection.all.sources == nil)
        #expect(Set([RateDays.Selection.all, .ecb, .provider("nbp")].map(\.key)).count == 3)
    }

    @Test("a request waiting on the bundled history says how far it has come and when to ask again")
    func stillLoading() {
        let loading = HistoryStillLoading(stored: 120, total: 6_900)
        #expect(loading.message.arguments["stored"] == .number("120") && loading.message.arguments["total"] == .number("6900"))
        #expect(HistoryStillLoading.retryAfterSeconds > 0)
    }
}

extension RateDaysTests {
    @Test("days collected apart and appended are the days one builder collects: columns in the same order, a day replaced")
    func appended() {
        let day = { CalendarDate(iso8601: $0)! }
        let rows: [(UUID, String, String, Decimal)] = [
            (UUID(), "2025-05-07", "EUR", 1), (UUID(), "2025-05-07", "USD", Fixtures.decimal("1.1")),
        ]
        var whole = RateDays.Builder(), early = RateDays.Builder(), late = RateDays.Builder()
        let second = UUID(), third = UUID(), fourth = UUID()
        let lateRows: [(UUID, String, String, Decimal)] = [
            (second, "2025-05-08", "GBP", Fixtures.decimal("0.85")), (second, "2025-05-08", "USD", Fixtures.decimal("1.2")),
            (third, "2025-05-09", "XAU", Fixtures.decimal("12345.123456789012345678")),
            (fourth, "2025-05-09", "JPY", Fixtures.decimal("163.36")), (fourth, "2025-05-09", "EUR", 1),
        ]
        for (snapshot, date, code, rate) in rows + lateRows { whole.add(snapshot: snapshot, date: day(date), code: code, rate: rate) }
        let firstSnapshot = rows[0].0
        for (_, date, code, rate) in rows { early.add(snapshot: firstSnapshot, date: day(date), code: code, rate: rate) }
        var joined = RateDays.Builder()
        for (_, date, code, rate) in rows { joined.add(snapshot: firstSnapshot, date: day(date), code: code, rate: rate) }
        for (snapshot, date, code, rate) in lateRows { late.add(snapshot: snapshot, date: day(date), code: code, rate: rate) }
        joined.append(late)
        var onePass = RateDays.Builder()
        for (_, date, code, rate) in rows { onePass.add(snapshot: firstSnapshot, date: day(date), code: code, rate: rate) }
        for (snapshot, date, code, rate) in lateRows { onePass.add(snapshot: snapshot, date: day(date), code: code, rate: rate) }
        let (built, expected) = (joined.build(), onePass.build())
        #expect(built.codes == expected.codes && built.version == expected.version && built.fingerprint == expected.fingerprint)
        #expect(built.days.count == 3 && built.days.last?.snapshot == fourth, "the later snapshot of a day wins")
        for (read, wanted) in zip(built.days, expected.days) {
            #expect((0..<read.columnCount).map { read.rate($0) } == (0..<wanted.columnCount).map { wanted.rate($0) })
        }
        #expect(whole.build().days.count == 3 && early.build().days.count == 1)
    }
}
