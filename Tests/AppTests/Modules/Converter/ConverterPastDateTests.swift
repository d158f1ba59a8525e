import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

/// The converter on a past day (`date=`), over nine real days of the ECB's file.
@Suite("Converter on a past date")
struct ConverterPastDateTests {
    /// 2026-11-23, after the newest day of the fixture.
    static let now = Date(timeIntervalSince1970: 1_795_435_200)

    func interactor(
        past: (any PastRatesReading)? = nil, now: Date = Self.now, load: FakeHistoryLoad = FakeHistoryLoad()
    ) throws -> ConverterInteractor {
        ConverterInteractor(
            rates: FakeCurrentRates(snapshot: Fixtures.snapshot),
            pastRates: try past ?? FakePastRates.spotDays(),
            history: load, catalog: Fixtures.catalog, providers: .everyDeclared, now: { now })
    }

    func show(_ from: String, _ to: String, _ amount: String, on date: String) async throws -> Converter.Output {
        try await interactor().show(.init(from: from, to: to, amount: amount, date: date))
    }

    func errors(_ output: Converter.Output) -> [Converter.Field: String] { output.outcome.englishErrors }

    /// Worked out by hand from the ECB's rates of each day (units per euro), then truncated to
    /// the target's minor units: a euro pair is one rate, any other pair crosses through the euro.
    @Test(
        "conversions on past days are exact",
        arguments: [
            // 100 × 1.1384 USD/EUR ÷ 0.691 GBP/EUR = 164.7467… USD.
            ("GBP", "USD", "100", "1999-01-29", "164.74", "1999-01-29"),
            // 1000 × 109.3 ÷ 0.8964 = 121932.17… JPY, which has no minor units.
            ("USD", "JPY", "1000", "2001-09-11", "121932", "2001-09-11"),
            // A Sunday: the Friday before. 250 × 3.603 RON on RON's first day.
            ("EUR", "RON", "250", "2005-07-03", "900.75", "2005-07-01"),
            // A leap day: 100 × 0.8439 ÷ 1.2051 = 70.0273… GBP.
            ("CHF", "GBP", "100", "2012-02-29", "70.02", "2012-02-29"),
            // Sunday 2020-03-15 → Friday 2020-03-13: 100 ÷ 1.1104 = 90.0576… EUR.
            ("USD", "EUR", "100", "2020-03-15", "90.05", "2020-03-13"),
            // 50 × 175.68 ÷ 1.1172 = 7862.51… JPY.
            ("USD", "JPY", "50", "2026-10-30", "7862", "2026-10-30"),
            // A withdrawn currency on a day it was quoted: 100 × 0.5735 CYP.
            ("EUR", "CYP", "100", "2005-06-30", "57.35", "2005-06-30"),
        ])
    func exactOnPastDays(
        from: String, to: String, amount: String, asked: String, expected: String, ratesDay: String
    )
        async throws
    {
        let output = try await show(from, to, amount, on: asked)
        guard case .converted(let conversion) = output.outcome else {
            Issue.record("no conversion: \(output.outcome)")
            return
        }
        #expect(conversion.result.plainText == expected)
        #expect(output.snapshot.effectiveDate.description == ratesDay)
        #expect(output.askedDate?.description == asked)
        #expect(output.accepted == LastConversion(from: from, to: to, amount: amount, date: CalendarDate(iso8601: asked)))
    }

    @Test(
        "a malformed or impossible date is refused at the date field, the input kept",
        arguments: ["2020-02-30", "15/03/2020", "2020-3-5", "2020-13-01", "yesterday", "2020-03-15T00:00"])
    func malformedDate(typed: String) async throws {
        let output = try await show("USD", "EUR", "100", on: typed)
        let message = try #require(errors(output)[.date])
        #expect(message.contains("is not a date") && message.contains("YYYY-MM-DD"))
        #expect(output.query.typed.date == typed && output.accepted == nil && output.askedDate == nil)
    }

