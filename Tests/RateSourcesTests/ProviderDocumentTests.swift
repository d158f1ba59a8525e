import Foundation
import TestSupport
import Testing

@testable import Core
@testable import RateSources

@Suite("ECB reference-rates XML")
struct ECBRatesDocumentTests {
    @Test("the daily document: one day, about 30 currencies against EUR, exact decimals")
    func daily() throws {
        let days = try ProviderDeclaration.ecb.parse(Data(try Fixtures.text("ecb-daily.xml").utf8))
        let day = try #require(days.first)
        #expect(days.count == 1)
        #expect(day.source == "ecb" && day.baseCurrency == "EUR")
        #expect(day.effectiveDate.description == "2025-05-09")
        #expect(day.rates.count == 30)
        #expect(day.rates["USD"] == Fixtures.decimal("1.1252"))
        #expect(day.rates["GBP"] == Fixtures.decimal("0.84770"))
        #expect(day.rates["EUR"] == nil)
    }

    @Test("the history document: one snapshot per day, newest first")
    func history() throws {
        let days = try ProviderDeclaration.ecb.parse(Data(try Fixtures.text("ecb-history.xml").utf8))
        #expect(days.map(\.effectiveDate.description) == ["2025-02-25", "2025-02-24", "2025-02-21", "2025-02-20", "2025-02-19"])
        #expect(days.allSatisfy { $0.rates.count >= 29 })
    }

    @Test(
        "refuses what is not a complete ECB document",
        arguments: [
            ("", ""),
            ("<!doctype html><html><body><p>Maintenance</p></body></html>", ""),
            ("<html><body><p>Maintenance</p></body></html>", "not an ECB"),
            ("{\"rates\": {}}", "not well-formed"),
            ("<gesmes:Envelope xmlns:gesmes=\"g\"><Cube><Cube time='2025-02-25'><Cube currency='USD' rate='1.04", ""),
            ("<gesmes:Envelope xmlns:gesmes=\"g\"><Cube><Cube time='2025-02-25'><Cube currency='USD' rate='1.04'/></Cube>", "cut off"),
            ("<gesmes:Envelope xmlns:gesmes=\"g\"><Cube></Cube></gesmes:Envelope>", "holds no rates"),
            (
                "<gesmes:Envelope xmlns:gesmes=\"g\"><Cube><Cube time='2025-02-25'><Cube currency='USD' rate='-1.04'/></Cube></Cube></gesmes:Envelope>",
                "USD is -1.04"
            ),
            (
                "<gesmes:Envelope xmlns:gesmes=\"g\"><Cube><Cube time='2025-02-25'><Cube currency='USD' rate='1e3'/></Cube></Cube></gesmes:Envelope>",
                "not a decimal"
            ),
            (
                "<gesmes:Envelope xmlns:gesmes=\"g\"><Cube><Cube time='2025-02-30'><Cube currency='USD' rate='1'/></Cube></Cube></gesmes:Envelope>",
                "dated 2025-02-30"
            ),
            ("<gesmes:Envelope xmlns:gesmes=\"g\"><Cube><Cube currency='USD' rate='1'/></Cube></gesmes:Envelope>", "outside any day"),
            (
                "<gesmes:Envelope xmlns:gesmes=\"g\"><Cube><Cube time='2025-02-25'><Cube currency='USD' rate='1'/><Cube currency='USD' rate='2'/></Cube></Cube></gesmes:Envelope>",
                "twice"
            ),
        ])
    func refuses(document: String, detail: String) {
        #expect {
            try ProviderDeclaration.ecb.parse(Data(document.utf8))
        } throws: { error in
            guard case .unreadable(let message) = error as? RatesProviderError else { return false }
            return detail.isEmpty || message.contains(detail)
        }
    }
}

