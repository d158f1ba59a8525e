import Foundation
import Testing

@testable import App

@Suite("Converter presenter")
struct ConverterPresenterTests {
    let presenter = ConverterPresenter()
    let currencies = ["EUR", "GBP", "JPY", "USD"].map(Fixtures.catalog.currency(for:))

    func output(_ input: Converter.Input, _ outcome: Converter.Outcome, accepted: LastConversion?) -> Converter.Output {
        Converter.Output(
            input: input, outcome: outcome, accepted: accepted, currencies: currencies,
            snapshot: Fixtures.snapshot, today: CalendarDate(containing: testNow))
    }

    func conversion(_ amount: String, _ from: String, _ to: String) throws -> Conversion {
        try ConversionCalculator(catalog: Fixtures.catalog)
            .convert(try #require(try Amount.parse(amount)), from: from, to: to, in: Fixtures.snapshot)
    }

    @Test func presentsAResult() throws {
        let input = Converter.Input(from: "USD", to: "EUR", amount: "100")
        let model = presenter.present(
            output(
                input, .converted(try conversion("100", "USD", "EUR")),
                accepted: .init(from: "USD", to: "EUR", amount: "100")))
        #expect(model.result.summary == "100 USD = 88.87 EUR")
        #expect(model.result.rate == "1 USD = 0.8887 EUR")
        #expect(model.result.inverseRate == "1 EUR = 1.1252 USD")
        #expect(model.result.fromName == "US Dollar")
        #expect(model.result.toName == "Euro")
        #expect(model.title == "100 USD = 88.87 EUR · Currency Converter")
        #expect(model.amount == "100")
        #expect(model.fromOptions.contains("<option value=\"USD\" selected>USD — US Dollar</option>"))
        #expect(model.toOptions.contains("<option value=\"EUR\" selected>EUR — Euro</option>"))
        #expect(model.fromOptions.occurrences(of: " selected") == 1)
        #expect(model.amountError == nil && model.fromError == nil && model.toError == nil)
    }

    @Test(
        "drops trailing zeros and shows whole yen",
        arguments: [
            ("100", "EUR", "GBP", "100 EUR = 84.77 GBP"),
            ("100", "USD", "JPY", "100 USD = 14518 JPY"),
            ("12.50", "EUR", "USD", "12.5 EUR = 14.06 USD"), // 14.065 truncated
            ("1,5", "EUR", "EUR", "1.5 EUR = 1.5 EUR"),
        ])
    func formatsNumbers(amount: String, from: String, to: String, summary: String) throws {
        #expect(presenter.present(try conversion(amount, from, to)).summary == summary)
    }

    @Test("small rates keep four significant digits")
    func smallRates() throws {
        let result = presenter.present(try conversion("1", "JPY", "EUR"))
        #expect(result.rate == "1 JPY = 0.006121 EUR")
        #expect(result.inverseRate == "1 EUR = 163.36 JPY")
        #expect(result.summary == "1 JPY = 0 EUR")
    }

    @Test("the source line: date, age, provider and its site")
    func sourceLine() {
        let model = presenter.present(output(.init(), .noAmount, accepted: .init(from: "USD", to: "EUR", amount: "")))
        #expect(model.rates == RatesSourceViewModel(snapshot: Fixtures.snapshot, today: CalendarDate(containing: testNow)))
        #expect(model.rates.effectiveDate == "2025-05-09")
        #expect(model.rates.age == "3 days ago")
        #expect(model.rates.sourceName == "European Central Bank")
        #expect(model.rates.sourceURL.hasPrefix("https://www.ecb.europa.eu/"))
        #expect(!model.rates.isBundled)
        #expect(!model.hasResult && model.result == .empty)
    }

    @Test func agesReadNaturally() throws {
        let day = try #require(CalendarDate(iso8601: "2025-05-09"))
        #expect(RatesSourceViewModel.age(of: day, today: day) == "today")
        #expect(RatesSourceViewModel.age(of: day, today: try #require(CalendarDate(iso8601: "2025-05-10"))) == "yesterday")
        #expect(RatesSourceViewModel.age(of: day, today: try #require(CalendarDate(iso8601: "2026-05-09"))) == "365 days ago")
    }

    @Test("errors sit at their fields; an unknown code selects the placeholder; input is kept")
    func errors() {
        let input = Converter.Input(from: "XYZ", to: "EUR", amount: "01")
        let model = presenter.present(output(input, .invalid([.from: "No XYZ.", .amount: "Remove the leading zeros."]), accepted: nil))
        #expect(model.amountError == "Remove the leading zeros.")
        #expect(model.fromError == "No XYZ.")
        #expect(model.toError == nil)
        #expect(model.amount == "01")
        #expect(model.fromOptions.hasPrefix("<option value=\"\" selected disabled>Choose a currency</option>"))
        #expect(model.toOptions.contains("<option value=\"EUR\" selected>"))
        #expect(!model.hasResult && model.result == .empty)
    }

    @Test func bundledSnapshotIsSaidSo() {
        let bundled = RateSnapshot(
            source: RateSource.bundledECB.id, baseCurrency: "EUR",
            effectiveDate: Fixtures.snapshot.effectiveDate, storedAt: testNow, rates: Fixtures.snapshot.rates)
        #expect(RatesSourceViewModel(snapshot: bundled, today: CalendarDate(containing: testNow)).isBundled)
    }

    @Test func unknownSourceIsShownByItsID() {
        let other = RateSnapshot(
            source: "retired-provider", baseCurrency: "EUR", effectiveDate: Fixtures.snapshot.effectiveDate,
            storedAt: testNow, rates: [:])
        let line = RatesSourceViewModel(snapshot: other, today: CalendarDate(containing: testNow))
        #expect(line.sourceName == "retired-provider" && line.sourceURL.isEmpty)
    }

    @Test func unavailable() {
        let model = presenter.presentUnavailable()
        #expect(model.message.contains("not available yet"))
        #expect(model.retryURL == "/")
    }

    @Test("a past day's result says which day's rates it used and why, and its links keep the day")
    func pastDayReceipt() throws {
        // Fixtures.snapshot is the ECB's Friday 2025-05-09; asked for on Sunday 2025-05-11.
        let asked = try #require(CalendarDate(iso8601: "2025-05-11"))
        var dated = output(
            Converter.Input(from: "USD", to: "EUR", amount: "100", date: "2025-05-11"), .converted(try conversion("100", "USD", "EUR")),
            accepted: .init(from: "USD", to: "EUR", amount: "100", date: asked))
        dated.askedDate = asked
        dated.alternatives = [
            try ConversionCalculator(catalog: Fixtures.catalog).result(
                try #require(try Amount.parse("100")), from: "USD", to: "GBP", in: Fixtures.snapshot)
        ]
        let model = presenter.present(dated)
        #expect(model.receipt == "Rates of Friday 2025-05-09, the last ECB business day on or before Sunday 2025-05-11")
        #expect(model.title == "100 USD = 88.87 EUR on 2025-05-11 · Currency Converter")
        #expect(model.date == "2025-05-11" && model.dateError == nil)
        #expect(model.minDate == "1999-01-04" && model.maxDate == "2025-05-12")
        #expect(model.result.historyURL == "/rates/USD/EUR?date=2025-05-11")
        #expect(model.result.historyLabel == "See this pair over time around 2025-05-11")
        #expect(model.result.alternatives.map(\.url) == ["/?from=USD&to=GBP&amount=100&date=2025-05-11"])

        #expect(
            ConverterPresenter.receipt(asked: Fixtures.snapshot.effectiveDate, snapshot: Fixtures.snapshot, today: asked)
                == "Rates of Friday 2025-05-09")
        let other = RateSnapshot(
            source: "exchangerate-api", baseCurrency: "USD", effectiveDate: Fixtures.snapshot.effectiveDate, storedAt: testNow,
            rates: ["EUR": 1])
        #expect(
            ConverterPresenter.receipt(asked: asked, snapshot: other, today: asked)
                == "Rates of Friday 2025-05-09, the last day with rates on or before Sunday 2025-05-11")
        #expect(ConverterPresenter.receipt(asked: nil, snapshot: Fixtures.snapshot, today: asked) == "Rates of 2025-05-09 (2 days ago)")
    }

