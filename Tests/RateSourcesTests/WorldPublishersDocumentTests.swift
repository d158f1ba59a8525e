import Foundation
import Testing

@testable import Core
@testable import RateSources

/// Issue 42's publishers, each reading its recorded document as served (`Resources/providers/`):
/// figures written out by hand from the file, one check per quirk.
@Suite("The rest of the world's publishers: each document, as served, parsed into exact rates")
struct WorldPublishersDocumentTests {
    static func parse(_ declaration: ProviderDeclaration, _ fixture: String, series: String? = nil) throws -> [FetchedRates] {
        let series = try series.map { code in try #require(declaration.seriesList.first { $0.code == code }) }
        return try declaration.parse(try OfficialDocumentTests.fixture(fixture), series: series)
    }

    static let decimal = OfficialDocumentTests.decimal
    static func dates(_ days: [FetchedRates]) -> [String] { days.map(\.effectiveDate.description) }

    @Test("Macau: patacas per 1 or 100 units in the field called usdMean; the liquidity row LIQ left out")
    func amcm() throws {
        let days = try Self.parse(.amcm, "amcm-financial-info.json")
        #expect(Self.dates(days) == ["2026-05-18", "2026-05-19", "2026-05-20", "2026-05-21", "2026-05-22"])
        let friday = try OfficialDocumentTests.on("2026-05-22", days)
        #expect(friday.baseCurrency == "MOP" && friday.quotation == .basePerUnit && friday.rates.count == 17)
        #expect(friday.rates["USD"] == Self.decimal("8.0705") && friday.rates["HKD"] == Self.decimal("1.03"))
        #expect(friday.rates["JPY"] == Self.decimal("0.050727"), "5.0727 per 100 yen")
        #expect(friday.rates["KRW"] == Self.decimal("0.0054"), "0.5400 per 100 won")
        #expect(friday.rates["LIQ"] == nil)
    }

    @Test("Banco de Guatemala: a SOAP answer of quetzales per dollar, days written dd/mm/yyyy, every calendar day")
    func banguat() throws {
        let days = try Self.parse(.banguat, "banguat-tipocambio.xml")
        #expect(days.count == 20 && days.first?.effectiveDate.description == "2026-03-01")
        #expect(try OfficialDocumentTests.on("2026-03-01", days).rates == ["USD": Self.decimal("7.66476")])
        #expect(try OfficialDocumentTests.on("2026-03-20", days).rates == ["USD": Self.decimal("7.65366")])
        // Currency 2 is the dollar; a rate of any other is refused rather than stored as one.
        let other = String(decoding: try OfficialDocumentTests.fixture("banguat-tipocambio.xml"), as: UTF8.self)
            .replacingOccurrences(of: "<moneda>2</moneda><fecha>05/03", with: "<moneda>24</moneda><fecha>05/03")
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.banguat.parse(Data(other.utf8)) }
    }

    @Test("Banco Central de Nicaragua: a month's SOAP answer of córdobas per dollar, ISO days")
    func bcn() throws {
        let days = try Self.parse(.bcn, "bcn-serviciotc.xml")
        #expect(Self.dates(days) == ["2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20"])
        #expect(days.allSatisfy { $0.baseCurrency == "NIO" && $0.rates == ["USD": Self.decimal("36.6243")] })
    }

