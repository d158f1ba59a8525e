import Foundation
import Testing

@testable import Core
@testable import RateSources

/// Each central bank's document exactly as its publisher served it (`Resources/providers/`),
/// parsed into the rates it states: spot values checked by hand against the file, one test per
/// quirk (units per 10 or 100, windows-1251 with decimal commas, SDMX unit multipliers, rates
/// per unit of the home currency, header lines, a byte-order mark, blank cells).
@Suite("The central banks' documents, as served, parsed into exact rates")
struct OfficialDocumentTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources/providers"))
        return try Data(contentsOf: url)
    }

    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    static func on(_ date: String, _ days: [FetchedRates]) throws -> FetchedRates {
        try #require(days.first { $0.effectiveDate == day(date) }, "no rates on \(date)")
    }

    @Test("Bank of Canada: Canadian dollars per unit, numbers written as text, a series without a value left out")
    func bankOfCanada() throws {
        let days = try ProviderDeclaration.boc.parse(Self.fixture("boc-valet-fx-rates-daily-2026-03-12.json"))
        #expect(days.map(\.effectiveDate.description) == ["2026-03-12", "2026-03-13", "2026-03-16", "2026-03-17", "2026-03-18"])
        let first = try Self.on("2026-03-12", days)
        #expect(first.source == "boc" && first.baseCurrency == "CAD" && first.quotation == .basePerUnit)
        #expect(first.rates["USD"] == Self.decimal("1.3617"))
        #expect(first.rates["EUR"] == Self.decimal("1.5693"))
        // Written "0.008550": the same number as 0.00855.
        #expect(first.rates["JPY"] == Self.decimal("0.00855"))
        #expect(first.rates["IDR"] == Self.decimal("0.000081"))
        // FXVNDCAD is described but has no observation these days.
        #expect(first.rates["VND"] == nil)
        #expect(first.rates.count == 23)
    }

    @Test("Czech National Bank: koruna per 100 or 1,000 units divided exactly, a year's file grouped by day")
    func czechNationalBank() throws {
        let days = try ProviderDeclaration.cnb.parse(Self.fixture("cnb-exrates-daily-year-2026.json"))
        #expect(days.count == 65)
        #expect(days.first?.effectiveDate == Self.day("2026-01-02") && days.last?.effectiveDate == Self.day("2026-04-02"))
        let march2 = try Self.on("2026-03-02", days)
        #expect(march2.baseCurrency == "CZK" && march2.quotation == .basePerUnit)
        #expect(march2.rates["USD"] == Self.decimal("20.737"))
        #expect(march2.rates["EUR"] == Self.decimal("24.275"))
        #expect(march2.rates["JPY"] == Self.decimal("0.13173"), "13.173 per 100 JPY")
        #expect(march2.rates["HUF"] == Self.decimal("0.06374"), "6.374 per 100 HUF")
        #expect(march2.rates["IDR"] == Self.decimal("0.00123"), "1.23 per 1,000 IDR")
    }

    @Test("National Bank of Poland, table A: złoty per unit, four daily tables")
    func nbpTableA() throws {
        let days = try ProviderDeclaration.nbp.parse(Self.fixture("nbp-table-a-2026-03-01..05.json"))
        #expect(days.map(\.effectiveDate.description) == ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"])
        let first = try Self.on("2026-03-02", days)
        #expect(first.source == "nbp" && first.baseCurrency == "PLN" && first.quotation == .basePerUnit)
        #expect(first.rates["USD"] == Self.decimal("3.6056"))
        #expect(first.rates["EUR"] == Self.decimal("4.2304"))
        #expect(first.rates["JPY"] == Self.decimal("0.022963"))
        #expect(first.rates["THB"] == Self.decimal("0.1146"))
        #expect(first.rates.count == 32)
        #expect(try Self.on("2026-03-03", days).rates["USD"] == Self.decimal("3.682"))
    }

    @Test("National Bank of Poland, table B: one weekly table of about 115 currencies, tiny rates read digit for digit")
    func nbpTableB() throws {
        let days = try ProviderDeclaration.nbpB.parse(Self.fixture("nbp-table-b-2026-03-01..05.json"))
        #expect(days.count == 1)
        let table = try Self.on("2026-03-04", days)
        #expect(table.source == "nbp.b" && table.baseCurrency == "PLN")
        #expect(table.rates.count == 116)
        #expect(table.rates["AFN"] == Self.decimal("0.056626"))
        #expect(table.rates["MGA"] == Self.decimal("0.000881"))
        #expect(table.rates["IRR"] == Self.decimal("0.0000028"))
        #expect(table.rates["VND"] == Self.decimal("0.00014035"))
        #expect(table.rates["AED"] == Self.decimal("1.0018"))
        // A table B document is never taken for table A.
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.nbp.parse(Self.fixture("nbp-table-b-2026-03-01..05.json")) }
    }

    @Test("Bank of Russia: windows-1251 XML, decimal commas, roubles per Nominal units (up to a million)")
    func bankOfRussia() throws {
        let days = try ProviderDeclaration.cbr.parse(Self.fixture("cbr-xml-daily.xml"))
        let day = try #require(days.first)
        #expect(days.count == 1 && day.effectiveDate == Self.day("2026-04-25"))
        #expect(day.source == "cbr" && day.baseCurrency == "RUB" && day.quotation == .basePerUnit)
        #expect(day.rates.count == 54)
        #expect(day.rates["USD"] == Self.decimal("75.5273"))
        #expect(day.rates["EUR"] == Self.decimal("88.2826"))
        #expect(day.rates["AUD"] == Self.decimal("53.8359"))
        #expect(day.rates["DZD"] == Self.decimal("0.570006"), "57,0006 per 100 DZD")
        #expect(day.rates["VND"] == Self.decimal("0.0030075"), "30,0750 per 10,000 VND")
        #expect(day.rates["IRR"] == Self.decimal("0.0000539256"), "53,9256 per 1,000,000 IRR")
        #expect(day.rates["XDR"] == Self.decimal("103.3893"))
    }

    @Test("Norges Bank: SDMX CSV, kroner per 10^UNIT_MULT units, its indices (TWI, I44) left out")
    func norgesBank() throws {
        let days = try ProviderDeclaration.nb.parse(Self.fixture("norges-bank-exr-b-nok-sp.csv"))
        #expect(
            days.map(\.effectiveDate.description) == [
                "2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20", "2026-03-23", "2026-03-24",
            ])
        let first = try Self.on("2026-03-16", days)
        #expect(first.source == "nb" && first.baseCurrency == "NOK" && first.quotation == .basePerUnit)
        #expect(first.rates["HUF"] == Self.decimal("0.02857"), "2.857 per 100 HUF (UNIT_MULT 2)")
        #expect(first.rates["TWI"] == nil && first.rates["I44"] == nil)
        #expect(first.rates.count == 36)
        let line = try #require(
            String(decoding: try Self.fixture("norges-bank-exr-b-nok-sp.csv"), as: UTF8.self).split(separator: "\n")
                .first { $0.hasPrefix("B,USD,NOK,SP,") && $0.contains(",2026-03-16,") })
        #expect(first.rates["USD"] == Self.decimal(String(line.split(separator: ",").last!)), "UNIT_MULT 0: per one dollar")
    }

    @Test(
        "Reserve Bank of Australia: a byte-order mark and ten header lines, units per Australian dollar, blank cells and the TWI and SDR columns left out"
    )
    func reserveBankOfAustralia() throws {
        let days = try ProviderDeclaration.rba.parse(Self.fixture("rba-f11.1-data.csv"))
        #expect(days.first?.effectiveDate == Self.day("2023-01-03"))
        #expect(days.last?.effectiveDate == Self.day("2026-03-20"))
        let first = try Self.on("2023-01-03", days)
        #expect(first.source == "rba" && first.baseCurrency == "AUD" && first.quotation == .unitsPerBase)
        #expect(first.rates["USD"] == Self.decimal("0.6828"))
        #expect(first.rates["JPY"] == Self.decimal("88.48"))
        #expect(first.rates["IDR"] == Self.decimal("10635"))
        // AED, PGK, CAD and ZAR were blank that day; the index and the SDR are no currencies.
        #expect(first.rates["AED"] == nil && first.rates["CAD"] == nil && first.rates["SDR"] == nil && first.rates["XDR"] == nil)
        #expect(first.rates.count == 17)
        let last = try Self.on("2026-03-20", days)
        #expect(last.rates["USD"] == Self.decimal("0.7088") && last.rates["PGK"] == Self.decimal("3.0565"))
    }

    @Test("National Bank of Ukraine: hryvnias per 10, 100 or 1,000 units, a rate for every calendar day")
    func nationalBankOfUkraine() throws {
        let days = try ProviderDeclaration.nbu.parse(Self.fixture("nbu-exchange-site-2026-03.json"))
        #expect(days.count == 16)
        #expect(days.first?.effectiveDate == Self.day("2026-03-01"), "a Sunday")
        let day = try Self.on("2026-03-16", days)
        #expect(day.source == "nbu" && day.baseCurrency == "UAH" && day.quotation == .basePerUnit)
        #expect(day.rates["USD"] == Self.decimal("44.1381"))
        #expect(day.rates["EUR"] == Self.decimal("50.6661"))
        #expect(day.rates["THB"] == Self.decimal("1.37203"), "13.7203 per 10 THB")
        #expect(day.rates["KRW"] == Self.decimal("0.029595"), "2.9595 per 100 KRW")
        #expect(day.rates["VND"] == Self.decimal("0.0016789"), "1.6789 per 1,000 VND")
        #expect(day.rates["XAU"] == Self.decimal("225912.48"), "stored as published; the blend leaves metals out")
    }

    @Test("Bank of England: a column per series code, units per pound, dates as 17 Mar 2026")
    func bankOfEngland() throws {
        let days = try ProviderDeclaration.boe.parse(Self.fixture("boe-iadb-usd-eur-spot.csv"))
        #expect(days.map(\.effectiveDate.description) == ["2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20"])
        let first = try Self.on("2026-03-17", days)
        #expect(first.source == "boe" && first.baseCurrency == "GBP" && first.quotation == .unitsPerBase)
        #expect(first.rates.count == 26)
        #expect(first.rates["USD"] == Self.decimal("1.3343"))
        #expect(first.rates["EUR"] == Self.decimal("1.1577"))
        #expect(first.rates["KRW"] == Self.decimal("1986.5526"), "XUDLBK93")
        #expect(first.rates["RON"] == Self.decimal("5.8963"), "XUDLZOS4")
        #expect(try Self.on("2026-03-20", days).rates["CZK"] == Self.decimal("28.2397"), "XUDLBK25")
    }

    @Test("documents that are not what they claim are refused with a reason, never half-read")
    func refusals() {
        let garbage = Data("<html>Service unavailable</html>".utf8)
        for parse in [
            { try ProviderDeclaration.boc.parse(garbage) }, { try ProviderDeclaration.cnb.parse(garbage) },
            { try ProviderDeclaration.nbp.parse(garbage) },
            { try ProviderDeclaration.cbr.parse(garbage) }, { try ProviderDeclaration.nb.parse(garbage) },
            { try ProviderDeclaration.rba.parse(garbage) },
            { try ProviderDeclaration.nbu.parse(garbage) }, { try ProviderDeclaration.boe.parse(garbage) },
        ] as [() throws -> [FetchedRates]] {
            #expect(throws: RatesProviderError.self) { try parse() }
        }
        // A rate that is not a number, and a currency twice on a day with two rates.
        #expect(throws: RatesProviderError.self) {
            try ProviderDeclaration.boe.parse(Data("DATE,XUDLUSS\n17 Mar 2026,n/a\n".utf8))
        }
        #expect(throws: RatesProviderError.self) {
            try ProviderDeclaration.nbu.parse(
                Data(
                    #"[{"exchangedate":"01.03.2026","cc":"USD","rate":41.1,"units":1},{"exchangedate":"01.03.2026","cc":"USD","rate":41.2,"units":1}]"#
                        .utf8))
        }
        // A cut-off XML document.
        #expect(throws: RatesProviderError.self) {
            try ProviderDeclaration.cbr.parse(
                Data(#"<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="25.04.2026"><Valute><CharCode>USD</CharCode>"#.utf8))
        }
    }

    @Test("each feed asks the publisher's own paths and queries, under the origin <ID>_BASE_URL names")
    func feedAddresses() throws {
        let stub = URL(string: "http://127.0.0.1:9000")!
        let days = Self.day("2026-03-01")...Self.day("2026-03-05")
        func range(_ source: ProviderDeclaration) throws -> [String] {
            ProviderFeed(source, origin: stub).documents(covering: days).map(\.url.absoluteString)
        }
        #expect(try range(.nbp) == ["http://127.0.0.1:9000/api/exchangerates/tables/A/2026-03-01/2026-03-05/?format=json"])
        #expect(try range(.nbpB) == ["http://127.0.0.1:9000/api/exchangerates/tables/B/2026-03-01/2026-03-05/?format=json"])
        #expect(try range(.cnb) == ["http://127.0.0.1:9000/cnbapi/exrates/daily-year?lang=EN&year=2026"])
        #expect(
            try range(.boc) == [
                "http://127.0.0.1:9000/valet/observations/group/FX_RATES_DAILY/json?start_date=2026-03-01&end_date=2026-03-05"
            ])
        #expect(
            try range(.nb) == ["http://127.0.0.1:9000/api/data/EXR/B..NOK.SP?format=csvdata&startPeriod=2026-03-01&endPeriod=2026-03-05"])
        #expect(
            try range(.nbu) == [
                "http://127.0.0.1:9000/NBU_Exchange/exchange_site?start=20260301&end=20260305&json&sort=exchangedate&order=asc"
            ])
        #expect(try range(.rba) == ["http://127.0.0.1:9000/statistics/tables/csv/f11.1-data.csv"])
        let boe = try range(.boe)
        #expect(
            boe.count == 1
                && boe[0].hasPrefix("http://127.0.0.1:9000/boeapps/database/_iadb-fromshowcolumns.asp?csv.x=yes&SeriesCodes=XUDLUSS,"))
        #expect(boe[0].hasSuffix("&UsingCodes=Y&CSVF=TN&Datefrom=01/Mar/2026&Dateto=05/Mar/2026"))
        // The Bank of Russia has no ranges: its newest file, or a file per day.
        let cbr = ProviderFeed(.cbr, origin: stub)
        #expect(cbr.fetchesDayByDay)
        #expect(cbr.latest(Self.day("2026-04-24")).map(\.url.absoluteString) == ["http://127.0.0.1:9000/scripts/XML_daily.asp"])
        #expect(
            cbr.documents(covering: Self.day("2026-04-02")...Self.day("2026-04-03")).map(\.url.absoluteString) == [
                "http://127.0.0.1:9000/scripts/XML_daily.asp?date_req=02/04/2026",
                "http://127.0.0.1:9000/scripts/XML_daily.asp?date_req=03/04/2026",
            ])
        // The NBP answers at most 93 days at a time.
        let year = ProviderFeed(.nbp, origin: stub).documents(covering: Self.day("2025-01-01")...Self.day("2025-12-31"))
        #expect(year.count == 4)
        // Without a stand-in, the publisher's own origin.
        #expect(ProviderFeed(.nbp).origin.absoluteString == "https://api.nbp.pl")
        // The latest days reach back over a weekly table's week, and a day ahead where the publisher dates ahead.
        let nbu = try #require(ProviderFeed(.nbu, origin: stub).latest(Self.day("2026-03-16")).first?.url.absoluteString)
        #expect(nbu.contains("start=20260306&end=20260317"))
    }
}
