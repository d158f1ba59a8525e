import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Converter presenter")
struct ConverterPresenterTests {
    let presenter = ConverterPresenter(providers: .everyDeclared)
    let currencies = ["EUR", "GBP", "JPY", "USD"].map(Fixtures.catalog.currency(for:))

    func output(_ input: Converter.Input, _ outcome: Converter.Outcome, accepted: LastConversion?) -> Converter.Output {
        Converter.Output(
            query: Converter.Query(input), outcome: outcome, accepted: accepted, currencies: currencies,
            snapshot: Fixtures.snapshot, today: CalendarDate(containing: testNow))
    }

    func conversion(_ amount: String, _ from: String, _ to: String) throws -> Conversion {
        try ConversionCalculator(catalog: Fixtures.catalog)
            .convert(try #require(try Amount.parse(amount)), from: from, to: to, in: Fixtures.snapshot)
    }

    /// The key a page's frame is kept by and its validator is made of, as Web derives it.
    static func pageKey(_ output: Converter.Output, in l: Localization) -> String {
        ConverterPresenter.frame(of: output, in: l).map { DerivedCacheKey($0.key).text } ?? ""
    }

    @Test("a converted page's key: the same for any amount of its pair, and different for whatever else the page shows")
    func pageKeys() throws {
        let blend = RateSnapshot(
            blend: RateBlender(pegs: [], providers: ProviderCatalog.everyDeclared.official).blend(
                [Fixtures.snapshot], on: Fixtures.snapshot.effectiveDate)!, key: "k")
        func output(
            _ amount: String, _ from: String = "USD", _ to: String = "EUR", snapshot: RateSnapshot? = nil, source: String? = nil,
            sources: [RateSource] = [.blend, .ecb]
        )
            throws -> Converter.Output
        {
            let snapshot = snapshot ?? blend
            let converted = try ConversionCalculator(catalog: Fixtures.catalog)
                .convert(try #require(try Amount.parse(amount)), from: from, to: to, in: snapshot)
            return Converter.Output(
                query: Converter.Query(.init(from: from, to: to, amount: amount, source: source)), outcome: .converted(converted),
                accepted: .init(from: from, to: to, amount: amount), currencies: currencies, snapshot: snapshot,
                today: CalendarDate(containing: testNow), sources: sources, sourcesKey: RateSource.key(of: sources))
        }
        let hundred = try output("100"), other = try output("7.5")
        // Another amount of the same pair: the same key; its page differs only in the amount's texts.
        #expect(Self.pageKey(hundred, in: en) == Self.pageKey(other, in: en))
        let texts = try #require(ConverterPresenter.amountTexts(of: hundred, in: en))
        #expect(presenter.present(other, amount: texts, in: en) == presenter.present(hundred, in: en))
        #expect(presenter.present(hundred, in: en).details?.rows.count == 1)
        // Whatever else it follows from changes the key.
        let keys = [
            Self.pageKey(hundred, in: en), Self.pageKey(try output("100", "USD", "GBP"), in: en),
            Self.pageKey(try output("100", "GBP", "EUR"), in: en),
            Self.pageKey(hundred, in: Localizations.of(.de)),
            Self.pageKey(try output("100", snapshot: Fixtures.snapshot), in: en),
            Self.pageKey(try output("100", source: "ecb"), in: en),
            Self.pageKey(try output("100", sources: [.blend]), in: en),
        ]
        #expect(Set(keys).count == keys.count, "\(keys)")
    }

    @Test("the amount's texts: the page's own, any others where they go, and a page key that every amount of a pair shares")
    func amountTexts() throws {
        func output(_ amount: String, _ to: String = "EUR", date: String? = nil) throws -> Converter.Output {
            let converted = try ConversionCalculator(catalog: Fixtures.catalog)
                .convert(try #require(try Amount.parse(amount)), from: "USD", to: to, in: Fixtures.snapshot)
            let alternatives = ["GBP", "JPY"].map { code in
                AlternativeResult(to: Fixtures.catalog.currency(for: code), result: converted.amount.value)
            }
            return Converter.Output(
                query: Converter.Query(.init(from: "USD", to: to, amount: amount, date: date)), outcome: .converted(converted),
                alternatives: alternatives,
                accepted: .init(from: "USD", to: to, amount: converted.amount.text), currencies: currencies, snapshot: Fixtures.snapshot,
                today: CalendarDate(containing: testNow))
        }
        let page = try output("1234,5")
        let de = Localizations.of(.de)
        let texts = try #require(ConverterPresenter.amountTexts(of: page, in: de))
        #expect(texts.typed == "1234,5" && texts.canonicalAmount == "1234.5" && texts.amount == "1.234,5")
        #expect(texts.texts.count == 4 + 2)
        #expect(presenter.present(page, amount: texts, in: de) == presenter.present(page, in: de))

        let marked = presenter.present(page, amount: texts.replacingTexts(with: (0..<6).map { "~~\($0)~~" }), in: de)
        #expect(marked.amount == "~~0~~")
        #expect(marked.result.summary == "~~1~~ USD = ~~3~~ EUR")
        #expect(marked.result.url == "/?from=USD&to=EUR&amount=~~2~~")
        #expect(marked.result.alternatives.map(\.text) == ["~~4~~ GBP", "~~5~~ JPY"])
        #expect(marked.result.alternatives.map(\.url) == ["/?from=USD&to=GBP&amount=~~2~~", "/?from=USD&to=JPY&amount=~~2~~"])
        #expect(marked.title.contains("~~1~~ USD = ~~3~~ EUR"))
        #expect(ConverterPresenter.amountTexts(of: self.output(.init(from: "USD"), .noAmount, accepted: nil), in: en) == nil)

        // Any amount of a pair shares a key; another pair, day or language does not.
        #expect(Self.pageKey(page, in: en) == Self.pageKey(try output("7"), in: en))
        let keys = [
            Self.pageKey(page, in: en), Self.pageKey(try output("7", "GBP"), in: en),
            Self.pageKey(try output("7", date: "2025-05-08"), in: en), Self.pageKey(page, in: de),
        ]
        #expect(Set(keys).count == keys.count)
    }

    @Test func presentsAResult() throws {
        let input = Converter.Input(from: "USD", to: "EUR", amount: "100")
        let model = presenter.present(
            output(
                input, .converted(try conversion("100", "USD", "EUR")),
                accepted: .init(from: "USD", to: "EUR", amount: "100")), in: en)
        #expect(model.result.summary == "100 USD = 88.87 EUR")
        #expect(model.result.rate == "1 USD = 0.8887 EUR")
        #expect(model.result.inverseRate == "1 EUR = 1.1252 USD")
        #expect(model.result.fromName == "US Dollar")
        #expect(model.result.toName == "Euro")
        #expect(model.result.names == "US Dollar → Euro")
        #expect(model.result.url == "/?from=USD&to=EUR&amount=100")
        #expect(model.title == "100 USD = 88.87 EUR · Currency Converter")
        #expect(model.amount == "100")
        #expect(model.fromOptions.html.contains("<option value=\"USD\" selected>USD — US Dollar</option>"))
        #expect(model.toOptions.html.contains("<option value=\"EUR\" selected>EUR — Euro</option>"))
        #expect(model.fromOptions.html.occurrences(of: " selected") == 1)
        #expect(model.amountError == nil && model.fromError == nil && model.toError == nil)
    }

    @Test(
        "the amount as typed, the result in exactly the target's minor units",
        arguments: [
            ("100", "EUR", "GBP", "100 EUR = 84.77 GBP"),
            ("100", "USD", "JPY", "100 USD = 14,518 JPY"),
            ("12.50", "EUR", "USD", "12.5 EUR = 14.06 USD"), // 14.065 truncated
            ("1,5", "EUR", "EUR", "1.5 EUR = 1.50 EUR"),
            ("10", "EUR", "EUR", "10 EUR = 10.00 EUR"),
            ("1", "JPY", "EUR", "1 JPY = 0.00 EUR"),
            ("100", "EUR", "KWD", "100 EUR = 34.570 KWD"),
            ("1", "EUR", "XAU", "1 EUR = 0.000342 XAU"), // no minor units: the digits there are
        ])
    func formatsNumbers(amount: String, from: String, to: String, summary: String) throws {
        #expect(presenter.present(try conversion(amount, from, to), in: en).summary == summary)
    }

    @Test("small rates keep four significant digits")
    func smallRates() throws {
        let result = presenter.present(try conversion("1", "JPY", "EUR"), in: en)
        #expect(result.rate == "1 JPY = 0.006121 EUR")
        #expect(result.inverseRate == "1 EUR = 163.36 JPY")
        #expect(result.summary == "1 JPY = 0.00 EUR")
    }

    /// Rates against USD in which 100 USD make 89.5 EUR, 15,725 JPY and 30.746 KWD exactly.
    static let roundRates = RateSnapshot(
        source: "ecb", baseCurrency: "USD", effectiveDate: CalendarDate(iso8601: "2025-05-09")!, storedAt: testNow,
        rates: [
            "USD": 1, "EUR": Fixtures.decimal("0.895"), "JPY": Fixtures.decimal("157.25"), "KWD": Fixtures.decimal("0.30746"),
            "GBP": Fixtures.decimal("0.8"),
        ])

    @Test(
        "money shows its minor units in every language: the result and the same amount in other currencies",
        arguments: [
            (Language.en, "100 USD = 89.50 EUR", ["89.50 EUR", "15,725 JPY", "80.00 GBP"], "30.746 KWD"),
            (.de, "100 USD = 89,50 EUR", ["89,50 EUR", "15.725 JPY", "80,00 GBP"], "30,746 KWD"),
            (.ru, "100 USD = 89,50 EUR", ["89,50 EUR", "15\u{A0}725 JPY", "80,00 GBP"], "30,746 KWD"),
            (.ar, "100 USD = 89.50 EUR", ["89.50 EUR", "15,725 JPY", "80.00 GBP"], "30.746 KWD"),
            (.ja, "100 USD = 89.50 EUR", ["89.50 EUR", "15,725 JPY", "80.00 GBP"], "30.746 KWD"),
        ])
    func minorUnitsInEveryLanguage(language: Language, summary: String, alternatives: [String], kuwaiti: String) throws {
        let l = Localizations.of(language)
        let calculator = ConversionCalculator(catalog: Fixtures.catalog)
        let amount = try #require(try Amount.parse("100"))
        let conversion = try calculator.convert(amount, from: "USD", to: "EUR", in: Self.roundRates)
        let others = try ["EUR", "JPY", "GBP"].map { try calculator.result(amount, from: "USD", to: $0, in: Self.roundRates) }
        let model = presenter.present(conversion, alternatives: others, in: l)
        #expect(model.summary.replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "") == summary)
        #expect(model.alternatives.map(\.text) == alternatives)
        let dinars = try calculator.convert(amount, from: "USD", to: "KWD", in: Self.roundRates)
        #expect(presenter.present(dinars, in: l).resultText == kuwaiti)
        // The amount the visitor typed stays as typed.
        let typed = try calculator.convert(try #require(try Amount.parse("12.50")), from: "USD", to: "EUR", in: Self.roundRates)
        #expect(presenter.present(typed, in: l).amountText == (language == .de || language == .ru ? "12,5 USD" : "12.5 USD"))
    }

    @Test("the source line: date, age, provider and its site")
    func sourceLine() {
        let model = presenter.present(output(.init(), .noAmount, accepted: .init(from: "USD", to: "EUR", amount: "")), in: en)
        #expect(
            model.rates
                == RatesSourceViewModel(
                    snapshot: Fixtures.snapshot, today: CalendarDate(containing: testNow), catalog: .everyDeclared, in: en))
        #expect(model.rates.effectiveDate == "2025-05-09" && model.rates.dateText == "May 9, 2025")
        #expect(model.receipt == "Rates of May 9, 2025 (3 days ago)")
        #expect(model.rates.age == "3 days ago")
        #expect(model.rates.sourceName == "European Central Bank")
        #expect(model.rates.sourceURL?.hasPrefix("https://www.ecb.europa.eu/") == true)
        #expect(!model.rates.isBundled)
        #expect(!model.hasResult && model.result == .empty)
    }

    @Test func agesReadNaturally() throws {
        let day = try #require(CalendarDate(iso8601: "2025-05-09"))
        #expect(en.age(days: day.days(until: day)) == "today")
        #expect(en.age(days: day.days(until: try #require(CalendarDate(iso8601: "2025-05-10")))) == "yesterday")
        #expect(en.age(days: day.days(until: try #require(CalendarDate(iso8601: "2026-05-09")))) == "365 days ago")
        #expect(en.age(days: 1_200) == "1,200 days ago")
    }

    @Test("errors sit at their fields; an unknown code selects the placeholder; input is kept")
    func errors() {
        let input = Converter.Input(from: "XYZ", to: "EUR", amount: "01")
        let model = presenter.present(
            output(input, .invalid([.from: Message("No XYZ."), .amount: Amount.Problem.leadingZeros.message]), accepted: nil), in: en)
        #expect(model.amountError == "Remove the leading zeros.")
        #expect(model.fromError == "No XYZ.")
        #expect(model.toError == nil)
        #expect(model.amount == "01")
        #expect(model.fromOptions.html.hasPrefix("<option value=\"\" selected disabled>Choose a currency</option>"))
        #expect(model.toOptions.html.contains("<option value=\"EUR\" selected>"))
        #expect(!model.hasResult && model.result == .empty)
    }

    @Test func bundledSnapshotIsSaidSo() {
        let bundled = RateSnapshot(
            source: RateSource.bundledECB.id, baseCurrency: "EUR",
            effectiveDate: Fixtures.snapshot.effectiveDate, storedAt: testNow, rates: Fixtures.snapshot.rates)
        #expect(
            RatesSourceViewModel(snapshot: bundled, today: CalendarDate(containing: testNow), catalog: .everyDeclared, in: en).isBundled)
    }

    @Test func unknownSourceIsShownByItsID() {
        let other = RateSnapshot(
            source: "retired-provider", baseCurrency: "EUR", effectiveDate: Fixtures.snapshot.effectiveDate,
            storedAt: testNow, rates: [:])
        let line = RatesSourceViewModel(snapshot: other, today: CalendarDate(containing: testNow), catalog: .everyDeclared, in: en)
        #expect(line.sourceName == "retired-provider" && line.sourceURL == nil, "no site: named, not linked")
    }

    @Test func unavailable() {
        let model = presenter.presentUnavailable(in: en)
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
        let model = presenter.present(dated, in: en)
        #expect(model.receipt == "Rates of Friday, May 9, 2025, the last ECB business day on or before Sunday, May 11, 2025")
        #expect(model.title == "100 USD = 88.87 EUR on May 11, 2025 · Currency Converter")
        #expect(model.date == "2025-05-11" && model.dateError == nil)
        #expect(model.minDate == "1999-01-04" && model.maxDate == "2025-05-12")
        #expect(model.result.historyURL == "/rates/USD/EUR?date=2025-05-11")
        #expect(model.result.historyLabel == "See this pair over time around May 11, 2025")
        #expect(model.result.alternatives.map(\.url) == ["/?from=USD&to=GBP&amount=100&date=2025-05-11"])

        // The JSON API says it in canonical English.
        #expect(
            ConverterPresenter.receipt(asked: Fixtures.snapshot.effectiveDate, snapshot: Fixtures.snapshot, today: asked).english
                == "Rates of Friday 2025-05-09")
        let other = RateSnapshot(
            source: "exchangerate-api", baseCurrency: "USD", effectiveDate: Fixtures.snapshot.effectiveDate, storedAt: testNow,
            rates: ["EUR": 1])
        #expect(
            ConverterPresenter.receipt(asked: asked, snapshot: other, today: asked).english
                == "Rates of Friday 2025-05-09, the last day with rates on or before Sunday 2025-05-11")
        #expect(
            ConverterPresenter.receipt(asked: nil, snapshot: Fixtures.snapshot, today: asked).english == "Rates of 2025-05-09 (2 days ago)")
    }

    @Test("the latest rates' result says their day and age, and links without a day")
    func latestHasNoReceipt() throws {
        let model = presenter.present(
            output(.init(from: "USD", to: "EUR", amount: "100"), .converted(try conversion("100", "USD", "EUR")), accepted: nil), in: en)
        #expect(model.receipt == "Rates of May 9, 2025 (3 days ago)" && model.date == "")
        #expect(model.result.historyURL == "/rates/USD/EUR" && model.result.historyLabel == "Rate history of this pair")
    }

    @Test("the default source when it is one provider: the result's address names no source, its history link does")
    func historyOfTheSourceShown() throws {
        var shown = output(.init(from: "USD", to: "EUR", amount: "100"), .converted(try conversion("100", "USD", "EUR")), accepted: nil)
        shown.source = .exchangeRateAPI
        shown.defaultSource = RateSource.exchangeRateAPI.id
        let model = presenter.present(shown, in: en)
        #expect(model.result.url == "/?from=USD&to=EUR&amount=100")
        #expect(model.result.historyURL == "/rates/USD/EUR?source=exchangerate-api")
    }

    @Test("a date error is shown at the date field; the field keeps a real day only")
    func dateError() {
        let model = presenter.present(
            output(.init(from: "USD", to: "EUR", amount: "1", date: "15/03/2020"), .invalid([.date: Message("not a date")]), accepted: nil),
            in: en)
        #expect(model.dateError == "not a date" && model.date == "") // quoted in the message instead
        let future = presenter.present(
            output(
                .init(from: "USD", to: "EUR", amount: "1", date: "2030-01-01"), .invalid([.date: Message("in the future")]), accepted: nil),
            in: en)
        #expect(future.date == "2030-01-01")
    }

    // MARK: In each language

    func result(in language: Language, amount: String = "36295.5", from: String = "USD", to: String = "EUR") throws -> Converter.ViewModel {
        presenter.present(
            output(
                .init(from: from, to: to, amount: amount), .converted(try conversion(amount, from, to)),
                accepted: .init(from: from, to: to, amount: amount)),
            in: Localizations.of(language))
    }

    @Test("a result in each language: grouping and decimal separator, CLDR's names, the arrow's way")
    func resultInEachLanguage() throws {
        #expect(try result(in: .en).result.summary == "36,295.5 USD = 32,256.93 EUR")
        #expect(try result(in: .de).result.summary == "36.295,5 USD = 32.256,93 EUR")
        #expect(try result(in: .ru).result.summary == "36\u{A0}295,5 USD = 32\u{A0}256,93 EUR")
        #expect(try result(in: .ja).result.summary == "36,295.5 USD = 32,256.93 EUR")
        #expect(try result(in: .ar).result.summary == "36,295.5 USD = 32,256.93 EUR")
        #expect(try result(in: .de).result.rate == "1 USD = 0,8887 EUR")
        #expect(try result(in: .ru).result.names == "доллар США → евро")
        #expect(try result(in: .de).result.names == "US-Dollar → Euro")
        #expect(try result(in: .ja).result.names == "米ドル → ユーロ")
        // Right to left: the arrow points the reading way, each name isolated.
        #expect(try result(in: .ar).result.names == "\u{2068}دولار أمريكي\u{2069} ← \u{2068}يورو\u{2069}")
        #expect(try result(in: .ja).title == "36,295.5 USD = 32,256.93 EUR · 通貨換算")
        #expect(try result(in: .ar).title == "\u{2068}36,295.5 USD = 32,256.93 EUR\u{2069} · محوّل العملات")
        #expect(try result(in: .ru).result.historyLabel == "История курса этой пары")
    }

    @Test(
        "from the blend, each currency's menu entry says how many providers quote it, in each language; the base and other sources say nothing"
    )
    func currencyEntriesCountTheirSources() throws {
        let day = try #require(CalendarDate(iso8601: "2026-03-05"))
        func quotes(_ sources: [RateSourceID]) -> BlendedRate {
            BlendedRate(rate: 1, quotes: sources.map { ProviderQuote(source: $0, date: day, rate: 1, exclusion: nil) })
        }
        let blend = BlendedDay(
            date: day, base: "EUR",
            rates: [
                "USD": quotes([RateSource.ecb, .cnb, .nbp, .nbu, .rba].map(\.id)), "AFN": quotes([RateSource.nbpB.id]),
                "GEL": quotes([RateSource.ecb.id, RateSource.nbu.id]),
            ],
            outliers: [], sources: [RateSource.ecb, .cnb, .nbp, .nbu, .rba].map(\.id))
        let currencies = try ["AFN", "EUR", "GEL", "USD"].map { Fixtures.catalog.currency(for: $0) }
        func labels(_ language: Language, blend: BlendedDay? = blend) -> [String] {
            ConverterPresenter.currencyChoices(currencies, blend: blend, in: Localizations.of(language)).map(\.label)
        }
        #expect(
            labels(.en) == [
                "AFN — Afghan Afghani · 1 source", "EUR — Euro", "GEL — Georgian Lari · 2 sources", "USD — US Dollar · 5 sources",
            ])
        #expect(labels(.ru)[0].hasSuffix(" · 1 источник") && labels(.ru)[2].hasSuffix(" · 2 источника"))
        #expect(labels(.ru)[3].hasSuffix(" · 5 источников"))
        #expect(labels(.de)[3].hasSuffix(" · 5 Quellen") && labels(.ja)[3].hasSuffix(" · 5 件の情報源"))
        #expect(labels(.ar)[0].hasSuffix(" · مصدر واحد") && labels(.ar)[2].hasSuffix(" · مصدران"))
        #expect(labels(.en, blend: nil) == ["AFN — Afghan Afghani", "EUR — Euro", "GEL — Georgian Lari", "USD — US Dollar"])
    }

    @Test("a validation message in each language")
    func validationInEachLanguage() {
        let invalid = output(
            .init(from: "USD", to: "EUR", amount: "1"),
            .invalid([.amount: Amount.Problem.tooManyFractionDigits.message, .to: Message("Choose a currency to convert to.")]),
            accepted: nil)
        #expect(presenter.present(invalid, in: en).amountError == "Use at most 8 digits after the decimal point.")
        #expect(presenter.present(invalid, in: Localizations.of(.de)).amountError == "Höchstens 8 Ziffern nach dem Komma.")
        #expect(presenter.present(invalid, in: Localizations.of(.ru)).amountError == "Не более 8 цифр после десятичного разделителя.")
        #expect(presenter.present(invalid, in: Localizations.of(.ja)).toError == "換算先の通貨を選んでください。")
        #expect(presenter.present(invalid, in: Localizations.of(.ar)).toError == "اختر العملة التي تحوّل إليها.")
    }

    @Test("the rates' day and age in each language: a medium date and a plural")
    func dateAndAgeInEachLanguage() throws {
        func receipt(_ language: Language, today: String) throws -> String {
            presenter.present(
                Converter.Output(
                    query: Converter.Query(.init()), outcome: .noAmount, accepted: nil, currencies: currencies, snapshot: Fixtures.snapshot,
                    today: try #require(CalendarDate(iso8601: today))),
                in: Localizations.of(language)
            ).receipt
        }
        #expect(try receipt(.en, today: "2025-05-12") == "Rates of May 9, 2025 (3 days ago)")
        #expect(try receipt(.de, today: "2025-05-12") == "Kurse vom 9. Mai 2025 (vor 3 Tagen)")
        // CLDR puts a narrow no-break space before "г." (year).
        #expect(try receipt(.ru, today: "2025-05-12") == "Курсы на 9 мая 2025\u{202F}г. (3 дня назад)")
        #expect(try receipt(.ru, today: "2025-05-14") == "Курсы на 9 мая 2025\u{202F}г. (5 дней назад)")
        #expect(try receipt(.ru, today: "2025-05-30") == "Курсы на 9 мая 2025\u{202F}г. (21 день назад)")
        #expect(try receipt(.ja, today: "2025-05-12") == "2025年5月9日のレート（3日前）")
        #expect(try receipt(.ar, today: "2025-05-10") == "أسعار \u{2068}9 مايو، 2025\u{2069} (\u{2068}أمس\u{2069})")
    }
}
