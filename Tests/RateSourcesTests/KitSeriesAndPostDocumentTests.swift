import Foundation
import TestSupport
import Testing

@testable import Core
@testable import RateSources

/// The providers the kit's second round declares: JSON read with float noise, numbers with
/// thousands separators, currencies by name, a document per currency (a series), SOAP answers
/// with a document inside. Figures are written out by hand from the recorded documents.
@Suite("The kit's providers of series, POSTs and SOAP: each recorded document parsed into exact rates")
struct KitSeriesAndPostDocumentTests {
    static func parse(_ declaration: ProviderDeclaration, _ fixture: String, series code: String? = nil) throws -> [FetchedRates] {
        let series = try code.map { code in try #require(declaration.seriesList.first { $0.code == code }) }
        return try declaration.parse(try OfficialDocumentTests.fixture(fixture), series: series)
    }

    static let decimal = OfficialDocumentTests.decimal
    static func on(_ date: String, _ days: [FetchedRates]) throws -> FetchedRates { try OfficialDocumentTests.on(date, days) }

    @Test("FBIL: rupees per the units the product names (100 JPY, 10,000 IDR)")
    func fbil() throws {
        let days = try Self.parse(.fbil, "fbil-fetchfiltered.json")
        #expect(days.map(\.effectiveDate.description) == ["2026-03-17", "2026-03-18", "2026-03-20"])
        let day = try Self.on("2026-03-18", days)
        #expect(day.baseCurrency == "INR" && day.quotation == .basePerUnit)
        #expect(day.rates["USD"] == Self.decimal("92.4514"))
        #expect(day.rates["JPY"] == Self.decimal("0.5829"), "58.29 per 100 JPY")
        #expect(day.rates["IDR"] == Self.decimal("0.00546406"), "54.6406 per 10,000 IDR")
        #expect(day.rates.count == 6)
    }

    @Test("Riksbank: a series SEK<code>PMI per currency; the SEKETT helper is no rate")
    func rb() throws {
        let day = try Self.on("2026-03-26", try Self.parse(.rb, "rb-bygroup.json"))
        #expect(day.rates["EUR"] == Self.decimal("10.8405"))
        #expect(day.rates["JPY"] == Self.decimal("0.05885"))
        #expect(day.rates["IDR"] == Self.decimal("0.00056"))
        #expect(day.rates["ETT"] == nil && day.rates.count == 29)
    }

    @Test("a float's noise read to 15 significant digits, the figure set; a figure of 15 digits or fewer kept whole")
    func floatNoise() {
        for (written, set) in [
            ("7.8245000000000005", "7.8245"), ("2.7913999999999999", "2.7914"), ("0.00046659999999999998", "0.0004666"),
            ("16172267.240000001", "16172267.24"), ("104.76819999999999", "104.7682"), ("123456.789012345", "123456.789012345"),
            ("0.000002172", "0.000002172"),
        ] {
            #expect(FloatWritten.faithful(Self.decimal(written)) == Self.decimal(set), "\(written)")
        }
    }

    @Test("HKMA: binary-float noise read as the figure set (7.8245000000000005 is 7.8245); retired currencies and indices left out")
    func hkma() throws {
        let days = try Self.parse(.hkma, "hkma-er-eeri-daily.json")
        #expect(days.map(\.effectiveDate.description) == ["2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28"])
        let saturday = try Self.on("2026-02-28", days)
        #expect(saturday.rates["USD"] == Self.decimal("7.8245"))
        let friday = try Self.on("2026-02-27", days)
        #expect(friday.rates["JPY"] == Self.decimal("0.05015") && friday.rates["IDR"] == Self.decimal("0.0004666"))
        #expect(friday.rates["DEM"] == nil && friday.rates.count == 17)
        // A range the monthly bulletin does not reach yet is empty, not an error.
        let empty = #"{"header":{"success":true,"err_code":"0000","err_msg":"No error found"},"result":{"datasize":0,"records":[]}}"#
        #expect(try ProviderDeclaration.hkma.parse(Data(empty.utf8)).isEmpty)
        let refused = #"{"header":{"success":false,"err_code":"1001","err_msg":"Invalid date"},"result":null}"#
        #expect(throws: RatesProviderError.providerError("Invalid date")) { try ProviderDeclaration.hkma.parse(Data(refused.utf8)) }
    }

    @Test("Banco de la República: the one TRM, stored on every day of its validity (a weekend's spans Saturday to Tuesday)")
    func banrep() throws {
        let days = try Self.parse(.banrep, "banrep-32sa-8pi3.json")
        #expect(
            days.map(\.effectiveDate.description) == [
                "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20", "2026-03-21", "2026-03-22", "2026-03-23", "2026-03-24",
            ])
        #expect(try Self.on("2026-03-17", days).rates == ["USD": Self.decimal("3691.9")])
        for date in ["2026-03-21", "2026-03-22", "2026-03-23", "2026-03-24"] {
            #expect(try Self.on(date, days).rates == ["USD": Self.decimal("3704.87")])
        }
        #expect(ProviderDeclaration.banrep.minimumCurrencies == 1)
    }

