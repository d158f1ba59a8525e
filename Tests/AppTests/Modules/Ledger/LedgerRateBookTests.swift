import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

/// Each rule on the ECB's real days (from its history file), worked out by hand: Easter 2025
/// (Good Friday 18 April and Easter Monday 21 April are TARGET holidays), Labour Day on the
/// first of May, the whole of April for its mean, and the Croatian kuna, last quoted on
/// 30 December 2022.
@Suite("Ledger rules on the ECB's days")
struct LedgerRateBookTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }
    static func d(_ text: String) -> Decimal { Fixtures.decimal(text) }

    /// USD and PLN per euro of every April 2025 business day, and a few days around them.
    static let ecb: RateDays = {
        let rows: [(String, String, String, String?)] = [
            ("2022-12-29", "1.0649", "4.6855", "7.5365"), ("2022-12-30", "1.0666", "4.6808", "7.5365"),
            ("2023-01-02", "1.0683", "4.6813", nil), ("2023-01-03", "1.0545", "4.6831", nil),
            ("2025-03-31", "1.0815", "4.1840", nil),
            ("2025-04-01", "1.0788", "4.1863", nil), ("2025-04-02", "1.0803", "4.1775", nil), ("2025-04-03", "1.1097", "4.196", nil),
            ("2025-04-04", "1.1057", "4.2625", nil), ("2025-04-07", "1.0967", "4.294", nil), ("2025-04-08", "1.095", "4.269", nil),
            ("2025-04-09", "1.1045", "4.2953", nil), ("2025-04-10", "1.1082", "4.2543", nil), ("2025-04-11", "1.1346", "4.2953", nil),
            ("2025-04-14", "1.1377", "4.286", nil), ("2025-04-15", "1.1324", "4.2844", nil), ("2025-04-16", "1.1355", "4.2933", nil),
            ("2025-04-17", "1.136", "4.2743", nil), ("2025-04-22", "1.1476", "4.28", nil), ("2025-04-23", "1.1415", "4.2915", nil),
            ("2025-04-24", "1.1376", "4.2748", nil), ("2025-04-25", "1.1357", "4.2683", nil), ("2025-04-28", "1.1358", "4.2755", nil),
            ("2025-04-29", "1.1373", "4.2708", nil), ("2025-04-30", "1.1373", "4.2753", nil), ("2025-05-02", "1.1343", "4.275", nil),
        ]
        var builder = RateDays.Builder()
        for (date, usd, pln, hrk) in rows {
            let snapshot = UUID()
            builder.add(snapshot: snapshot, date: day(date), code: "EUR", rate: 1)
            builder.add(snapshot: snapshot, date: day(date), code: "USD", rate: d(usd))
            builder.add(snapshot: snapshot, date: day(date), code: "PLN", rate: d(pln))
            if let hrk { builder.add(snapshot: snapshot, date: day(date), code: "HRK", rate: d(hrk)) }
        }
        return builder.build()
    }()

    static func book(_ rule: LedgerRule, booking: String = "EUR") -> LedgerRateBook {
        LedgerRateBook(days: ecb, base: "EUR", booking: booking, rule: rule, today: day("2025-05-09"))
    }

    static func convert(
        _ amount: String, _ code: String, on date: String, _ rule: LedgerRule, booking: String = "EUR"
    )
        -> Result<(Decimal, LedgerRate), LedgerLineProblem>
    {
        var book = book(rule, booking: booking)
        return book.rate(of: code, on: day(date)).map { ($0.convert(d(amount), fractionDigits: 2), $0) }
    }

    @Test("same day: a holiday weekend takes the last business day before it")
    func sameDay() throws {
        // Saturday 19 April 2025, after Good Friday: Thursday the 17th, 1 EUR = 1.136 USD.
        // 1,000 USD = 1,000 ÷ 1.136 = 880.2816… EUR.
        let (result, rate) = try Self.convert("1000", "USD", on: "2025-04-19", .sameDay).get()
        #expect(result == Self.d("880.28") && rate.day == Self.day("2025-04-17") && rate.text == "0.8803")
        // Tuesday 22 April: its own rate, 1.1476: 871.3837… EUR.
        #expect(try Self.convert("1000", "USD", on: "2025-04-22", .sameDay).get().0 == Self.d("871.38"))
        // A credit stays negative.
        #expect(try Self.convert("-1000", "USD", on: "2025-04-22", .sameDay).get().0 == Self.d("-871.38"))
    }

    @Test("previous business day: strictly before the date, over a holiday weekend and the first of a month")
    func previousBusinessDay() throws {
        // Tuesday 22 April: the day before with rates is Thursday 17 April (18 and 21 are holidays).
        let (result, rate) = try Self.convert("1000", "USD", on: "2025-04-22", .previousBusinessDay).get()
        #expect(result == Self.d("880.28") && rate.day == Self.day("2025-04-17"))
        // Friday 2 May: 1 May is Labour Day, so Wednesday 30 April, 1.1373: 879.2754… EUR.
        let may = try Self.convert("1000", "USD", on: "2025-05-02", .previousBusinessDay).get()
        #expect(may.0 == Self.d("879.28") && may.1.day == Self.day("2025-04-30"))
        // 1 April, the first of a month: 31 March, 1.0815: 924.6417… EUR.
        #expect(try Self.convert("1000", "USD", on: "2025-04-01", .previousBusinessDay).get().0 == Self.d("924.64"))
        // Same day on 1 May (a holiday, first of the month): 30 April.
        #expect(try Self.convert("1000", "USD", on: "2025-05-01", .sameDay).get().1.day == Self.day("2025-04-30"))
    }

    @Test("month average: the mean of April's 20 business days, to 6 significant digits")
    func monthAverage() throws {
        // Σ(1 ÷ USD per EUR) ÷ 20 = 0.89206640… → 0.892066 EUR per USD; 1,000 USD = 892.066 → 892.07 EUR.
        let (result, rate) = try Self.convert("1000", "USD", on: "2025-04-19", .monthAverage).get()
        #expect(rate.text == "0.892066" && result == Self.d("892.07") && rate.day == Self.day("2025-04-30"))
        // Into złoty: Σ(PLN ÷ USD) ÷ 20 = 3.8044681… → 3.80447; 100 USD = 380.447 → 380.45 PLN.
        let zloty = try Self.convert("100", "USD", on: "2025-04-02", .monthAverage, booking: "PLN").get()
        #expect(zloty.1.text == "3.80447" && zloty.0 == Self.d("380.45"))
    }

    @Test("year average: the mean of the year's 22 days with rates so far, to 6 significant digits, the same for every line of the year")
    func yearAverage() throws {
        // Σ(1 ÷ USD per EUR) over 31 March, April's 20 business days and 2 May ÷ 22 = 0.89307140… → 0.893071 EUR per USD;
        // 1,000 USD = 893.071 → 893.07 EUR; its last day is 2 May.
        let (result, rate) = try Self.convert("1000", "USD", on: "2025-01-15", .yearAverage).get()
        #expect(rate.text == "0.893071" && result == Self.d("893.07") && rate.day == Self.day("2025-05-02"))
        #expect(try Self.convert("1000", "USD", on: "2025-12-31", .yearAverage).get().1.text == "0.893071")
        // 2022's two days: (1 ÷ 1.0649 + 1 ÷ 1.0666) ÷ 2 = 0.93830695… → 0.938307.
        #expect(try Self.convert("1000", "USD", on: "2022-06-30", .yearAverage).get().1.text == "0.938307")
        #expect(throws: LedgerLineProblem.noRateInYear(code: "HRK", year: 2025)) {
            try Self.convert("1000", "HRK", on: "2025-04-15", .yearAverage).get()
        }
        #expect(throws: LedgerLineProblem.futureDate(Self.day("2026-01-05"))) {
            try Self.convert("1", "USD", on: "2026-01-05", .yearAverage).get()
        }
    }

    @Test("a currency not quoted that day, a day before any rate, a future day")
    func notQuoted() throws {
        // The kuna's last day was Friday 30 December 2022 (7.5365 per EUR): Saturday the 31st converts
        // at it (1,000 ÷ 7.5365 = 132.6875… EUR), Monday 2 January 2023 does not.
        #expect(try Self.convert("1000", "HRK", on: "2022-12-31", .sameDay).get().0 == Self.d("132.69"))
        #expect(throws: LedgerLineProblem.notQuoted(code: "HRK", day: Self.day("2023-01-02"))) {
            try Self.convert("1000", "HRK", on: "2023-01-02", .sameDay).get()
        }
        #expect(throws: LedgerLineProblem.noRateInMonth(code: "HRK", year: 2023, month: 1)) {
            try Self.convert("1000", "HRK", on: "2023-01-15", .monthAverage).get()
        }
        #expect(throws: LedgerLineProblem.noRate(code: "USD", asked: Self.day("2020-01-01"))) {
            try Self.convert("1", "USD", on: "2020-01-01", .sameDay).get()
        }
        #expect(throws: LedgerLineProblem.futureDate(Self.day("2025-05-10"))) {
            try Self.convert("1", "USD", on: "2025-05-10", .sameDay).get()
        }
        // Into złoty through the euro: 4.2743 ÷ 1.136 = 3.762588… PLN per USD, to 5 digits as the ECB writes them.
        let zloty = try Self.convert("100", "USD", on: "2025-04-17", .sameDay, booking: "PLN").get()
        #expect(zloty.1.text == "3.7626" && zloty.0 == Self.d("376.26"))
    }

    @Test("halves round away from zero, credits too")
    func rounding() {
        let one = LedgerRate(numerator: 1, denominator: 1, day: nil, text: "1")
        #expect(one.convert(Self.d("2.345"), fractionDigits: 2) == Self.d("2.35"))
        #expect(one.convert(Self.d("-2.345"), fractionDigits: 2) == Self.d("-2.35"))
        #expect(one.convert(Self.d("2.344"), fractionDigits: 2) == Self.d("2.34"))
        #expect(one.convert(Self.d("1234.5"), fractionDigits: 0) == Self.d("1235"))
    }
}