    @Test("the latest rates' result has no receipt and links without a day")
    func latestHasNoReceipt() throws {
        let model = presenter.present(
            output(.init(from: "USD", to: "EUR", amount: "100"), .converted(try conversion("100", "USD", "EUR")), accepted: nil))
        #expect(model.receipt == nil && model.date == "")
        #expect(model.result.historyURL == "/rates/USD/EUR" && model.result.historyLabel == "Rate history of this pair")
    }

    @Test("a date error is shown at the date field; the field keeps a real day only")
    func dateError() {
        let model = presenter.present(
            output(.init(from: "USD", to: "EUR", amount: "1", date: "15/03/2020"), .invalid([.date: "not a date"]), accepted: nil))
        #expect(model.dateError == "not a date" && model.date == "") // quoted in the message instead
        let future = presenter.present(
            output(.init(from: "USD", to: "EUR", amount: "1", date: "2030-01-01"), .invalid([.date: "in the future"]), accepted: nil))
        #expect(future.date == "2030-01-01")
    }

    @Test("the live script's cookie templates: with and without a day")
    func cookieTemplates() {
        #expect(presenter.rememberCookie.hasPrefix("last_conversion={from}-{to}-{amount};"))
        #expect(presenter.rememberDatedCookie.hasPrefix("last_conversion={from}-{to}-{amount}-{date};"))
    }
}
