import Foundation
import NIOCore
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import ServiceInterfaces

/// A ledger at a side of its source's quotation: each line at the publisher's own buying or
/// selling figure of its day (or the mean of its month's), the receipt naming the side and
/// each rate's; a day stored without sides fails its lines, never converted at another day's.
@Suite("Ledger at a buying or selling rate, over fakes")
struct LedgerSidesTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    /// TCMB's days, lira per unit: 2026-03-02 and 03-03 with their forex buying and selling
    /// rates, 03-04 stored without them.
    static func tcmb(_ date: String, buying: String?, selling: String?, mid: String) -> RateSnapshot {
        var snapshot = RateSnapshot(
            source: "tcmb", baseCurrency: "TRY", effectiveDate: day(date), storedAt: testNow, rates: ["USD": Fixtures.decimal(mid)],
            quotation: .basePerUnit)
        if let buying, let selling {
            snapshot.sides.buying = ["USD": Fixtures.decimal(buying), "TRY": 1]
            snapshot.sides.selling = ["USD": Fixtures.decimal(selling), "TRY": 1]
        }
        return snapshot
    }

    static let days = [
        tcmb("2026-03-02", buying: "43.8", selling: "43.9", mid: "43.85"),
        tcmb("2026-03-03", buying: "43.885", selling: "43.964", mid: "43.9245"),
        tcmb("2026-03-04", buying: nil, selling: nil, mid: "44.0"),
    ]

    func interactor() -> LedgerInteractor {
        LedgerInteractor(
            conversions: LedgerFiles(appVersion: "test", now: { testNow }), rates: FakeLedgerRates(Self.days),
            current: FakeCurrentRates(snapshot: Fixtures.snapshot, others: ["tcmb": Self.days[2]]), catalog: Fixtures.catalog,
            providers: .everyDeclared, store: FakeLedgerStore(), now: { Date(timeIntervalSince1970: 1_790_812_800) },
            load: FakeHistoryLoad())
    }

    func run(_ input: Ledger.Input, _ text: String) async throws -> (rows: [LedgerRow], receipt: LedgerReceipt) {
        let spool = try LedgerSpool()
        try spool.append(ByteBuffer(string: text))
        let job = try await interactor().start(Ledger.Query(input), upload: spool, fileName: nil)
        var rows: [LedgerRow] = []
        while let row = job.next() { rows.append(row) }
        return (rows, job.receipt())
    }

    static let file = "date,amount,currency\n2026-03-03,100,USD\n2026-03-04,100,USD\n2026-03-03,5,TRY\n"

    @Test("each line at the side's own figure of its day; the receipt names the side, and each rate's")
    func sameDay() async throws {
        let buying = try await run(Ledger.Input(to: "TRY", source: "tcmb", side: "buying"), Self.file)
        guard case .success(let first) = buying.rows[0].result else { throw Failure("\(buying.rows[0])") }
        #expect(first.converted == Fixtures.decimal("4388.5") && first.rate.text == "43.885" && first.rate.day == Self.day("2026-03-03"))
        // 03-04 was stored without sides: its line fails, never at 03-03's buying rate.
        #expect(buying.rows[1].result == .failure(.sideNotStored(day: Self.day("2026-03-04"))))
        #expect(buying.receipt.side == .buying && buying.receipt.failedLines == 1)
        #expect(buying.receipt.rates.map(\.currency) == ["TRY", "USD"] && buying.receipt.rates.map(\.side) == [nil, .buying])
        #expect(buying.receipt.rates.map(\.rate) == ["1", "43.885"], "the booking currency's own lines use no rate, and no side")
        let json = String(decoding: try buying.receipt.json(pretty: false), as: UTF8.self)
        #expect(json.contains(#""side":"buying""#) && json.contains(#""rate":"43.885","rate_day":"2026-03-03","side":"buying""#), "\(json)")
        // The mid as before: no side named anywhere, 03-04 converted at its mid.
        let mid = try await run(Ledger.Input(to: "TRY", source: "tcmb"), Self.file)
        guard case .success(let fourth) = mid.rows[1].result else { throw Failure("\(mid.rows[1])") }
        #expect(fourth.converted == Fixtures.decimal("4400") && mid.receipt.side == nil && mid.receipt.rates.allSatisfy { $0.side == nil })
        #expect(!String(decoding: try mid.receipt.json(pretty: false), as: UTF8.self).contains("side"))
        let selling = try await run(Ledger.Input(to: "TRY", source: "tcmb", side: "selling"), Self.file)
        guard case .success(let sold) = selling.rows[0].result else { throw Failure("\(selling.rows[0])") }
        #expect(sold.converted == Fixtures.decimal("4396.4"))
    }

    @Test("a month's mean of the side's days; a month with a day stored without sides has none")
    func monthAverage() async throws {
        let text = "date,amount,currency\n2026-03-10,1,USD\n"
        let whole = try await run(
            Ledger.Input(to: "TRY", source: "tcmb", rule: "month-average", side: "selling"), text)
        #expect(whole.rows[0].result == .failure(.sideNotStored(day: Self.day("2026-03-04"))))
        let mid = try await run(Ledger.Input(to: "TRY", source: "tcmb", rule: "month-average"), text)
        guard case .success(let line) = mid.rows[0].result else { throw Failure("\(mid.rows[0])") }
        #expect(line.rate.text == "43.9248") // (43.85 + 43.9245 + 44.0) ÷ 3, to six significant digits
    }

    @Test("refused before a line is read: a source of mids only, a word that is no side")
    func refused() async throws {
        let ecb = ProviderCatalog.everyDeclared.source("ecb").displayName
        await #expect(
            throws: Ledger.Failure.invalid([
                .side: Message("{source} publishes only mid rates. Choose the mid rate or another source.", ["source": .message(ecb)])
            ])
        ) { try await run(Ledger.Input(to: "EUR", source: "ecb", side: "buying"), Self.file) }
        await #expect(
            throws: Ledger.Failure.invalid([
                .side: Message("“{typed}” is not a rate. Choose the mid, buying or selling rate.", ["typed": .text("ask")])
            ])
        ) { try await run(Ledger.Input(to: "TRY", source: "tcmb", side: "ask"), Self.file) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