@Suite("ExchangeRate-API JSON")
struct ExchangeRateAPIDocumentTests {
    @Test("a success document: USD base, 162 rates, effective the day of its last update")
    func success() throws {
        let fetched = try #require(
            try ProviderDeclaration.exchangeRateAPI.parse(Data(try Fixtures.text("exchangerate-api-latest-USD.json").utf8)).first)
        #expect(fetched.source == "exchangerate-api")
        #expect(fetched.baseCurrency == "USD")
        #expect(fetched.effectiveDate.description == "2023-12-03")
        #expect(fetched.rates.count == 162)
        #expect(fetched.rates["USD"] == 1)
        #expect(fetched.rates["EUR"] == Fixtures.decimal("0.919028"))
        #expect(fetched.rates["AFN"] == Fixtures.decimal("70.249716"))
    }

    @Test("numbers are read exactly, never through a binary float")
    func exactNumbers() throws {
        let json =
            #"{"result":"success","base_code":"USD","time_last_update_unix":1701561751,"rates":{"USD":1,"BTC":0.0000243156789012345678,"VND":24300.123456789012}}"#
        let fetched = try #require(try ProviderDeclaration.exchangeRateAPI.parse(Data(json.utf8)).first)
        #expect(fetched.rates["BTC"] == Fixtures.decimal("0.0000243156789012345678"))
        #expect(fetched.rates["VND"] == Fixtures.decimal("24300.123456789012"))
    }

    @Test func providerError() {
        #expect(throws: RatesProviderError.providerError("unsupported-code")) {
            try ProviderDeclaration.exchangeRateAPI.parse(Data(#"{"result":"error","error-type":"unsupported-code"}"#.utf8))
        }
    }

    @Test(
        "refuses what is not a complete document",
        arguments: [
            ("", "not valid JSON"), ("<html></html>", "not valid JSON"), ("[1,2]", ""),
            (#"{"result":"success","base_code":"USD","time_last_update_unix":1701561751,"rates":{"EUR":"0.9"}}"#, "rates.EUR"),
            (#"{"result":"success","time_last_update_unix":1701561751,"rates":{"EUR":0.9}}"#, "base_code is missing"),
            (#"{"result":"success","base_code":"USD","rates":{"EUR":0.9}}"#, "time_last_update_unix is missing"),
            (#"{"result":"success","base_code":"USD","time_last_update_unix":1701561751}"#, "rates are missing"),
            (#"{"result":"maybe","base_code":"USD"}"#, "result is “maybe”"),
            (#"{"result":"success","base_code":"USD","time_last_update_unix":1701561751,"rates":{"EUR":0.9"#, "not valid JSON"),
        ])
    func refuses(document: String, detail: String) {
        #expect {
            try ProviderDeclaration.exchangeRateAPI.parse(Data(document.utf8))
        } throws: { error in
            guard case .unreadable(let message) = error as? RatesProviderError else { return false }
            return detail.isEmpty || message.contains(detail)
        }
    }
}

@Suite("Refresh validation rules")
struct RatesValidatorTests {
    let today = CalendarDate(iso8601: "2025-05-12")!

    func fetched(base: String = "EUR", date: String = "2025-05-09", rates: [String: String]) -> FetchedRates {
        FetchedRates(
            source: "ecb", baseCurrency: base, effectiveDate: CalendarDate(iso8601: date)!,
            rates: rates.mapValues(Fixtures.decimal))
    }

    var tenRates: [String: String] {
        [
            "USD": "1.1", "JPY": "160", "GBP": "0.85", "CHF": "0.94", "SEK": "10.9", "NOK": "11.6", "DKK": "7.46",
            "PLN": "4.2", "CZK": "24.9", "HUF": "404",
        ]
    }

    @Test func acceptsAGoodSnapshot() throws {
        try RatesValidator.validate(fetched(rates: tenRates), today: today)
        try RatesValidator.validate(fetched(date: "2025-05-12", rates: tenRates), today: today)
        var withBase = tenRates
        withBase["EUR"] = "1"
        try RatesValidator.validate(fetched(rates: withBase), today: today)
    }

    @Test(
        "rejects each broken rule with a reason",
        arguments: [
            ("eu", "2025-05-09", ["USD": "1"], "base currency"),
            ("EUR", "2025-05-09", ["usd": "1.1"], "is not a currency code"),
            ("EUR", "2025-05-09", ["USDX": "1.1"], "is not a currency code"),
            ("EUR", "2025-05-09", ["USD": "-1.1"], "USD is -1.1"),
            ("EUR", "2025-05-09", ["USD": "0"], "USD is 0"),
            ("EUR", "2025-05-09", ["EUR": "2"], "quoted at 2, not 1"),
            ("EUR", "2025-05-13", [:], "after today"),
        ])
    func rejects(base: String, date: String, changes: [String: String], reason: String) {
        var rates = tenRates
        for (code, rate) in changes {
            if code.uppercased() == code && code.count == 3 {
                rates[code] = rate
            } else {
                rates.removeValue(forKey: "USD")
                rates[code] = rate
            }
        }
        #expect {
            try RatesValidator.validate(fetched(base: base, date: date, rates: rates), today: today)
        } throws: { error in
            guard case .invalidRates(let message) = error as? RatesProviderError else { return false }
            return message.english.contains(reason)
        }
    }

    @Test func needsTenCurrencies() {
        var nine = tenRates
        nine.removeValue(forKey: "HUF")
        nine["EUR"] = "1" // the base does not count
        #expect {
            try RatesValidator.validate(fetched(rates: nine), today: today)
        } throws: { error in
            (error as? RatesProviderError)?.description == "the rates were rejected: only 9 currencies are quoted; at least 10 are needed"
        }
    }

    @Test("a provider that quotes fewer currencies sets its own minimum: Colombia's one TRM is stored, a day of none is not")
    func providersOwnMinimum() throws {
        let trm = FetchedRates(
            source: "banrep", baseCurrency: "COP", effectiveDate: today, rates: ["USD": Decimal(string: "3704.87")!],
            quotation: .basePerUnit)
        let minimum = ProviderDeclaration.banrep.minimumCurrencies
        try RatesValidator.validate(trm, today: today, minimum: minimum)
        #expect(throws: RatesProviderError.self) { try RatesValidator.validate(trm, today: today) }
        let none = FetchedRates(source: "banrep", baseCurrency: "COP", effectiveDate: today, rates: [:], quotation: .basePerUnit)
        #expect {
            try RatesValidator.validate(none, today: today, minimum: minimum)
        } throws: { error in
            (error as? RatesProviderError)?.description == "the rates were rejected: no currency is quoted"
        }
        let provider = KitRatesProvider(
            feed: ProviderFeed(.banrep), fetcher: HTTPDocumentFetcher(client: { fatalError() }, timeout: 1))
        #expect(provider.minimumCurrencies == 1)
    }
}