    @Test("Central Bank of Nigeria: currencies by name, the central rate; the West African unit of account left out")
    func cbn() throws {
        let day = try Self.on("2026-05-20", try Self.parse(.cbn, "cbn-getallexchangerates.json"))
        #expect(day.rates["USD"] == Self.decimal("1372.8431"))
        #expect(day.rates["GBP"] == Self.decimal("1839.3352"))
        #expect(day.rates["XOF"] == Self.decimal("2.4229"), "CFA")
        #expect(day.rates["CNY"] == Self.decimal("201.7611"), "YUAN/RENMINBI")
        #expect(day.rates["XDR"] == Self.decimal("1885.4627"))
        #expect(day.rates.count == 12)
    }

    @Test("Bank of Mongolia: a POST, thousands separated by commas, gold per troy ounce as published, SDR as XDR")
    func bom() throws {
        let day = try Self.on("2026-05-21", try Self.parse(.bom, "bom-data.json"))
        #expect(day.rates["USD"] == Self.decimal("3576.5"))
        #expect(day.rates["KWD"] == Self.decimal("11657.43"))
        #expect(day.rates["XAU"] == Self.decimal("16164724.93"))
        #expect(day.rates["XDR"] == Self.decimal("4886.31") && day.rates["SDR"] == nil)
        #expect(day.rates["VND"] == Self.decimal("0.14"))
        #expect(day.rates.count == 38)
    }

    @Test("Central Bank of Kenya: names, JPY per 100, the four East African currencies written the other way round and kept so")
    func cbk() throws {
        let days = try Self.parse(.cbk, "cbk-admin-ajax.json")
        // 28 November 2025 is listed twice, the same rates each time: one day.
        #expect(days.count == 549 && days.first?.effectiveDate.description == "2024-01-05")
        let day = try Self.on("2026-03-19", days)
        #expect(day.rates["USD"] == Self.decimal("129.52"))
        #expect(day.rates["JPY"] == Self.decimal("0.812"), "81.20 per 100 JPY")
        #expect(day.rates["CAD"] == Self.decimal("94.54"), "CAN $")
        // `KES / USHS 29.0900`: Ugandan shillings per shilling, as written.
        #expect(day.rates["UGX"] == Self.decimal("29.09") && day.rates["TZS"] == Self.decimal("20.11"))
        #expect(day.rates["RWF"] == Self.decimal("11.26") && day.rates["BIF"] == Self.decimal("22.92"))
        #expect(day.reversed == ["UGX", "TZS", "RWF", "BIF"] && day.quotation == .basePerUnit)
        #expect(day.rates.count == 21)
        // 100 shillings are 2,909 Ugandan shillings, and 129.52 shillings a dollar.
        let snapshot = day.snapshot(storedAt: Date())
        let (numerator, denominator) = try #require(snapshot.ratio(from: "USD", to: "UGX"))
        #expect(numerator == Self.decimal("3767.7368") && denominator == 1, "129.52 × 29.09")
    }

    @Test(
        "Banco Nacional de Angola: every currency at once (moeda=ALL, the lek's code); STD is the new dobra, VEF today's bolívar, ZMK a thousandth of a kwacha"
    )
    func bna() throws {
        let days = try Self.parse(.bna, "bna-intervalo-all.json")
        #expect(days.map(\.effectiveDate.description) == ["2026-05-19", "2026-05-20", "2026-05-21"])
        let day = try Self.on("2026-05-19", days)
        #expect(day.baseCurrency == "AOA" && day.rates["USD"] == Self.decimal("913.116"))
        #expect(day.rates["ALL"] == Self.decimal("11.18329"), "the lek itself")
        #expect(day.rates["STN"] == Self.decimal("43.53396") && day.rates["STD"] == nil)
        #expect(day.rates["VES"] == Self.decimal("1.79548") && day.rates["VEF"] == nil)
        #expect(day.rates["ZMW"] == Self.decimal("48.52") && day.rates["ZMK"] == nil, "0.04852 per old kwacha")
        #expect(day.rates["EEK"] == nil && day.rates["HRK"] == nil && day.rates["XAU"] == nil)
        #expect(day.rates.count == 67)
    }

    @Test("Banco Central do Brasil: a document per currency, the closing PTAX bulletin's mean of buying and selling")
    func bcb() throws {
        let usd = try Self.parse(.bcb, "bcb-cotacaomoedaperiodo-usd.json", series: "USD")
        #expect(usd.count == 5)
        #expect(try Self.on("2026-03-03", usd).rates == ["USD": Self.decimal("5.2867")], "(5.2864 + 5.2870) / 2")
        let jpy = try Self.parse(.bcb, "bcb-cotacaomoedaperiodo-jpy.json", series: "JPY")
        #expect(try Self.on("2026-03-02", jpy).rates == ["JPY": Self.decimal("0.032965")], "(0.03296 + 0.03297) / 2")
    }