    @Test("a future date is refused, naming today")
    func futureDate() async throws {
        let message = try #require(errors(try await show("USD", "EUR", "100", on: "2026-11-24"))[.date])
        #expect(
            message
                == "2026-11-24 is in the future. Choose today (2026-11-23) or an earlier day, or leave the date empty for the latest rates."
        )
        let today = try await show("USD", "EUR", "100", on: "2026-11-23")
        #expect(today.snapshot.effectiveDate.description == "2026-10-30") // the last day held on or before it
    }

    @Test("a date before the first stored day names the first day")
    func beforeTheFirstDay() async throws {
        let message = try #require(errors(try await show("USD", "EUR", "100", on: "1999-01-28"))[.date])
        #expect(message == "Rates start on Friday 1999-01-29. Choose that day or a later one.")
        let none = try await interactor(past: FakePastRates(snapshots: [])).show(
            .init(from: "USD", to: "EUR", amount: "1", date: "2020-01-01"))
        #expect(errors(none)[.date]?.contains("No rates are stored for any day yet") == true)
    }

    @Test("a currency not quoted that day is refused at its field, with the days it was quoted")
    func notQuoted() async throws {
        // HRK became the euro in 2023; the last day of the fixture quoting it is 2022-12-30.
        let withdrawn = try await show("EUR", "HRK", "100", on: "2024-03-15")
        #expect(
            errors(withdrawn)[.to]
                == "There is no rate for HRK on 2024-03-15: it has rates from 2005-06-30 to 2022-12-30.")
        #expect(withdrawn.currencies.contains { $0.code == "HRK" }) // the form keeps the choice
        // RON replaced ROL on 2005-07-01: not quoted yet the day before.
        let early = try await show("RON", "EUR", "1", on: "2005-06-30")
        #expect(errors(early)[.from] == "There is no rate for RON on 2005-06-30: it has rates from 2005-07-01 to 2026-10-30.")
        // BGN was first quoted on 2000-07-19, after the fixture's first day.
        let bulgarian = try await show("BGN", "USD", "1", on: "1999-01-29")
        #expect(errors(bulgarian)[.from]?.hasPrefix("There is no rate for BGN on 1999-01-29: it has rates from 2001-09-11") == true)
        // A code never quoted on any day.
        let never = try await show("EUR", "XYZ", "1", on: "2020-03-13")
        #expect(errors(never)[.to] == "There is no rate for XYZ on any day. Choose a currency from the list.")
    }

    @Test("a past day's currencies join the menu: a withdrawn one can be chosen")
    func pastCurrenciesInTheMenu() async throws {
        let output = try await show("EUR", "CYP", "100", on: "2005-06-30")
        let codes = output.currencies.map(\.code)
        #expect(codes.contains("CYP") && codes.contains("ROL") && codes.contains("XAU"))
        #expect(codes == codes.sorted())
    }

    @Test("an empty date is the latest rates, as before")
    func emptyDate() async throws {
        let output = try await show("USD", "EUR", "100", on: "")
        #expect(output.askedDate == nil && output.snapshot == Fixtures.snapshot)
        #expect(output.accepted == LastConversion(from: "USD", to: "EUR", amount: "100"))
    }

    @Test("submitting and swapping keep the date")
    func submitAndSwapKeepTheDate() async throws {
        let interactor = try interactor()
        let day = CalendarDate(iso8601: "2020-03-15")
        #expect(
            try await interactor.submit(.init(from: "USD", to: "EUR", amount: "100", date: "2020-03-15"))
                == .redirect(LastConversion(from: "USD", to: "EUR", amount: "100", date: day)))
        #expect(
            try await interactor.swap(.init(from: "USD", to: "EUR", amount: "100", date: "2020-03-15"))
                == .redirect(LastConversion(from: "EUR", to: "USD", amount: "100", date: day)))
    }

    @Test("a remembered past conversion is restored on its day")
    func restoresADatedConversion() async throws {
        let output = try await interactor().restore(
            LastConversion(from: "USD", to: "EUR", amount: "100", date: CalendarDate(iso8601: "2020-03-15")))
        #expect(output.askedDate?.description == "2020-03-15" && output.snapshot.effectiveDate.description == "2020-03-13")
    }

    @Test("the store failing is rates unavailable (503), not a crash")
    func storeDown() async throws {
        await #expect(throws: Converter.Failure.ratesUnavailable) {
            _ = try await interactor(past: FailingPastRates()).show(.init(from: "USD", to: "EUR", amount: "1", date: "2020-03-13"))
        }
    }
}