    @Test("Banco Central de Reserva del Perú: the mean of buying and selling, days as 01.Set.26, n.d. for a day not set")
    func bcrp() throws {
        let days = try Self.parse(.bcrp, "bcrp-ing.json")
        #expect(Self.dates(days) == ["2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04", "2026-09-07"])
        #expect(try OfficialDocumentTests.on("2026-09-01", days).rates == ["USD": Self.decimal("3.364")], "3.36 and 3.368")
        #expect(try OfficialDocumentTests.on("2026-09-07", days).rates == ["USD": Self.decimal("3.3615")], "3.351 and 3.372")
        #expect(PublishedDate.withSpanishMonthName("02.Ene.2026", separator: ".")?.description == "2026-01-02")
        #expect(PublishedDate.withSpanishMonthName("31.Dic.99", separator: ".")?.description == "1999-12-31")
        #expect(PublishedDate.withSpanishMonthName("01.Sept.26", separator: ".") == nil)
        // One side written and the other not is no mean.
        let oneSided = #"{"periods": [{"name": "01.Set.26", "values": ["3.36", "n.d."]}]}"#
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.bcrp.parse(Data(oneSided.utf8)) }
    }

    @Test("Bank Al-Maghrib: dirhams per 1, 10 or 100 units; MRO written for today's ouguiya (MRU); a currency listed twice alike")
    func bam() throws {
        let day = try Self.parse(.bam, "bam-coursvirement-2026-03-25t12-30-00.json")
        #expect(Self.dates(day) == ["2026-03-25"])
        let rates = try OfficialDocumentTests.on("2026-03-25", day).rates
        #expect(rates.count == 30 && rates["USD"] == Self.decimal("9.3189") && rates["EUR"] == Self.decimal("10.8057"))
        #expect(
            rates["JPY"] == Self.decimal("0.05862") && rates["DZD"] == Self.decimal("0.07032") && rates["XOF"] == Self.decimal("0.016473"))
        #expect(rates["MRU"] == Self.decimal("0.2355") && rates["MRO"] == nil, "23.55 per 100")
        // The 26th's answer lists fifteen currencies twice, with the same figures: read once.
        let twice = try Self.parse(.bam, "bam-coursvirement-2026-03-26t12-30-00.json")
        #expect(try OfficialDocumentTests.on("2026-03-26", twice).rates.count == 30)
    }

    @Test("Banco de México: five series named by the bank's ids, pesos per unit, days written dd/mm/yyyy")
    func banxico() throws {
        let days = try Self.parse(.banxico, "banxico-datos.json")
        #expect(days.count == 10 && days.first?.effectiveDate.description == "2026-03-02")
        let friday = try OfficialDocumentTests.on("2026-03-13", days)
        #expect(friday.baseCurrency == "MXN" && friday.rates.count == 5)
        #expect(friday.rates["USD"] == Self.decimal("17.9218") && friday.rates["JPY"] == Self.decimal("0.1125"))
        #expect(friday.rates["EUR"] == Self.decimal("20.5536") && friday.rates["CAD"] == Self.decimal("13.0259"))
        let unknown = #"{"bmx":{"series":[{"idSerie":"SF1","datos":[{"fecha":"02/03/2026","dato":"1.0"}]}]}}"#
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.banxico.parse(Data(unknown.utf8)) }
    }

    @Test("Banco Central de Chile: a series per currency, the observed dollar and the others at its parities; NaN days left out")
    func bcch() throws {
        let dollar = try Self.parse(.bcch, "bcch-sieterestws-f073-tco-pre-z-d.json", series: "USD")
        #expect(dollar.count == 10 && dollar.first?.rates == ["USD": Self.decimal("871.41")])
        #expect(dollar.contains { $0.effectiveDate.description == "2026-03-07" } == false, "a Saturday's NaN")
        let yen = try Self.parse(.bcch, "bcch-sieterestws-f072-clp-jpy-n-o-d.json", series: "JPY")
        #expect(yen.first?.rates == ["JPY": Self.decimal("5.59")])
        // Another series' document, or the bank's refusal, is no rate of this one.
        #expect(throws: RatesProviderError.self) { try Self.parse(.bcch, "bcch-sieterestws-f072-clp-jpy-n-o-d.json", series: "EUR") }
        let refused = #"{"Codigo": -5, "Descripcion": "Invalid username or password", "Series": {"seriesId": null}}"#
        #expect(throws: RatesProviderError.self) {
            try ProviderDeclaration.bcch.parse(Data(refused.utf8), series: ProviderDeclaration.bcch.seriesList[0])
        }
    }

    @Test("Bank of Thailand: baht per unit, per 100 yen and 1,000 rupiah as the names say although the header says per 1")
    func bot() throws {
        let days = try Self.parse(.bot, "bot-daily-avg-exg-rate.json")
        #expect(Self.dates(days) == ["2026-04-01", "2026-04-02", "2026-04-03"])
        let friday = try OfficialDocumentTests.on("2026-04-03", days)
        #expect(friday.baseCurrency == "THB" && friday.rates.count == 19)
        #expect(friday.rates["USD"] == Self.decimal("32.6448") && friday.rates["BND"] == Self.decimal("25.3993"))
        #expect(friday.rates["JPY"] == Self.decimal("0.204832") && friday.rates["IDR"] == Self.decimal("0.0019296"))
    }

    @Test("TCMB: the mean of forex buying and selling, lira per unit and per 100 yen; null days left out, one side alone refused")
    func tcmb() throws {
        let days = try Self.parse(.tcmb, "tcmb-series-tp-dk-aed-a-ytl-tp-dk-aed-s-ytl-t.json")
        #expect(days.count == 14 && days.first?.effectiveDate.description == "2026-03-02")
        let friday = try OfficialDocumentTests.on("2026-03-13", days)
        #expect(friday.baseCurrency == "TRY" && friday.rates.count == 21)
        #expect(friday.rates["USD"] == Self.decimal("44.0707"), "44.031 and 44.1104")
        #expect(friday.rates["JPY"] == Self.decimal("0.277538"), "27.6622 and 27.8454 per 100")
        #expect(friday.rates["KRW"] == Self.decimal("0.0298"))
        let oneSided = #"{"items": [{"Tarih": "02-03-2026", "TP_DK_USD_A_YTL": "43.8", "TP_DK_USD_S_YTL": null}]}"#
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.tcmb.parse(Data(oneSided.utf8)) }
    }

    @Test("Central Bank of Myanmar: the latest rates only, kyats per unit and per 100 for six currencies the document gives no units for")
    func cbm() throws {
        let days = try Self.parse(.cbm, "cbm-latest.json")
        #expect(Self.dates(days) == ["2026-04-09"], "stamped 08:00 UTC, 14:30 in Yangon")
        let rates = try #require(days.first?.rates)
        #expect(rates.count == 38 && rates["USD"] == Self.decimal("2100") && rates["LKR"] == Self.decimal("6.66"))
        #expect(rates["JPY"] == Self.decimal("13.2188") && rates["VND"] == Self.decimal("0.0798") && rates["LAK"] == Self.decimal("0.0952"))
    }

    @Test("Maldives Monetary Authority: every day since 2011 in one file, months written in full, a day listed twice alike")
    func mma() throws {
        let days = try Self.parse(.mma, "mma-referencerates.json")
        #expect(days.count == 3_552 && days.first?.effectiveDate.description == "2011-04-21")
        #expect(days.last?.effectiveDate.description == "2026-05-21" && days.last?.rates == ["USD": Self.decimal("15.42")])
        #expect(try OfficialDocumentTests.on("2011-04-26", days).rates == ["USD": Self.decimal("15.16")])
        #expect(PublishedDate.withFullMonthName("26 April 2011")?.description == "2011-04-26")
        #expect(PublishedDate.withFullMonthName("26 Apr 2011")?.description == "2011-04-26")
        #expect(PublishedDate.withFullMonthName("26 Aprilis 2011") == nil)
    }

    @Test("Banque Nationale du Rwanda: a document per currency, the average rate, days as 19-May-26 out of order")
    func bnrrw() throws {
        let dollar = try Self.parse(.bnrrw, "bnrrw-currency-history-usd.json", series: "USD")
        #expect(Self.dates(dollar) == ["2026-05-19", "2026-05-20", "2026-05-21", "2026-05-22"])
        #expect(try OfficialDocumentTests.on("2026-05-21", dollar).rates == ["USD": Self.decimal("1463.255")])
        let yen = try Self.parse(.bnrrw, "bnrrw-currency-history-jpy.json", series: "JPY")
        #expect(try OfficialDocumentTests.on("2026-05-21", yen).rates == ["JPY": Self.decimal("9.205337")])
        // A document of another currency than the one asked for is refused.
        #expect(throws: RatesProviderError.self) { try Self.parse(.bnrrw, "bnrrw-currency-history-jpy.json", series: "USD") }
    }

    @Test("Banco Central de Cuba: the official of its three rates, pesos per unit; the yen written yen per peso and kept so")
    func bcc() throws {
        let dollar = try Self.parse(.bcc, "bcc-historico-usd.json", series: "USD")
        #expect(dollar.count == 4 && dollar.allSatisfy { $0.rates == ["USD": 24] && $0.reversed.isEmpty })
        let euro = try Self.parse(.bcc, "bcc-historico-eur.json", series: "EUR")
        #expect(try OfficialDocumentTests.on("2026-05-19", euro).rates == ["EUR": Self.decimal("27.9456")])
        let yen = try OfficialDocumentTests.on("2026-05-19", try Self.parse(.bcc, "bcc-historico-jpy.json", series: "JPY"))
        #expect(yen.rates == ["JPY": Self.decimal("6.62396")] && yen.reversed == ["JPY"])
    }

    @Test(
        "Bank of Botswana: every day since 2009 in one CSV, units per pula under the bank's column names; zeros and days written twice differently left out"
    )
    func bob() throws {
        let days = try Self.parse(.bob, "bob-exchange-rates.csv")
        #expect(days.count == 6_241 && days.first?.effectiveDate.description == "2001-01-03")
        let newest = try OfficialDocumentTests.on("2026-03-19", days)
        #expect(newest.baseCurrency == "BWP" && newest.quotation == .unitsPerBase && newest.rates.count == 7)
        #expect(newest.rates["USD"] == Self.decimal("0.0748") && newest.rates["CNY"] == Self.decimal("0.5165"))
        #expect(newest.rates["JPY"] == Self.decimal("11.95") && newest.rates["XDR"] == Self.decimal("0.0551"))
        // The yuan is written 0.0000 before it was quoted.
        #expect(try OfficialDocumentTests.on("2009-04-27", days).rates["CNY"] == nil)
        // 13 August 2019 is also written over a row among February's: neither is stored.
        #expect(days.contains { ["2019-08-13", "2018-10-23", "2018-01-17"].contains($0.effectiveDate.description) } == false)
        #expect(try OfficialDocumentTests.on("2019-08-14", days).rates["USD"] == Self.decimal("0.0908"))
    }

    @Test("Seðlabanki Íslands: two groups of series named in Icelandic, middle rates only, days written month first")
    func sbi() throws {
        let official = try Self.parse(.sbi, "sbi-default-9.xml", series: "EUR")
        #expect(Self.dates(official) == ["2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27"])
        let tuesday = try OfficialDocumentTests.on("2026-03-24", official)
        #expect(tuesday.baseCurrency == "ISK" && tuesday.rates.count == 10)
        #expect(tuesday.rates["USD"] == Self.decimal("124.44") && tuesday.rates["EUR"] == Self.decimal("144"))
        #expect(tuesday.rates["JPY"] == Self.decimal("0.783") && tuesday.rates["XDR"] == Self.decimal("169.6"))
        let others = try OfficialDocumentTests.on("2026-03-24", try Self.parse(.sbi, "sbi-default-7.xml", series: "CNY"))
        #expect(others.rates.count == 22 && others.rates["CNY"] == Self.decimal("18.052") && others.rates["KRW"] == Self.decimal("0.083"))
        #expect(others.rates["KWD"] == Self.decimal("405.86") && others.rates["JMD"] == Self.decimal("0.7932"))
        // A middle rate under a name the table does not know is refused, not guessed.
        let renamed = String(decoding: try OfficialDocumentTests.fixture("sbi-default-7.xml"), as: UTF8.self)
            .replacingOccurrences(of: "Kúveiskur denari]]></Name>", with: "Kúveiskur dínar]]></Name>")
        #expect(throws: RatesProviderError.self) {
            try ProviderDeclaration.sbi.parse(Data(renamed.utf8), series: ProviderDeclaration.sbi.seriesList[1])
        }
    }

    @Test(
        "Banco Central del Uruguay: a SOAP answer per currency by the bank's number, the mean of buying and selling; DLS. and EURO read from the number"
    )
    func bcu() throws {
        let dollar = try Self.parse(.bcu, "bcu-awsbcucotizaciones-1.xml")
        #expect(Self.dates(dollar) == ["2026-03-27", "2026-03-30", "2026-03-31"])
        #expect(dollar.first?.baseCurrency == "UYU" && dollar.first?.rates == ["USD": Self.decimal("40.56")])
        #expect(try Self.parse(.bcu, "bcu-awsbcucotizaciones-2.xml").first?.rates == ["EUR": Self.decimal("46.696728")])
        #expect(try Self.parse(.bcu, "bcu-awsbcucotizaciones-15.xml").first?.rates == ["JPY": Self.decimal("0.25312")])
        #expect(try Self.parse(.bcu, "bcu-awsbcucotizaciones-4.xml").first?.rates["ARS"] != nil, "numbered 500, asked for as 0500")
        // The bank's refusal is a reason, not an empty answer.
        let refused = String(decoding: try OfficialDocumentTests.fixture("bcu-awsbcucotizaciones-1.xml"), as: UTF8.self)
            .replacingOccurrences(of: "<status>1</status>", with: "<status>0</status>")
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.bcu.parse(Data(refused.utf8)) }
    }

    @Test("Bundesbank, historical: the Frankfurt fixings in marks, units only in each series' title (1 000 ITL), `.` for no fixing")
    func bbk() throws {
        let days = try Self.parse(.bbk, "bbk-d-dem-aa-ac-000.csv")
        #expect(Self.dates(days) == ["1998-12-21", "1998-12-22", "1998-12-23", "1998-12-28", "1998-12-29", "1998-12-30"])
        let monday = try OfficialDocumentTests.on("1998-12-21", days)
        #expect(monday.baseCurrency == "DEM" && monday.rates.count == 18)
        #expect(monday.rates["USD"] == Self.decimal("1.6647") && monday.rates["ATS"] == Self.decimal("0.14214"))
        #expect(monday.rates["ITL"] == Self.decimal("0.0010098") && monday.rates["JPY"] == Self.decimal("0.01443"))
        #expect(RateSource.bbk.kind == .reference && RateSource.bbk.cadence == .historical && !RateSource.bbk.kind.isBlended)
    }

    @Test(
        "Banco de Portugal, historical: the escudo's rates as a JSON-stat cube, currencies named only in their series' labels, three pages of ten series; a page that says there are more refused"
    )
    func bdp() throws {
        let first = try Self.parse(.bdp, "bdp-23e0cdd56bddb4ad3016a9c3ad63a539-1.json")
        #expect(Self.dates(first) == ["1998-12-28", "1998-12-29", "1998-12-30", "1998-12-31"])
        let monday = try OfficialDocumentTests.on("1998-12-28", first)
        #expect(monday.baseCurrency == "PTE" && monday.quotation == .basePerUnit && monday.rates.count == 10)
        #expect(monday.rates["USD"] == Self.decimal("172.392") && monday.rates["ITL"] == Self.decimal("0.10353"))
        #expect(monday.rates["XEU"] == Self.decimal("201.43") && monday.rates["ESP"] == Self.decimal("1.205"), "the ECU, written ECU")
        #expect(monday.rates["NLG"] == nil, "the guilder's series is on the next page: read there")
        let second = try OfficialDocumentTests.on("1998-12-31", try Self.parse(.bdp, "bdp-23e0cdd56bddb4ad3016a9c3ad63a539-2.json"))
        #expect(second.rates.count == 10 && second.rates["JPY"] == Self.decimal("1.5097") && second.rates["DEM"] == Self.decimal("102.505"))
        #expect(second.rates["NLG"] == Self.decimal("90.975") && second.rates["BEF"] == nil)
        let third = try OfficialDocumentTests.on("1998-12-31", try Self.parse(.bdp, "bdp-23e0cdd56bddb4ad3016a9c3ad63a539-3.json"))
        #expect(
            third.rates == [
                "BEF": Self.decimal("4.9698"), "ATS": Self.decimal("14.57"), "AUD": Self.decimal("105.555"), "BRL": Self.decimal("142.254"),
            ])
        // A third page that links a fourth: more series than the three pages asked for.
        let more = String(decoding: try OfficialDocumentTests.fixture("bdp-23e0cdd56bddb4ad3016a9c3ad63a539-2.json"), as: UTF8.self)
            .replacingOccurrences(of: "page=2&dim_cats", with: "page=3&dim_cats")
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.bdp.parse(Data(more.utf8)) }
        #expect(RateSource.bdp.kind == .reference && RateSource.bdp.cadence == .historical)
        // The whole history in one run, its three pages asked for one after another.
        let feed = ProviderFeed(.bdp)
        let pages = feed.documents(
            covering: try #require(CalendarDate(iso8601: "1987-01-02"))...(try #require(CalendarDate(iso8601: "1998-12-31"))))
        #expect(pages.map { $0.url.query?.suffix(6) } == ["page=1", "page=2", "page=3"])
        #expect(pages.first?.url.query?.contains("&obs_since=1987-01-02&obs_to=1998-12-31&") == true)
    }

    @Test("Lietuvos bankas, historical: the litas's rates as pairs of amounts, so many litai for so many units")
    func lb() throws {
        let day = try Self.parse(.lb, "lb-getfxrates-2014-12-29.xml")
        #expect(Self.dates(day) == ["2014-12-29"])
        let rates = try #require(day.first?.rates)
        #expect(day.first?.baseCurrency == "LTL" && rates.count == 88)
        #expect(rates["EUR"] == Self.decimal("3.4528") && rates["AED"] == Self.decimal("0.76881"), "7.6881 per 10")
        #expect(rates["AFN"] == Self.decimal("0.048611"), "4.8611 per 100")
    }

    @Test("Hrvatska narodna banka, historical: the kuna's middle rates, a decimal comma, per 1 or 100 units")
    func hnb() throws {
        let day = try Self.parse(.hnb, "hnb-v2.json")
        #expect(Self.dates(day) == ["2022-12-31"])
        let rates = try #require(day.first?.rates)
        #expect(day.first?.baseCurrency == "HRK" && rates.count == 15)
        #expect(
            rates["EUR"] == Self.decimal("7.5345") && rates["HUF"] == Self.decimal("0.01879537")
                && rates["JPY"] == Self.decimal("0.05356533"))
    }

    @Test(
        "IMF: representative rates per dollar, the rows marked (1) dollars per unit and kept so; the SDR from the SDR report's dollar row")
    func imf() throws {
        let days = try Self.parse(.imf, "imf-rms-mth-rep.tsv", series: "USD")
        #expect(days.count == 22 && days.first?.effectiveDate.description == "2026-03-02")
        let first = try OfficialDocumentTests.on("2026-03-02", days)
        #expect(first.baseCurrency == "USD" && first.quotation == .unitsPerBase && first.rates.count == 34 && first.rates["USD"] == nil)
        #expect(first.rates["CNY"] == Self.decimal("6.8829") && first.rates["JPY"] == Self.decimal("156.4"))
        #expect(first.rates["EUR"] == Self.decimal("1.1698") && first.reversed.contains("EUR") && !first.reversed.contains("CNY"))
        #expect(first.reversed == ["EUR", "GBP", "AUD", "BWP", "NZD"])
        #expect(try OfficialDocumentTests.on("2026-03-09", days).rates["AUD"] == nil, "NA")
        #expect(first.rates["KRW"] == nil)
        #expect(try OfficialDocumentTests.on("2026-03-03", days).rates["KRW"] == Self.decimal("1435.4"), "1,435.400000")
        #expect(try OfficialDocumentTests.on("2026-03-17", days).rates["CNY"] == Self.decimal("6.8883"), "the table continued")
        let sdr = try Self.parse(.imf, "imf-rms-mth-sdrcv.tsv", series: "XDR")
        #expect(try OfficialDocumentTests.on("2026-03-02", sdr).rates == ["XDR": Self.decimal("0.729624")])
        #expect(RateSource.imf.kind == .reference && RateSource.imf.countryCode == nil)
    }

    @Test(
        "BIS: month-end rates per dollar on the month's last day; a shared currency from its issuer's row; SLL restated as SLE, VEF as VES, the euro before 1999 as the ECU"
    )
    func bis() throws {
        let months = try Self.parse(.bis, "bis-m-e-ge-2025-01-le-2025-02.csv")
        #expect(Self.dates(months) == ["2025-01-31", "2025-02-28"])
        let january = try OfficialDocumentTests.on("2025-01-31", months)
        #expect(
            january.baseCurrency == "USD" && january.quotation == .unitsPerBase && january.rates.count == 135 && january.rates["USD"] == nil
        )
        #expect(january.rates["TWD"] == Self.decimal("32.85") && january.rates["JPY"] == Self.decimal("154.902338"))
        #expect(january.rates["EUR"] == Self.decimal("0.962186"), "the euro area's row, not Bulgaria's 0.962171")
        #expect(january.rates["AUD"] == Self.decimal("1.607043"), "Australia's row, not Kiribati's 1.606426")
        #expect(
            january.rates["KWD"] == Self.decimal("0.30825") && january.rates["STD"] == Self.decimal("23550.9"), "the old dobra, as written")
        #expect(january.rates["SLE"] == Self.decimal("22.6082") && january.rates["SLL"] == nil, "new leones under the old code")
        #expect(january.rates["VES"] == Self.decimal("57.821684") && january.rates["VEF"] == nil)
        #expect(try OfficialDocumentTests.on("2025-02-28", months).rates["JPY"] == Self.decimal("150.763615"))
        let september = try #require(try Self.parse(.bis, "bis-m-e-ge-2021-09-le-2021-09.csv").first)
        #expect(september.effectiveDate.description == "2021-09-30" && september.rates["MRO"] == Self.decimal("361.2"))
        #expect(september.rates["SLE"] == Self.decimal("10.57098") && september.rates["ZWL"] == Self.decimal("87.6653"))
        #expect(september.rates["VES"] == Self.decimal("4128271.016399"), "before the 2021 redenomination, in that day's bolívares")
        let may = try #require(try Self.parse(.bis, "bis-m-e-ge-2001-05-le-2001-05.csv").first)
        #expect(may.effectiveDate.description == "2001-05-31" && may.rates["EUR"] == Self.decimal("1.179245"))
        #expect(may.rates["XOF"] == Self.decimal("773.534198") && may.rates["XAF"] == Self.decimal("773.534198"))
        let oldest = try Self.parse(.bis, "bis-m-e-ge-1900-01-le-1900-01.csv")
        #expect(Self.dates(oldest) == ["1900-01-31"] && oldest.first?.rates == ["ZAR": Self.decimal("0.4107")])
        #expect(ProviderDeclaration.bisCode("EUR", on: try #require(CalendarDate(iso8601: "1998-12-31"))) == "XEU")
        #expect(ProviderDeclaration.bisCode("VEF", on: try #require(CalendarDate(iso8601: "2019-05-31"))) == "VEF")
        #expect(RateSource.bis.kind == .reference && RateSource.bis.cadence == .monthEnd && !RateSource.bis.kind.isBlended)
    }

    @Test("Reserve Bank of Vanuatu: every day on one page, vatu per unit, days as 22 May 2026 or 26-Aug-25; a page cut short refused")
    func rbv() throws {
        let days = try Self.parse(.rbv, "rbv-exchange-rates.html")
        #expect(days.count == 186 && days.first?.effectiveDate.description == "2025-01-05")
        #expect(days.first?.rates["USD"] == Self.decimal("119.58"))
        #expect(try OfficialDocumentTests.on("2025-08-26", days).rates["USD"] == Self.decimal("119.06"), "written 26-Aug-25")
        let newest = try OfficialDocumentTests.on("2026-05-22", days)
        #expect(newest.baseCurrency == "VUV" && newest.rates.count == 6)
        #expect(
            newest.rates["USD"] == Self.decimal("116.28") && newest.rates["JPY"] == Self.decimal("0.7316")
                && newest.rates["EUR"] == Self.decimal("135.14"))
    }

    @Test(
        "Taiwan's central bank: every day since 1993 against the dollar, XXX/USD per dollar and USD/XXX dollars per unit as labelled; NTD is TWD"
    )
    func cbc() throws {
        let days = try Self.parse(.cbc, "cbc-get.json")
        #expect(days.count == 8_241 && days.first?.effectiveDate.description == "1993-01-05")
        let document = try OfficialDocumentTests.fixture("cbc-get.json")
        let wanted = try ProviderDeclaration.cbc.parse(document, wanted: Self.days("2026-02-20", "2026-03-10"))
        #expect(wanted.count == days.filter { $0.effectiveDate >= CalendarDate(iso8601: "2026-02-20")! }.count && wanted.last == days.last)
        #expect(
            try ProviderDeclaration.cbc.parse(document, wanted: Self.days("1980-01-01", "1980-12-31")).isEmpty, "none of them: no rates")
        #expect(throws: RatesProviderError.self) {
            try ProviderDeclaration.cbc.parse(
                Data(#"{"data":{"structure":{"Table1":[]},"dataSets":[]}}"#.utf8), wanted: Self.days("2026-02-20", "2026-03-10"))
        }
        let newest = try OfficialDocumentTests.on("2026-02-26", days)
        #expect(newest.baseCurrency == "USD" && newest.quotation == .unitsPerBase && newest.rates.count == 15)
        #expect(newest.rates["TWD"] == Self.decimal("31.251") && newest.rates["JPY"] == Self.decimal("156.05"))
        #expect(newest.rates["GBP"] == Self.decimal("1.3547") && newest.reversed == ["GBP", "AUD", "EUR"])
        #expect(newest.rates["VND"] == Self.decimal("26074.5") && newest.rates["DEM"] == nil)
        #expect(try OfficialDocumentTests.on("1993-01-05", days).rates["DEM"] == nil, "the mark, quoted then, left out")
    }

    @Test(
        "Da Afghanistan Bank: the first table's transfer rates, currencies named USD$ or SWISS₣, dated by the page's Last updated; the toman left out"
    )
    func dab() throws {
        let day = try Self.parse(.dab, "dab-exchange-rates-2026-05-18.html")
        #expect(Self.dates(day) == ["2026-05-18"])
        let rates = try #require(day.first?.rates)
        #expect(day.first?.baseCurrency == "AFN" && rates.count == 9 && rates["IRR"] == nil)
        #expect(rates["USD"] == Self.decimal("63.9767"), "sold at 64.0267, bought at 63.9267 by transfer")
        #expect(rates["CHF"] == Self.decimal("81.4886") && rates["PKR"] == Self.decimal("0.2212"))
        #expect(try Self.parse(.dab, "dab-exchange-rates-2026-05-20.html").first?.rates["USD"] == Self.decimal("63.694"))
    }

    @Test("Bank of Japan: a month of the yen per dollar and the dollars per euro at 17:00 in Tokyo, null on days without a rate")
    func boj() throws {
        let days = try Self.parse(.boj, "boj-getdatacode.json")
        #expect(days.count == 19 && days.first?.effectiveDate.description == "2026-03-02")
        let first = try #require(days.first)
        #expect(first.baseCurrency == "USD" && first.quotation == .unitsPerBase && first.reversed == ["EUR"])
        #expect(first.rates == ["JPY": Self.decimal("156.99"), "EUR": Self.decimal("1.1716")])
        #expect(days.last?.effectiveDate.description == "2026-03-27" && days.last?.rates["JPY"] == Self.decimal("159.95"))
    }

    @Test("Banky Foiben'i Madagasikara: a form per currency, ariary per unit written 4 983,29 (a space between thousands, a decimal comma)")
    func bfm() throws {
        let euro = try Self.parse(.bfm, "bfm-cours-mid-en-ar-filter-EUR.json", series: "EUR")
        #expect(Self.dates(euro) == ["2026-09-21", "2026-09-22", "2026-09-23"])
        #expect(euro.last?.baseCurrency == "MGA" && euro.last?.rates == ["EUR": Self.decimal("4983.29")])
        let yen = try Self.parse(.bfm, "bfm-cours-mid-en-ar-filter-JPY.json", series: "JPY")
        #expect(yen.last?.rates == ["JPY": Self.decimal("27.81")])
        #expect(ProviderDeclaration.QueryDate.slashedYearFirst(CalendarDate(year: 2026, month: 9, day: 1)!) == "2026/09/01")
    }

    @Test(
        "National Bank of Cambodia: the dollar's official rate above a table of averages per 1, 100 or 1,000 units; CNH left out, SDR as XDR"
    )
    func nbc() throws {
        let day = try Self.parse(.nbc, "nbc-exchange-rate-2026-05-18.html")
        #expect(Self.dates(day) == ["2026-05-18"])
        let rates = try #require(day.first?.rates)
        #expect(day.first?.baseCurrency == "KHR" && rates.count == 28 && rates["CNH"] == nil)
        #expect(rates["USD"] == Self.decimal("4014") && rates["EUR"] == Self.decimal("4693.5") && rates["XDR"] == Self.decimal("5535.5"))
        #expect(rates["JPY"] == Self.decimal("25.455") && rates["IDR"] == Self.decimal("0.231") && rates["VND"] == Self.decimal("0.153"))
        #expect(try Self.parse(.nbc, "nbc-exchange-rate-2026-05-20.html").first?.effectiveDate.description == "2026-05-20")
    }

    @Test(
        "Banco Central del Paraguay: a year of a currency as days by months, 7.281,04 with a dot between thousands, ND for no rate; gold as published"
    )
    func bcp() throws {
        let dollar = try Self.parse(.bcp, "bcp-monedas-historica-usd.html", series: "USD")
        #expect(dollar.count == 250 && dollar.first?.effectiveDate.description == "2024-01-02")
        #expect(try OfficialDocumentTests.on("2024-12-30", dollar).rates == ["USD": Self.decimal("7831.26")])
        #expect(try OfficialDocumentTests.on("2024-03-15", dollar).rates == ["USD": Self.decimal("7302.38")])
        #expect(dollar.first?.baseCurrency == "PYG")
        let yen = try Self.parse(.bcp, "bcp-monedas-historica-jpy.html", series: "JPY")
        #expect(try OfficialDocumentTests.on("2024-01-02", yen).rates == ["JPY": Self.decimal("51.45")])
        let gold = try Self.parse(.bcp, "bcp-monedas-historica-xau.html", series: "XAU")
        #expect(try OfficialDocumentTests.on("2024-01-02", gold).rates == ["XAU": Self.decimal("15065491.11")])
    }

    @Test("Banque Centrale du Congo: the rates page's React Server Components data, the average per unit, rounded to hundredths of a franc")
    func bcccd() throws {
        let days = try Self.parse(.bcccd, "bcccd-cours-de-change.txt")
        #expect(Self.dates(days) == ["2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04"])
        let wednesday = try OfficialDocumentTests.on("2026-09-02", days)
        #expect(wednesday.baseCurrency == "CDF" && wednesday.rates.count == 21)
        #expect(wednesday.rates["USD"] == Self.decimal("2264") && wednesday.rates["JPY"] == Self.decimal("14.15"))
        #expect(wednesday.rates["XDR"] != nil && days.last?.rates["UGX"] == Self.decimal("0.6"))
        // Asked for as the page's data, not its HTML.
        let day = try #require(CalendarDate(iso8601: "2026-09-02"))
        #expect(ProviderFeed(.bcccd).documents(covering: day...day).map(\.headers) == [["Rsc": "1"]])
    }

    @Test("Banco Central de Costa Rica: a statistics table of days as columns, the mean of the reference buying and selling rates")
    func bccr() throws {
        let days = try Self.parse(.bccr, "bccr-obtenerdatoscuadro.json")
        #expect(
            days.count == 100 && days.first?.effectiveDate.description == "2025-12-15"
                && days.last?.effectiveDate.description == "2026-03-24")
        #expect(days.first?.baseCurrency == "CRC" && days.first?.rates == ["USD": Self.decimal("497.415")], "494.34 and 500.49")
        #expect(days.last?.rates == ["USD": Self.decimal("465.895")], "463.50 and 468.29")
        // Its token is fetched first and sent back in Token-Csrf.
        let day = try #require(CalendarDate(iso8601: "2026-03-24"))
        let document = try #require(ProviderFeed(.bccr).documents(covering: day...day).first)
        #expect(document.token?.header == "Token-Csrf" && document.token?.page.hasSuffix("/Token/GenereCSRF") == true)
    }

    @Test(
        "Reserve Bank of Fiji: a linked workbook of mid rates per Fiji dollar under the bank's column names, a float's noise read as the figure"
    )
    func rbf() throws {
        let days = try Self.parse(.rbf, "rbf-8-8-exchange-rates-daily-9.xlsx")
        #expect(Self.dates(days) == ["2026-05-18", "2026-05-19", "2026-05-20", "2026-05-21", "2026-05-22"])
        let monday = try #require(days.first)
        #expect(monday.baseCurrency == "FJD" && monday.quotation == .unitsPerBase && monday.rates.count == 8)
        #expect(monday.rates["USD"] == Self.decimal("0.4497") && monday.rates["JPY"] == Self.decimal("71.35"))
        #expect(monday.rates["XDR"] == Self.decimal("0.328656") && monday.rates["EUR"] == Self.decimal("0.3869"))
        // The page's link is followed; one to the bank's public host is followed under a moved origin.
        let page = try OfficialDocumentTests.fixture("rbf-economic-and-financial-statistics.html")
        let stub = try #require(URL(string: "http://127.0.0.1:9000/statistics/economic-and-financial-statistics/"))
        let found = try #require(FormPage.link(in: page, ending: ".xlsx", relativeTo: stub))
        var link = DocumentRequest.Link(page: "/statistics/economic-and-financial-statistics/", ending: ".xlsx")
        #expect(HTTPDocumentFetcher.moved(found, link, to: stub) == nil, "another host")
        link.publicOrigin = ProviderDeclaration.rbf.origin
        #expect(
            HTTPDocumentFetcher.moved(found, link, to: stub)?.absoluteString
                == "http://127.0.0.1:9000/wp-content/uploads/2026/05/8.8-Exchange-Rates-Daily-9.xlsx")
    }

    @Test(
        "Bank of Albania: today's page (lek per unit, per 100 yen, dated by its last update) and a year's workbook of a sheet a month, a block of columns a day headed DT; the offshore yuan left out"
    )
    func bsh() throws {
        let today = try Self.parse(.bsh, "bsh-official-exchange-rate.html")
        #expect(Self.dates(today) == ["2026-05-22"])
        let rates = try #require(today.first?.rates)
        #expect(today.first?.baseCurrency == "ALL" && rates.count == 15 && rates["CNH"] == nil)
        #expect(rates["USD"] == Self.decimal("82.24") && rates["JPY"] == Self.decimal("0.5168") && rates["XDR"] == Self.decimal("112.40"))
        #expect(rates["XAU"] == Self.decimal("371473.97") && rates["CNY"] == Self.decimal("12.10"))
        let year = try Self.parse(.bsh, "bsh-kursi-i-kembimit-2024-29746.xlsx")
        #expect(
            year.count == 246 && year.first?.effectiveDate.description == "2024-01-03"
                && year.last?.effectiveDate.description == "2024-12-31")
        #expect(year.allSatisfy { $0.rates.count == 15 && $0.rates["CNH"] == nil })
        let january = try #require(year.first?.rates)
        #expect(january["JPY"] == Self.decimal("0.6615"), "66.150000000000006 per 100, a float's noise")
        #expect(
            january["EUR"] == Self.decimal("103.24") && january["USD"] == Self.decimal("94.4")
                && january["XAU"] == Self.decimal("193869.19"))
        #expect(year.last?.rates["GBP"] == Self.decimal("118.16") && year.last?.rates["XDR"] == Self.decimal("122.93"))
        // The year's workbook is the archive's link whose name holds the year.
        let archive = try OfficialDocumentTests.fixture("bsh-exchage-rate-archive.html")
        let base = try #require(URL(string: "http://127.0.0.1:9000/Markets/Official_exchange_rate/Exchage_rate_archive/"))
        #expect(
            FormPage.link(in: archive, ending: ".xlsx", containing: "_2024_", relativeTo: base)?.absoluteString
                == "http://127.0.0.1:9000/rc/doc/Kursi_i_kembimit_2024_29746.xlsx")
        #expect(FormPage.link(in: archive, ending: ".xlsx", containing: "_2012_", relativeTo: base) == nil, "2012's is a legacy .xls")
        #expect(XLSXSheet.columnLetters(27) == "AA" && XLSXSheet.columnLetters(XLSXSheet.columnNumber("BN")) == "BN")
    }

    @Test(
        "Central Bank of Iraq: a workbook of a sheet a year laid out by hand, the mean of Buy and the first Sell (never Sell 2), codes over the group or its middle column, a block under no month heading left out"
    )
    func cbi() throws {
        let days = try Self.parse(.cbi, "cbi-file-177909880482668.xlsx")
        #expect(
            days.count == 42 && days.first?.effectiveDate.description == "2024-01-02"
                && days.last?.effectiveDate.description == "2026-02-26")
        let january = try OfficialDocumentTests.on("2024-01-02", days)
        #expect(january.baseCurrency == "IQD" && january.rates.count == 14 && january.rates["XAU"] == nil)
        #expect(
            january.rates["USD"] == 1305 && january.rates["EUR"] == Self.decimal("1429.758"),
            "1300 and 1310; 1424.28 and 1435.2360000000001")
        #expect(
            january.rates["CHF"] != nil && january.rates["AED"] != nil && january.rates["XDR"] == Self.decimal("1747.669"), "S.FR, UAE, SDR"
        )
        #expect(january.rates["JPY"] == Self.decimal("9.1915"))
        let february = try OfficialDocumentTests.on("2026-02-03", days)
        #expect(february.rates.count == 18 && february.rates["USD"] == 1305, "1300 and 1310, not Sell ID 2's 1320")
        #expect(
            february.rates["EUR"] == Self.decimal("1540.0305") && february.rates["INR"] == Self.decimal("14.428"),
            "INR named over the middle column")
        #expect(!days.contains { $0.effectiveDate.description.hasPrefix("2026-01") }, "January 2026 is headed only 2026")
        #expect(ProviderDeclaration.cbiMonth("Feb.2026")! == (2, 2026) && ProviderDeclaration.cbiMonth("Jan,2009")! == (1, 2009))
        #expect(ProviderDeclaration.cbiMonth("Average") == nil && ProviderDeclaration.cbiCode("S.FR") == "CHF")
        // The page's three workbooks have opaque names: the daily rates' is the one whose text names gold.
        let page = try OfficialDocumentTests.fixture("cbi-page.html")
        let base = try #require(URL(string: "https://cbi.iq/page/144"))
        #expect(FormPage.link(in: page, ending: ".xlsx", relativeTo: base)?.lastPathComponent == "file-177787471948404.xlsx")
        #expect(
            FormPage.link(in: page, ending: ".xlsx", labelled: "الذهب", relativeTo: base)?.lastPathComponent == "file-177909880482668.xlsx")
    }

    @Test(
        "Central Bank of Samoa: every day since 2008 in a workbook of a sheet a year and a block a month, units per tala under headings written both ways round; a day on two rows with different figures left out"
    )
    func cbs() throws {
        let days = try Self.parse(.cbs, "cbs-historical-daily-rates-june032026.xlsx")
        #expect(
            days.count == 4_594 && days.first?.effectiveDate.description == "2008-01-03"
                && days.last?.effectiveDate.description == "2026-06-03")
        let first = try #require(days.first)
        #expect(first.baseCurrency == "WST" && first.quotation == .unitsPerBase && first.rates.count == 7)
        #expect(first.rates["USD"] == Self.decimal("0.39258") && first.rates["JPY"] == Self.decimal("42.95227"), "0.39257999999999998")
        let usTala = try OfficialDocumentTests.on("2009-01-05", days)
        #expect(
            usTala.rates["USD"] == Self.decimal("0.34554") && usTala.rates["AUD"] == Self.decimal("0.48317"),
            "US/TALA, AUS/TALA: units per tala too")
        #expect(usTala.rates["EUR"] == Self.decimal("0.25393"), "EURO/TALA")
        let unrounded = try OfficialDocumentTests.on("2025-01-03", days)
        #expect(unrounded.rates["USD"] == Self.decimal("0.35015375322467"), "0.35015375322466991, to fifteen digits")
        let last = try #require(days.last)
        #expect(last.rates.count == 8 && last.rates["CNY"] == Self.decimal("2.50144") && last.rates["CNH"] == nil)
        #expect(last.rates["EUR"] == Self.decimal("0.31797") && last.rates["JPY"] == Self.decimal("59.1373"))
        #expect(!days.contains { $0.effectiveDate.description == "2026-01-12" }, "written on two rows with different figures")
        // Read for the days wanted (a refresh's last few): this year's sheet only; none of them is no rates, not unreadable.
        let workbook = try OfficialDocumentTests.fixture("cbs-historical-daily-rates-june032026.xlsx")
        let recent = try ProviderDeclaration.cbs.parse(workbook, wanted: Self.days("2026-05-25", "2026-06-03"))
        #expect(Self.dates(recent) == ["2026-05-25", "2026-05-26", "2026-05-27", "2026-05-28", "2026-05-29", "2026-06-02", "2026-06-03"])
        #expect(recent.last?.rates == last.rates)
        #expect(try ProviderDeclaration.cbs.parse(workbook, wanted: Self.days("2030-01-01", "2030-01-10")).isEmpty)
    }

    static func days(_ first: String, _ last: String) -> ClosedRange<CalendarDate> {
        CalendarDate(iso8601: first)!...CalendarDate(iso8601: last)!
    }

    @Test("National Reserve Bank of Tonga: the middle of three blocks, units per pa'anga; a public holiday written across the row")
    func nrbt() throws {
        let days = try Self.parse(.nrbt, "nrbt-average-daily-exchange-rates.xlsx")
        #expect(Self.dates(days) == ["2025-01-02", "2025-01-03", "2025-01-06"], "New Year's Day a public holiday")
        let first = try #require(days.first)
        #expect(first.baseCurrency == "TOP" && first.quotation == .unitsPerBase && first.rates.count == 12)
        #expect(
            first.rates["USD"] == Self.decimal("0.4106") && first.rates["JPY"] == Self.decimal("64.3751")
                && first.rates["FJD"] == Self.decimal("0.9461"))
    }

    @Test("Bank of Algeria: a linked workbook of a sheet per currency, its label giving the units (100 JPY / DZD); the empty MRO sheet")
    func boa() throws {
        let days = try Self.parse(.boa, "boa-cotation-dzd-2000-2026-journalier.xlsx")
        #expect(days.count == 22 && days.first?.effectiveDate.description == "2026-04-01")
        let first = try #require(days.first)
        #expect(first.baseCurrency == "DZD" && first.rates.count == 16 && first.rates["MRO"] == nil && first.rates["MRU"] == nil)
        #expect(first.rates["USD"] == Self.decimal("132.7275") && first.rates["EUR"] == Self.decimal("153.6719"))
        #expect(first.rates["JPY"] == Self.decimal("0.835474"), "83.5474 per 100")
    }

    @Test("a workbook cut short, an HTML page or nothing is refused (a workbook's figures are compressed, so no figure is altered here)")
    func hostileWorkbooks() throws {
        for (declaration, fixture) in [
            (ProviderDeclaration.rbf, "rbf-8-8-exchange-rates-daily-9.xlsx"), (.nrbt, "nrbt-average-daily-exchange-rates.xlsx"),
            (.boa, "boa-cotation-dzd-2000-2026-journalier.xlsx"), (.bsh, "bsh-kursi-i-kembimit-2024-29746.xlsx"),
            (.cbi, "cbi-file-177909880482668.xlsx"),
            (.cbs, "cbs-historical-daily-rates-june032026.xlsx"),
        ] {
            let served = try OfficialDocumentTests.fixture(fixture)
            for hostile in [
                Data(), Data("<!DOCTYPE html><html><body>Service unavailable</body></html>".utf8), served.prefix(served.count / 2),
            ] {
                #expect(throws: RatesProviderError.self, "\(declaration.source.id)") { try declaration.parse(hostile) }
            }
        }
    }

    @Test("a feed that needs a key sends it where its publisher wants it, and lacks it while it is unset")
    func keys() throws {
        let days = try #require(CalendarDate(iso8601: "2026-03-02"))...(try #require(CalendarDate(iso8601: "2026-03-13")))
        #expect(ProviderFeed(.banxico).lacksItsKey)
        #expect(ProviderFeed(.banxico, apiKey: "").lacksItsKey, "an empty key is none")
        #expect(ProviderFeed(.nrb).lacksItsKey == false, "a feed without a key")
        let banxico = ProviderFeed(.banxico, apiKey: "t0k3n")
        #expect(banxico.lacksItsKey == false && banxico.documents(covering: days).map(\.headers) == [["Bmx-Token": "t0k3n"]])
        #expect(
            ProviderFeed(.bam, apiKey: "k").documents(covering: days).allSatisfy {
                $0.headers == ["Ocp-Apim-Subscription-Key": "k"]
            })
        #expect(ProviderFeed(.bot, apiKey: "k").documents(covering: days).first?.headers == ["Authorization": "k"])
        #expect(ProviderFeed(.tcmb, apiKey: "k").documents(covering: days).first?.headers == ["key": "k"])
        // The Banco Central de Chile's account is a user and a password, in the query, encoded.
        let chile = ProviderFeed(.bcch, apiKey: "me@example.cl:p&ss=1").documents(covering: days)
        #expect(chile.count == 8 && chile.allSatisfy { $0.headers.isEmpty })
        #expect(chile[0].url.query?.hasSuffix("&timeseries=F073.TCO.PRE.Z.D&user=me%40example.cl&pass=p%26ss%3D1") == true)
    }

    static let documents: [(ProviderDeclaration, String, series: String?, rate: String)] = [
        (.amcm, "amcm-financial-info.json", nil, "\"8.0705\""), (.banguat, "banguat-tipocambio.xml", nil, ">7.6658<"),
        (.bcn, "bcn-serviciotc.xml", nil, ">36.6243<"), (.bcrp, "bcrp-ing.json", nil, "\"3.353\""),
        (.bam, "bam-coursvirement-2026-03-25t12-30-00.json", nil, "9.3189"), (.banxico, "banxico-datos.json", nil, "\"17.7228\""),
        (.bcch, "bcch-sieterestws-f072-clp-jpy-n-o-d.json", "JPY", "\"5.62\""),
        (.bot, "bot-daily-avg-exg-rate.json", nil, "\"32.6448000\""),
        (.tcmb, "tcmb-series-tp-dk-aed-a-ytl-tp-dk-aed-s-ytl-t.json", nil, "\"44.03100000\""),
        (.cbm, "cbm-latest.json", nil, "\"2100.00\""), (.mma, "mma-referencerates.json", nil, "\"14.75\""),
        (.bnrrw, "bnrrw-currency-history-usd.json", "USD", "\"1463.065\""), (.bcc, "bcc-historico-eur.json", "EUR", "27.9456"),
        (.bob, "bob-exchange-rates.csv", nil, "0.0748"), (.sbi, "sbi-default-9.xml", "EUR", ">124.440000<"),
        (.bcu, "bcu-awsbcucotizaciones-1.xml", nil, ">40.560000<"), (.bbk, "bbk-d-dem-aa-ac-000.csv", nil, "1.6647"),
        (.lb, "lb-getfxrates-2014-12-29.xml", nil, ">3.4528<"), (.hnb, "hnb-v2.json", nil, "\"7,534500\""),
        (.bis, "bis-m-e-ge-2021-09-le-2021-09.csv", nil, "111.987218"),
        (.bdp, "bdp-23e0cdd56bddb4ad3016a9c3ad63a539-1.json", nil, "172.392"), (.bsh, "bsh-official-exchange-rate.html", nil, ">82.24<"),
        (.imf, "imf-rms-mth-rep.tsv", "USD", "6.882900"), (.rbv, "rbv-exchange-rates.html", nil, "116.28"),
        (.cbc, "cbc-get.json", nil, "\"31.251\""), (.dab, "dab-exchange-rates-2026-05-18.html", nil, ">64.0267<"),
        (.boj, "boj-getdatacode.json", nil, "156.99"), (.bfm, "bfm-cours-mid-en-ar-filter-JPY.json", "JPY", "\"27,81\""),
        (.nbc, "nbc-exchange-rate-2026-05-18.html", nil, ">2545.50<"), (.bcp, "bcp-monedas-historica-usd.html", "USD", ">7.302,38<"),
        (.bcccd, "bcccd-cours-de-change.txt", nil, "2263.57"), (.bccr, "bccr-obtenerdatoscuadro.json", nil, "\"494.34\""),
    ]

    @Test(
        "hostile documents are refused with a reason, never half-read: an HTML error page, a truncated file, nothing, a negative or a zero rate",
        arguments: documents.indices)
    func hostile(_ index: Int) throws {
        let (declaration, fixture, code, rate) = Self.documents[index]
        let series = try code.map { code in try #require(declaration.seriesList.first { $0.code == code }) }
        // The Bank of Botswana writes 0 for a currency it does not quote that day.
        try HostileDocuments.check(declaration, fixture, rate: rate, series: series, zeroIsARate: declaration.source != .bob)
    }
}