    @Test("National Bank of Belarus: a document per currency by the bank's id, per its scale (100 JPY, 100,000 IRR)")
    func nbrb() throws {
        #expect(
            try Self.on("2026-03-06", try Self.parse(.nbrb, "nbrb-dynamics-431.json", series: "USD")).rates == [
                "USD": Self.decimal("2.9013")
            ])
        #expect(
            try Self.on("2026-03-02", try Self.parse(.nbrb, "nbrb-dynamics-508.json", series: "JPY")).rates == [
                "JPY": Self.decimal("0.018285")
            ])
        #expect(
            try Self.on("2026-03-02", try Self.parse(.nbrb, "nbrb-dynamics-461.json", series: "IRR")).rates == [
                "IRR": Self.decimal("0.000002172")
            ])
        #expect(throws: RatesProviderError.self) { try Self.parse(.nbrb, "nbrb-dynamics-431.json", series: "JPY") }
    }

    @Test("Bank Negara Malaysia: a document per currency and month, middle rates with float noise, per 100 JPY, SDR as XDR")
    func bnm() throws {
        #expect(
            try Self.on("2026-03-03", try Self.parse(.bnm, "bnm-month-aud.json", series: "AUD")).rates == ["AUD": Self.decimal("2.7914")])
        #expect(
            try Self.on("2026-03-03", try Self.parse(.bnm, "bnm-month-jpy.json", series: "JPY")).rates == ["JPY": Self.decimal("0.02496")])
        #expect(
            try Self.on("2026-03-03", try Self.parse(.bnm, "bnm-month-sdr.json", series: "XDR")).rates == ["XDR": Self.decimal("5.3877")])
    }

    @Test("Magyar Nemzeti Bank: a SOAP answer holding an escaped document, forints per 1 or 100 units, a decimal comma")
    func mnb() throws {
        let days = try Self.parse(.mnb, "mnb-arfolyamok.xml")
        #expect(days.map(\.effectiveDate.description) == ["2025-03-24", "2025-03-25", "2025-03-26", "2025-03-27", "2025-03-28"])
        let day = try Self.on("2025-03-24", days)
        #expect(day.rates["EUR"] == Self.decimal("398.44") && day.rates["USD"] == Self.decimal("367.6"))
        #expect(day.rates["JPY"] == Self.decimal("2.4577") && day.rates["IDR"] == Self.decimal("0.0222"))
        #expect(day.rates.count == 32)
    }

    @Test("Central Bank of Armenia: a SOAP data set of a range, and the latest day's answer; per 10 JPY, per 100 IRR, gold per gram")
    func cba() throws {
        let range = try Self.parse(.cba, "cba-exchangerates-2.xml")
        #expect(range.count == 13 && range.allSatisfy { $0.rates.count == 30 })
        let day = try Self.on("2026-03-05", range)
        #expect(day.rates["USD"] == Self.decimal("377.59"))
        #expect(day.rates["JPY"] == Self.decimal("2.4001"), "24.001 per 10 JPY")
        #expect(day.rates["IRR"] == Self.decimal("0.00028699"), "0.028699 per 100 IRR")
        #expect(day.rates["XAU"] == Self.decimal("62502"))
        let latest = try Self.parse(.cba, "cba-exchangerates-1.xml")
        #expect(latest.map(\.effectiveDate.description) == ["2026-03-18"])
        #expect(latest[0].rates["USD"] == Self.decimal("377.39") && latest[0].rates["XAG"] == Self.decimal("973.28"))
    }

    @Test("Danmarks Nationalbank: `;`-separated rows, kroner per 100 units, days written 2026M03D31, `..` for no rate")
    func dnb() throws {
        let days = try Self.parse(.dnb, "dnb-data.csv")
        #expect(days.count == 269 && days.first?.effectiveDate.description == "2025-03-03")
        let july = try Self.on("2025-07-08", days)
        #expect(july.rates["EUR"] == Self.decimal("7.4609") && july.rates["JPY"] == Self.decimal("0.043453"))
        #expect(july.rates["BGN"] == Self.decimal("3.8148") && july.rates.count == 30)
        // The lev after Bulgaria's euro: no rate.
        let march = try Self.on("2026-03-31", days)
        #expect(march.rates["BGN"] == nil && march.rates["USD"] == Self.decimal("6.4994") && march.rates.count == 29)
    }

    @Test("Bank of Israel: SDMX-CSV, shekels per 10^UNIT_MULT units (100 JPY, 10 LBP)")
    func boi() throws {
        let days = try Self.parse(.boi, "boi-1-0.csv")
        let day = try Self.on("2026-03-02", days)
        #expect(day.baseCurrency == "ILS" && day.rates["USD"] == Self.decimal("3.073"))
        #expect(day.rates["JPY"] == Self.decimal("0.01971"), "1.971 per 100 JPY")
        #expect(day.rates["LBP"] == Self.decimal("0.00003"), "0.0003 per 10 LBP")
        #expect(day.rates.count == 14)
        #expect(try Self.on("2026-03-05", days).rates.count == 7, "the main seven only")
    }

    @Test("Banca d'Italia: 150 currencies per euro in a day's CSV; a currency of several countries once; N.A. and the disclaimer skipped")
    func bdi() throws {
        let day = try #require(try Self.parse(.bdi, "bdi-dailyrates-2026-02-10.csv").first)
        #expect(day.effectiveDate.description == "2026-02-10" && day.baseCurrency == "EUR" && day.quotation == .unitsPerBase)
        #expect(day.rates["USD"] == Self.decimal("1.1894") && day.rates["JPY"] == Self.decimal("184.51"))
        #expect(day.rates["XOF"] == Self.decimal("655.957") && day.rates["XCG"] == Self.decimal("2.129"))
        #expect(day.rates["VES"] == Self.decimal("457.6697") && day.rates["ZWG"] == Self.decimal("30.4362"))
        #expect(day.rates["IRR"] == nil && day.rates.count == 150)
    }

    @Test("the blend counts the Banca d'Italia's copies of the ECB's rates once, the ECB's, and its other currencies as its own")
    func bdiRepublishesTheECB() throws {
        func snapshot(_ source: RateSource, _ date: String, _ rates: [String: String]) throws -> RateSnapshot {
            RateSnapshot(
                source: source.id, baseCurrency: "EUR", effectiveDate: try #require(CalendarDate(iso8601: date)),
                storedAt: Date(timeIntervalSince1970: 0), rates: rates.mapValues { Self.decimal($0) }, quotation: .unitsPerBase)
        }
        let ecb = try snapshot(.ecb, "2026-02-10", ["USD": "1.1894", "JPY": "184.51"])
        let bdi = try snapshot(.bdi, "2026-02-10", ["USD": "1.1894", "JPY": "184.51", "AFN": "75.2664"])
        let blender = RateBlender(pegs: [], providers: ProviderCatalog.everyDeclared.official)
        let tenth = try #require(CalendarDate(iso8601: "2026-02-10"))
        let day = try #require(blender.blend([ecb, bdi], on: tenth))
        #expect(day.rates["USD"]?.quotes.map(\.source) == ["ecb"])
        #expect(day.rates["AFN"]?.quotes.map(\.source) == ["bdi"] && day.rates["AFN"]?.rate == Self.decimal("75.2664"))
        // Without the ECB's day (older than the blend counts), the Banca d'Italia's figures count.
        let old = try snapshot(.ecb, "2026-01-20", ["USD": "1.17"])
        let alone = try #require(blender.blend([old, bdi], on: tenth))
        #expect(alone.rates["USD"]?.quotes.map(\.source) == ["bdi"])
    }

    @Test(
        "an HTML page's tables: cells' text without tags, character references decoded, white space collapsed; nested and unclosed tables")
    func htmlTables() {
        let page = HTMLTables(
            """
            <h5>Journ&eacute;e du&nbsp;18/05/2026</h5><TABLE><tr><th>Code</th><th>Rate</th></tr>
            <tr><td><strong>\n  USD </strong></td><td><div align='right'> 2,9034</div></td></tr>
            <tr><td>caf&#233; &amp; &#x41;</td><td>1<br>2</td></tr><tr><td><table><tr><td>inner</td></tr></table></td></tr></table>
            <table><tr><td>left open
            """)
        #expect(page.tables == [[["inner"]], [["Code", "Rate"], ["USD", "2,9034"], ["café & A", "1 2"], [""]]])
        #expect(page.text.contains("Journée du 18/05/2026"))
        // White space of every kind, a no-break space written out and as a reference, made one
        // space and trimmed; text in other scripts and a combining mark after a tag kept whole.
        let spaced = HTMLTables("<table><tr><td>\r\n\t 1\u{00A0}234,5&nbsp;\u{2003}€ </td><td>\u{301}Дата\n\n日付</td></tr></table>")
        #expect(spaced.tables == [[["1 234,5 €", "\u{301}Дата 日付"]]])
        #expect(HTMLTables.clean("  a \u{0B}\u{0C} b\u{85}c  ") == "a b c" && HTMLTables.clean(" \n ").isEmpty)
    }

    @Test("Banque Centrale de Tunisie: the page's first table, dinars per 1, 10, 100 or 1,000 units, a decimal comma, the day above it")
    func bct() throws {
        let day = try #require(try Self.parse(.bct, "bct-cours-archiv-2026-05-18.html").first)
        #expect(day.effectiveDate.description == "2026-05-18" && day.baseCurrency == "TND")
        #expect(day.rates["USD"] == Self.decimal("2.9034") && day.rates["EUR"] == Self.decimal("3.3965"))
        #expect(day.rates["JPY"] == Self.decimal("0.0184093"), "18,4093 per 1,000 JPY")
        #expect(day.rates["DZD"] == Self.decimal("0.02198"), "0,2198 per 10 DZD")
        #expect(day.rates["MRU"] == Self.decimal("0.07292") && day.rates.count == 20)
        #expect(try Self.parse(.bct, "bct-cours-archiv-2026-05-19.html").first?.effectiveDate.description == "2026-05-19")
    }

    @Test("BCEAO: currencies by French name, accents written as \\xC3\\xA9 text, `.` between thousands, the day in words")
    func bceao() throws {
        let day = try #require(try Self.parse(.bceao, "bceao-get-all-reference-by-date-2026-03-16.html").first)
        #expect(day.effectiveDate.description == "2026-03-16" && day.baseCurrency == "XOF")
        #expect(day.rates["EUR"] == Self.decimal("655.957") && day.rates["USD"] == Self.decimal("605.52"))
        #expect(day.rates["SEK"] == Self.decimal("59.47"), "Couronne su\\xC3\\xA9doise")
        #expect(day.rates["KWD"] == Self.decimal("1953.02"), "1.953,0200")
        #expect(day.rates["JPY"] == Self.decimal("4.0781") && day.rates.count == 27)
        #expect(try Self.parse(.bceao, "bceao-get-all-reference-by-date-2026-03-17.html").first?.effectiveDate.description == "2026-03-17")
    }

    @Test(
        "BEAC: the home page's side column of buying and selling rates, francs CFA per unit, their mean stored on the value date under them"
    )
    func beac() throws {
        let day = try #require(try Self.parse(.beac, "beac-doc.html").first)
        #expect(day.effectiveDate.description == "2026-05-22" && day.baseCurrency == "XAF" && day.quotation == .basePerUnit)
        #expect(day.rates["EUR"] == Self.decimal("655.957"), "the parity, bought and sold alike")
        #expect(day.rates["USD"] == Self.decimal("563.6411"), "(561.2317 + 566.0505) / 2")
        #expect(day.rates["CAD"] == Self.decimal("409.86305"), "(407.7958 + 411.9303) / 2, a digit more than either")
        #expect(day.rates["JPY"] == Self.decimal("3.5527") && day.rates["ZAR"] == Self.decimal("34.31055") && day.rates.count == 13)
        // Its rates without the value date under them are dated by nothing.
        let served = String(decoding: try OfficialDocumentTests.fixture("beac-doc.html"), as: UTF8.self)
        let undated = served.replacingOccurrences(of: "Date de valeur : 22/05/2026", with: "Date de valeur :")
        #expect(throws: RatesProviderError.unreadable("not the BEAC's home page: no Date de valeur under its rates")) {
            try ProviderDeclaration.beac.parse(Data(undated.utf8))
        }
        // The rest of the page without its rates: nothing to store.
        let withoutRates = served.replacingOccurrences(of: "taux_de_change_list", with: "")
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.beac.parse(Data(withoutRates.utf8)) }
    }

    @Test("Reserve Bank of Malawi: a row per currency and day, the middle rate, days written Jan 02 2024; the Irish pound left out")
    func rbm() throws {
        let days = try Self.parse(.rbm, "rbm-exchangeratesfilter.html")
        #expect(days.map(\.effectiveDate.description) == ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05"])
        let day = try Self.on("2024-01-02", days)
        #expect(day.rates["USD"] == Self.decimal("1683.3663") && day.rates["ZAR"] == Self.decimal("94.7898"))
        #expect(day.rates["IEP"] == nil && day.rates["CMD"] == nil && day.rates.count == 36)
    }

    @Test("CFETS: the central parity, yuan per unit (per 100 JPY), the CNY/X pairs units per yuan as written; a second page refused")
    func cfets() throws {
        let days = try Self.parse(.cfets, "cfets-ccprhisnew-2026-09-04-1.json")
        #expect(days.map(\.effectiveDate.description) == ["2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04"])
        let day = try Self.on("2026-09-04", days)
        #expect(day.baseCurrency == "CNY" && day.rates["USD"] == Self.decimal("6.7787") && day.rates["EUR"] == Self.decimal("7.8397"))
        #expect(day.rates["JPY"] == Self.decimal("0.043135"), "4.3135 per 100 JPY")
        #expect(day.rates["MOP"] == Self.decimal("1.1919") && day.rates["KRW"] == Self.decimal("202.07"), "CNY/MOP, CNY/KRW")
        #expect(day.reversed.count == 15 && day.reversed.contains("TRY") && !day.reversed.contains("USD") && day.rates.count == 25)
        let snapshot = day.snapshot(storedAt: Date())
        #expect(snapshot.unitsPerBase("KRW") == Self.decimal("202.07") && snapshot.quotation(of: "USD") == .basePerUnit)
        // 65 days in two pages: what one page holds is not all the days asked for.
        #expect(throws: RatesProviderError.unreadable("the days fill 2 pages, not one")) {
            try Self.parse(.cfets, "cfets-ccprhisnew-2026-08-31-1.json")
        }
    }

    @Test(
        "State Bank of Pakistan: a workbook laid out wide, a column per day in Excel serials, names with typos, float averages to 15 digits"
    )
    func sbp() throws {
        let days = try Self.parse(.sbp, "sbp-bfer-daily.xlsx")
        #expect(
            days.count == 22 && days.first?.effectiveDate.description == "2026-04-01"
                && days.last?.effectiveDate.description == "2026-04-30")
        let day = try Self.on("2026-04-01", days)
        #expect(day.baseCurrency == "PKR" && day.rates["AUD"] == Self.decimal("192.929678"))
        #expect(day.rates["USD"] == Self.decimal("279.351785714286"), "279.35178571428565, the banks' mean, to 15 digits")
        #expect(day.rates["JPY"] == Self.decimal("1.759259"), "Japnese Yen")
        #expect(day.rates["BHD"] == Self.decimal("738.93075") && day.rates.count == 23)
        // The archive: every business day since July 2013 in one sheet.
        let archive = try Self.parse(.sbp, "sbp-bfer-daily-arch.xlsx")
        #expect(archive.first?.effectiveDate.description == "2013-07-02" && archive.count > 3000)
        #expect(try Self.on("2013-07-03", archive).rates["AUD"] == Self.decimal("90.817045"))
        // A refresh after a gap wants a few weeks of it: those days, the same figures, and no
        // days it does not hold is no rates, not an unreadable workbook.
        let workbook = try OfficialDocumentTests.fixture("sbp-bfer-daily-arch.xlsx")
        let wanted = WorldPublishersDocumentTests.days("2013-07-01", "2013-07-10")
        let weeks = try ProviderDeclaration.sbp.parse(workbook, wanted: wanted)
        #expect(weeks.map(\.effectiveDate) == archive.map(\.effectiveDate).filter(wanted.contains) && weeks.count == 7)
        #expect(weeks == archive.filter { wanted.contains($0.effectiveDate) })
        #expect(try ProviderDeclaration.sbp.parse(workbook, wanted: WorldPublishersDocumentTests.days("2030-01-01", "2030-01-31")).isEmpty)
        // Not a workbook, or one without the sheet's header: refused.
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.sbp.parse(Data("PK\u{3}\u{4}".utf8)) }
        let served = try OfficialDocumentTests.fixture("sbp-bfer-daily.xlsx")
        #expect(throws: RatesProviderError.self, "a truncated workbook") {
            try ProviderDeclaration.sbp.parse(served.prefix(served.count / 2))
        }
        #expect(throws: RatesProviderError.self, "an HTML error page") {
            try ProviderDeclaration.sbp.parse(Data("<!DOCTYPE html><html><body>Service unavailable</body></html>".utf8))
        }
    }

    @Test("Bank of Tanzania: the mean of a row per currency and day, a comma after the decimal point too, days as 19-May-26; RUR left out")
    func bota() throws {
        let days = try Self.parse(.bota, "bota-previous-rates-2.html")
        #expect(days.map(\.effectiveDate.description) == ["2026-05-19"])
        let day = try Self.on("2026-05-19", days)
        #expect(day.baseCurrency == "TZS" && day.quotation == .basePerUnit)
        #expect(day.rates["USD"] == Self.decimal("2602.0545"), "2,602.0,545")
        #expect(day.rates["KWD"] == Self.decimal("8472.3"), "8,472.3,000")
        #expect(day.rates["UGX"] == Self.decimal("0.705") && day.rates["JPY"] == Self.decimal("18.04"))
        #expect(day.rates["RUB"] == Self.decimal("32.26") && day.rates["RUR"] == nil, "the ruble once, by its current code")
        #expect(day.rates.count == 42)
        // The form page the GET answers, before its POST: a table without rows is no day.
        #expect(throws: RatesProviderError.self) { try Self.parse(.bota, "bota-previous-rates-1.html") }
    }

    @Test("Central Bank of Sri Lanka: a table per currency, rupees per unit, gold per troy ounce; the offshore yuan left out")
    func cbsl() throws {
        let days = try Self.parse(.cbsl, "cbsl-exrates-results.html")
        #expect(days.map(\.effectiveDate.description) == ["2025-05-15", "2025-05-16", "2025-05-19"])
        let day = try Self.on("2025-05-19", days)
        #expect(day.baseCurrency == "LKR" && day.quotation == .basePerUnit)
        #expect(day.rates["USD"] == Self.decimal("298.8165") && day.rates["JPY"] == Self.decimal("2.0596"))
        #expect(day.rates["XAU"] == Self.decimal("963884.9136") && day.rates["IDR"] == Self.decimal("0.0181"))
        #expect(day.rates["CNH"] == nil && day.rates["CNY"] != nil && day.rates.count == 54)
        #expect(try Self.on("2025-05-16", days).rates["USD"] == Self.decimal("298.5101"))
    }

    @Test(
        "Central Bank of Egypt: a workbook of buying and selling rates by currency name, its mean stored; Excel days, Sunday a business day"
    )
    func cbe() throws {
        let days = try Self.parse(.cbe, "cbe-gethistoricaldata.xlsx")
        #expect(
            days.map(\.effectiveDate.description) == [
                "2026-04-01", "2026-04-02", "2026-04-05", "2026-04-06", "2026-04-07", "2026-04-08", "2026-04-09",
            ])
        let day = try Self.on("2026-04-09", days)
        #expect(day.baseCurrency == "EGP" && day.quotation == .basePerUnit)
        #expect(day.rates["USD"] == Self.decimal("53.14005"), "the mean of 53.0734 and 53.2067")
        #expect(day.rates["JPY"] == Self.decimal("0.334498"), "33.4068 and 33.4928 per 100")
        #expect(day.rates["KWD"] == Self.decimal("173.3771") && day.rates.count == 18)
        // The form page: its token and the data source the POST carries back.
        let page = try FormPage(try OfficialDocumentTests.fixture("cbe-historical-data.html"), setCookies: [])
        #expect(
            page.inputs["DataSourceId"] == ["19CFFDDBFF494350A5E9C6A4397FC7DF"] && page.inputs["__RequestVerificationToken"]?.count == 1)
        // Hostile workbooks: nothing read from any.
        let served = try OfficialDocumentTests.fixture("cbe-gethistoricaldata.xlsx")
        let sheet = "xl/worksheets/sheet1.xml"
        let hostile: [(String, Data)] = [
            ("a negative rate", try EditedArchive.replacing("<v>53.0734</v>", with: "<v>-53.0734</v>", in: sheet, of: served)),
            ("a zero rate", try EditedArchive.replacing("<v>53.2067</v>", with: "<v>0</v>", in: sheet, of: served)),
            (
                "a currency unknown",
                try EditedArchive.replacing("<t>Euro</t>", with: "<t>Euro 100</t>", in: "xl/sharedStrings.xml", of: served)
            ),
            ("a truncated workbook", served.prefix(served.count / 2)),
            ("an HTML error page", Data("<!DOCTYPE html><html><body>Request Rejected</body></html>".utf8)),
            ("nothing", Data()),
        ]
        for (what, data) in hostile {
            #expect(throws: RatesProviderError.self, "\(what)") { try ProviderDeclaration.cbe.parse(data) }
        }
        #expect(try ProviderDeclaration.cbe.parse(try EditedArchive.replacing("x", with: "x", in: "none", of: served)).count == 7)
    }

    @Test(
        "Monetary Authority of Singapore: a month's CSV, year and month written where they change, per unit or per 100 by the column's title"
    )
    func mas() throws {
        let days = try Self.parse(.mas, "mas-exchangerates-2.csv")
        #expect(
            days.count == 22 && days.first?.effectiveDate.description == "2026-03-02"
                && days.last?.effectiveDate.description == "2026-03-31")
        let day = try Self.on("2026-03-02", days)
        #expect(day.baseCurrency == "SGD" && day.rates["EUR"] == Self.decimal("1.494") && day.rates["USD"] == Self.decimal("1.2674"))
        #expect(day.rates["JPY"] == Self.decimal("0.008107"), "0.8107 per 100")
        #expect(day.rates["VND"] == Self.decimal("0.00004843") && day.rates["CHF"] == Self.decimal("1.6497"))
        #expect(day.rates.count == 21)
        #expect(try Self.on("2026-03-31", days).rates["USD"] == Self.decimal("1.2913"), "`,,31`: March 2026 still")
        // The form page hands out the view state the POST carries back.
        let page = try FormPage(try OfficialDocumentTests.fixture("mas-exchangerates-1.html"), setCookies: [])
        #expect(["__VIEWSTATE", "__VIEWSTATEGENERATOR", "__EVENTVALIDATION"].allSatisfy { page.inputs[$0]?.count == 1 })
        #expect(page.inputs["__VIEWSTATEGENERATOR"] == ["C335971F"])
    }

    @Test("Central Bank of Kuwait: a fragment per currency in fils (thousandths of a dinar), dotted days, Sunday a business day")
    func cbkkw() throws {
        let usd = try Self.parse(.cbkkw, "cbkkw-get-exchange-rates-USD.html", series: "USD")
        #expect(usd.map(\.effectiveDate.description) == ["2026-09-06", "2026-09-07", "2026-09-08"])
        #expect(usd[0].baseCurrency == "KWD" && usd[0].rates == ["USD": Self.decimal("0.30685")], "306.850 fils")
        #expect(try Self.on("2026-09-08", usd).rates["USD"] == Self.decimal("0.30665"))
        #expect(
            try Self.on("2026-09-08", try Self.parse(.cbkkw, "cbkkw-get-exchange-rates-JPY.html", series: "JPY")).rates["JPY"]
                == Self.decimal("0.001998"))
        #expect(
            try Self.on("2026-09-08", try Self.parse(.cbkkw, "cbkkw-get-exchange-rates-GBP.html", series: "GBP")).rates["GBP"]
                == Self.decimal("0.415097"))
        // Another currency's table is not this one's; the form's ids as it lists them; withdrawn currencies not asked for.
        #expect(throws: RatesProviderError.self) { try Self.parse(.cbkkw, "cbkkw-get-exchange-rates-USD.html", series: "EUR") }
        #expect(ProviderDeclaration.cbkkw.seriesList.first { $0.code == "USD" }?.key == "USD:128735")
        #expect(ProviderDeclaration.cbkkw.seriesList.count == 101 && !ProviderDeclaration.cbkkw.seriesList.contains { $0.code == "VEF" })
    }

    @Test(
        "Bank Indonesia: a search per currency, the mean of selling and buying per the Value's units, days as 5 Mar 2026; the form without results is no day"
    )
    func bi() throws {
        let aud = try Self.parse(.bi, "bi-default-aud.html", series: "AUD")
        #expect(aud.map(\.effectiveDate.description) == ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"])
        #expect(try Self.on("2026-03-05", aud).rates == ["AUD": Self.decimal("11888.44")], "11,949.58 and 11,827.30")
        #expect(
            try Self.on("2026-03-05", try Self.parse(.bi, "bi-default-aed.html", series: "AED")).rates["AED"] == Self.decimal("4604.015"))
        #expect(try Self.parse(.bi, "bi-default.html", series: "USD").isEmpty, "the page before a search")
        #expect(ProviderDeclaration.wholeUnits("100.00") == 100 && ProviderDeclaration.wholeUnits("1.50") == nil)
        let page = try FormPage(try OfficialDocumentTests.fixture("bi-default.html"), setCookies: [])
        #expect(["__VIEWSTATE", "__VIEWSTATEGENERATOR", "__EVENTVALIDATION", "__REQUESTDIGEST"].allSatisfy { page.inputs[$0]?.count == 1 })
    }

    @Test(
        "South African Reserve Bank: a series per currency; rands per dollar, pound and euro, the twenty others per rand, each as written; a series of another name refused"
    )
    func sarb() throws {
        let usd = try Self.parse(.sarb, "sarb-excx135d.json", series: "USD")
        #expect(usd.map(\.effectiveDate.description) == ["2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27"])
        let friday = try Self.on("2026-03-27", usd)
        #expect(friday.baseCurrency == "ZAR" && friday.rates == ["USD": Self.decimal("17.1302")] && friday.reversed.isEmpty)
        let yen = try Self.on("2026-03-27", try Self.parse(.sarb, "sarb-excb120d.json", series: "JPY"))
        #expect(yen.rates == ["JPY": Self.decimal("9.3324")] && yen.reversed == ["JPY"], "Japan: Yen per Rand")
        #expect(
            try Self.on("2026-03-24", try Self.parse(.sarb, "sarb-excb126d.json", series: "TWD")).rates["TWD"] == Self.decimal("1.8898"))
        // The day as the kit joins its series: a dollar is 17.1302 × 9.3324 yen.
        let day = friday.adding(yen).snapshot(storedAt: Date())
        let (numerator, denominator) = try #require(day.ratio(from: "USD", to: "JPY"))
        #expect(numerator == Self.decimal("159.86587848") && denominator == 1)
        #expect(day.ratio(from: "JPY", to: "USD").map { [$0.numerator, $0.denominator] } == [1, Self.decimal("159.86587848")])
        #expect(throws: RatesProviderError.self) { try Self.parse(.sarb, "sarb-excb120d.json", series: "CNY") }
        #expect(ProviderDeclaration.sarb.seriesList.count == 23 && Set(ProviderDeclaration.sarb.seriesList.map(\.code)).count == 23)
        // A day without an observation is written `null`: no rate, not an unreadable document.
        let withNull = String(decoding: try OfficialDocumentTests.fixture("sarb-excx135d.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"Value\":17.1302", with: "\"Value\":null")
        #expect(try ProviderDeclaration.sarb.parse(Data(withNull.utf8), series: ProviderDeclaration.sarb.seriesList[0]).count == 3)
    }

    static let documents: [(ProviderDeclaration, String, series: String?, rate: String)] = [
        (.fbil, "fbil-fetchfiltered.json", nil, "92.451400"), (.rb, "rb-bygroup.json", nil, "10.8405"),
        (.hkma, "hkma-er-eeri-daily.json", nil, "7.8245000000000005"), (.banrep, "banrep-32sa-8pi3.json", nil, "\"3691.9\""),
        (.cbn, "cbn-getallexchangerates.json", nil, "\"1372.8431\""), (.bom, "bom-data.json", nil, "\"3,576.50\""),
        (.cbk, "cbk-admin-ajax.json", nil, "\"129.5200\""), (.bna, "bna-intervalo-all.json", nil, "5.73746"),
        (.bcb, "bcb-cotacaomoedaperiodo-usd.json", "USD", "5.1995"), (.nbrb, "nbrb-dynamics-431.json", "USD", "2.8523"),
        (.bnm, "bnm-month-aud.json", "AUD", "2.7724000000000002"), (.mnb, "mnb-arfolyamok.xml", nil, "398,44"),
        (.cba, "cba-exchangerates-2.xml", nil, ">377.59<"), (.dnb, "dnb-data.csv", nil, "746.0900"),
        (.boi, "boi-1-0.csv", nil, "3.073"), (.bdi, "bdi-dailyrates-2026-02-10.csv", nil, "1.1894"),
        (.bct, "bct-cours-archiv-2026-05-18.html", nil, "2,9034"),
        (.bceao, "bceao-get-all-reference-by-date-2026-03-16.html", nil, "605,5200"), (.beac, "beac-doc.html", nil, "561.2317"),
        (.rbm, "rbm-exchangeratesfilter.html", nil, "1683.3663"), (.cfets, "cfets-ccprhisnew-2026-09-04-1.json", nil, "\"6.7787\""),
        (.bota, "bota-previous-rates-2.html", nil, "2,602.0,545"), (.cbsl, "cbsl-exrates-results.html", nil, "298.8165"),
        (.mas, "mas-exchangerates-2.csv", nil, "1.2674"), (.cbkkw, "cbkkw-get-exchange-rates-USD.html", "USD", "306.850"),
        (.bi, "bi-default-aud.html", "AUD", "11,949.58"), (.sarb, "sarb-excb120d.json", "JPY", "9.3324"),
    ]

    @Test(
        "hostile documents are refused with a reason, never half-read: an HTML error page, a truncated file, nothing, a negative or a zero rate",
        arguments: documents.indices)
    func hostile(_ index: Int) throws {
        let (declaration, fixture, code, rate) = Self.documents[index]
        let series = try code.map { code in try #require(declaration.seriesList.first { $0.code == code }) }
        try HostileDocuments.check(declaration, fixture, rate: rate, series: series)
    }
}
