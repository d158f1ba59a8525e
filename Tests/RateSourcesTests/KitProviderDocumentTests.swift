import Foundation
import Testing

@testable import Core
@testable import RateSources

/// The providers the kit declares, each reading its publisher's document exactly as it was
/// served (`Resources/providers/`): figures written out by hand from the file, one check per
/// quirk (units per 10, 100 or 10,000, a code the publisher spells its own way, a metal stored
/// as published (the blend leaves metals out), a zero for a currency not quoted that day, a rate
/// dated the day it is valid from).
@Suite("The kit's providers: each publisher's document, as served, parsed into exact rates")
struct KitProviderDocumentTests {
    static func parse(_ declaration: ProviderDeclaration, _ fixture: String) throws -> [FetchedRates] {
        try declaration.parse(try OfficialDocumentTests.fixture(fixture))
    }

    static let decimal = OfficialDocumentTests.decimal
    static func only(_ days: [FetchedRates], on date: String) throws -> FetchedRates {
        #expect(days.map(\.effectiveDate.description) == [date])
        return try OfficialDocumentTests.on(date, days)
    }

    @Test("Central Bank of Uzbekistan: sums per unit or per 10, numbers written as text")
    func cbu() throws {
        let day = try Self.only(try Self.parse(.cbu, "cbu-all-2026-04-01.json"), on: "2026-04-01")
        #expect(day.source == "cbu" && day.baseCurrency == "UZS" && day.quotation == .basePerUnit)
        #expect(day.rates["USD"] == Self.decimal("12194.21"))
        #expect(day.rates["JPY"] == Self.decimal("76.38"))
        #expect(day.rates["IDR"] == Self.decimal("0.718"), "7.18 per 10 IDR")
        #expect(day.rates["XDR"] == Self.decimal("16557.42"))
        #expect(day.rates.count == 75)
    }

    @Test("National Bank of Georgia: lari per 1, 100 or 1,000 units, dated the day they are valid from")
    func nbg() throws {
        // Asked for Monday 2 March before that day's rates were set: Saturday's, set on Friday evening.
        let weekend = try Self.only(try Self.parse(.nbg, "nbg-currencies-2026-03-02.json"), on: "2026-02-28")
        #expect(weekend.baseCurrency == "GEL" && weekend.quotation == .basePerUnit)
        #expect(weekend.rates["USD"] == Self.decimal("2.6759"))
        #expect(weekend.rates["AMD"] == Self.decimal("0.007096"), "7.0960 per 1,000 AMD")
        #expect(weekend.rates["JPY"] == Self.decimal("0.017157"), "1.7157 per 100 JPY")
        #expect(weekend.rates.count == 42)
        let tuesday = try Self.only(try Self.parse(.nbg, "nbg-currencies-2026-03-03.json"), on: "2026-03-03")
        #expect(tuesday.rates["EUR"] == Self.decimal("3.1606"))
    }

    @Test(
        "National Bank of North Macedonia: denars per unit, each list dated the day after it was formed, once however many days it is valid"
    )
    func nbrm() throws {
        // Saturday 30 May's document answers list 98, formed on Thursday 28 May: valid from Friday.
        let day = try Self.only(try Self.parse(.nbrm, "nbrm-getexchangerate-30-05-2026-30-05-2026.json"), on: "2026-05-29")
        #expect(day.baseCurrency == "MKD")
        #expect(day.rates["EUR"] == Self.decimal("61.695") && day.rates["USD"] == Self.decimal("53.1075"))
        #expect(day.rates["JPY"] == Self.decimal("0.3331") && day.rates["RSD"] == Self.decimal("0.5255"))
        #expect(day.rates.count == 31)
        // Three months: 60 lists over 90 days; Friday 6 March's list (44) is written for Saturday,
        // Sunday and Monday and stored once, on Saturday; the first list, formed on 27 February,
        // on the 28th although the document shows it from 1 March.
        let months = try Self.parse(.nbrm, "nbrm-getexchangerate-29-05-2026-01-03-2026.json")
        #expect(months.count == 60 && months.first?.effectiveDate.description == "2026-02-28")
        #expect(try OfficialDocumentTests.on("2026-03-07", months).rates["USD"] == Self.decimal("53.3648"))
        #expect(months.contains { $0.effectiveDate.description == "2026-03-08" || $0.effectiveDate.description == "2026-03-09" } == false)
        #expect(try OfficialDocumentTests.on("2026-02-28", months).rates["USD"] == Self.decimal("52.2616"))
        // A list that gives one currency two rates is refused rather than half-read.
        let twice =
            #"[{"datum_f":"2026-03-06T00:00:00","oznaka":"USD","nomin":1,"sreden":53.3648},"#
            + #"{"datum_f":"2026-03-06T00:00:00","oznaka":"USD","nomin":1,"sreden":53.4}]"#
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.nbrm.parse(Data(twice.utf8)) }
    }

    @Test(
        "National Bank of Ethiopia: birr per unit, the day's weighted average (for the dollar its buying rate), not the mean of buying and selling"
    )
    func nbe() throws {
        let day = try Self.only(try Self.parse(.nbe, "nbe-filter-exchange-rates-2026-05-18.json"), on: "2026-05-18")
        #expect(day.baseCurrency == "ETB")
        #expect(day.rates["USD"] == Self.decimal("157.227"), "buying 157.227, selling 158.7993")
        #expect(day.rates["EUR"] == Self.decimal("183.7377") && day.rates["XDR"] == Self.decimal("216.8414"))
        #expect(day.rates["DJF"] == Self.decimal("0.8938") && day.rates["JPY"] == Self.decimal("0.9965"))
        #expect(day.rates.count == 19)
        let wednesday = try Self.only(try Self.parse(.nbe, "nbe-filter-exchange-rates-2026-05-20.json"), on: "2026-05-20")
        #expect(wednesday.rates["USD"] == Self.decimal("157.5889"))
        #expect(throws: RatesProviderError.self) {
            try ProviderDeclaration.nbe.parse(Data(#"{"success":false,"message":"Server Error"}"#.utf8))
        }
    }

    @Test("Nepal Rastra Bank: rupees per 1, 10 or 100 units, the mean of buying and selling, Saturdays too")
    func nrb() throws {
        let days = try Self.parse(.nrb, "nrb-rates.json")
        #expect(days.map(\.effectiveDate.description) == ["2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04", "2026-04-05"])
        let first = try OfficialDocumentTests.on("2026-04-01", days)
        #expect(first.baseCurrency == "NPR" && first.rates.count == 22)
        #expect(first.rates["USD"] == Self.decimal("151.74"), "bought 151.44, sold 152.04")
        #expect(first.rates["INR"] == Self.decimal("1.60075"), "160.00 and 160.15 per 100: the peg")
        #expect(first.rates["JPY"] == Self.decimal("0.951"), "9.49 and 9.53 per 10")
        #expect(first.rates["KRW"] == Self.decimal("0.0994"), "9.92 and 9.96 per 100")
        // A document of more than one page is refused, not stored in part.
        let paged = try String(decoding: OfficialDocumentTests.fixture("nrb-rates.json"), as: UTF8.self)
            .replacingOccurrences(of: #""pages": 1"#, with: #""pages": 2"#).replacingOccurrences(of: #""pages":1"#, with: #""pages":2"#)
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.nrb.parse(Data(paged.utf8)) }
    }

    @Test("National Bank of Tajikistan: somoni per 1, 10 or 100 units, an ISO-dated ValCurs")
    func nbt() throws {
        let day = try Self.only(try Self.parse(.nbt, "nbt-export-xml-2026-05-18.xml"), on: "2026-05-18")
        #expect(day.baseCurrency == "TJS")
        #expect(day.rates["USD"] == Self.decimal("9.345"))
        #expect(day.rates["UZS"] == Self.decimal("0.00078"), "0.0780 per 100 UZS")
        #expect(day.rates["KGS"] == Self.decimal("0.10686"), "1.0686 per 10 KGS")
        #expect(day.rates.count == 36)
    }

    @Test("National Bank of the Kyrgyz Republic: the day's five daily rates in windows-1251, decimal commas; the weekly table refused")
    func nbkr() throws {
        let day = try Self.only(try Self.parse(.nbkr, "nbkr-daily.xml"), on: "2026-05-24")
        #expect(day.baseCurrency == "KGS" && day.quotation == .basePerUnit)
        #expect(day.rates["USD"] == Self.decimal("87.45") && day.rates["EUR"] == Self.decimal("101.5076"))
        #expect(day.rates["KZT"] == Self.decimal("0.1859") && day.rates.count == 5)
        #expect(throws: RatesProviderError.unreadable("not the daily rates but Weekly Exchange Rates")) {
            try Self.parse(.nbkr, "nbkr-weekly.xml")
        }
    }

    @Test(
        "National Bank of the Kyrgyz Republic, weekly: thirty-nine currencies dated the Saturday they take effect, per 10 for the yen; the withdrawn BYR left out"
    )
    func nbkrWeekly() throws {
        let day = try Self.only(try Self.parse(.nbkrWeekly, "nbkr-weekly.xml"), on: "2026-05-23")
        #expect(day.source == "nbkr.w" && day.baseCurrency == "KGS" && day.quotation == .basePerUnit)
        #expect(day.rates["GBP"] == Self.decimal("117.4147") && day.rates["KRW"] == Self.decimal("0.0576"))
        #expect(day.rates["JPY"] == Self.decimal("0.54969"), "5,4969 per 10 yen")
        #expect(
            day.rates["AMD"] == Self.decimal("0.23773") && day.rates["BYR"] == nil && day.rates["BYN"] == Self.decimal("32.0154")
                && day.rates.count == 39)
        #expect(throws: RatesProviderError.unreadable("not the weekly rates but Daily Exchange Rates")) {
            try Self.parse(.nbkrWeekly, "nbkr-daily.xml")
        }
        #expect(RateSource.nbkrWeekly.cadence == .weekly)
    }

    @Test("National Bank of Moldova: lei per 1 or 100 units, a dotted date")
    func nbm() throws {
        let day = try Self.only(try Self.parse(.nbm, "nbm-official-exchange-rates-06-04-2026.xml"), on: "2026-04-06")
        #expect(day.baseCurrency == "MDL")
        #expect(day.rates["USD"] == Self.decimal("17.6124"))
        #expect(day.rates["JPY"] == Self.decimal("0.110318"), "11.0318 per 100 JPY")
        #expect(day.rates["XDR"] == Self.decimal("23.9652"))
        #expect(day.rates.count == 40)
    }

    @Test("Central Bank of Azerbaijan: the SDR written SDR, metals per troy ounce (`1 t.u.`), units per 100")
    func cbar() throws {
        let day = try Self.only(try Self.parse(.cbar, "cbar-currencies.xml"), on: "2026-09-04")
        #expect(day.baseCurrency == "AZN")
        #expect(day.rates["USD"] == Self.decimal("1.7"))
        #expect(day.rates["RUB"] == Self.decimal("0.019579"), "1.9579 per 100 RUB")
        #expect(day.rates["JPY"] == Self.decimal("0.010873"), "1.0873 per 100 JPY")
        #expect(day.rates["XDR"] == Self.decimal("2.3301"))
        #expect(day.rates["SDR"] == nil)
        #expect(day.rates["XAU"] == Self.decimal("7605.494"), "per troy ounce")
        #expect(day.rates.count == 42)
    }

    @Test("National Bank of Kazakhstan: tenge in an RSS item's description, per `quant` units")
    func nbk() throws {
        let day = try Self.only(try Self.parse(.nbk, "nbk-get-rates-01-04-2026.xml"), on: "2026-04-01")
        #expect(day.baseCurrency == "KZT")
        #expect(day.rates["USD"] == Self.decimal("478.77"))
        #expect(day.rates["KGS"] == Self.decimal("5.47"))
        #expect(day.rates["JPY"] == Self.decimal("3"))
        #expect(day.rates["XDR"] == Self.decimal("650.07"))
        #expect(day.rates.count == 39)
    }

    @Test("Central Bank of Turkmenistan: manats per 1, 100 or 10,000 units, the dollar cross not read")
    func cbt() throws {
        let day = try Self.only(try Self.parse(.cbt, "cbt-20052026.xml"), on: "2026-05-20")
        #expect(day.baseCurrency == "TMT")
        #expect(day.rates["USD"] == Self.decimal("3.5"))
        #expect(day.rates["JPY"] == Self.decimal("0.021995"), "2.1995 per 100 JPY")
        #expect(day.rates["IRR"] == Self.decimal("0.00000265"), "0.0265 per 10,000 IRR")
        #expect(day.rates["XDR"] == Self.decimal("4.7843"))
        #expect(day.rates.count == 48)
    }

    @Test("National Bank of Romania: a year's file of 157 days, lei per 1 or 100 units, gold per gram")
    func bnr() throws {
        let days = try Self.parse(.bnr, "bnr-nbrfxrates2026.xml")
        #expect(days.count == 157)
        #expect(days.first?.effectiveDate.description == "2026-01-05" && days.last?.effectiveDate.description == "2026-08-19")
        let march2 = try OfficialDocumentTests.on("2026-03-02", days)
        #expect(march2.baseCurrency == "RON")
        #expect(march2.rates["EUR"] == Self.decimal("5.0972"))
        #expect(march2.rates["USD"] == Self.decimal("4.343"))
        #expect(march2.rates["HUF"] == Self.decimal("0.013459"), "1.3459 per 100 HUF")
        #expect(march2.rates["KRW"] == Self.decimal("0.002983"), "0.2983 per 100 KRW")
        #expect(march2.rates["XAU"] == Self.decimal("752.0815"))
        #expect(march2.rates.count == 37)
    }

    @Test("Central Bank of Argentina: pesos per unit, zeros left out, MXP and VEB read as today's peso and bolívar")
    func bcra() throws {
        let day = try Self.only(try Self.parse(.bcra, "bcra-cotizaciones-2026-03-19.json"), on: "2026-03-19")
        #expect(day.baseCurrency == "ARS")
        #expect(day.rates["USD"] == Self.decimal("1394.5"))
        #expect(day.rates["JPY"] == Self.decimal("8.834896"))
        #expect(day.rates["MXN"] == Self.decimal("78.438321") && day.rates["MXP"] == nil)
        #expect(day.rates["VES"] == Self.decimal("3.1304543") && day.rates["VEB"] == nil)
        #expect(day.rates["XDR"] == Self.decimal("1894.5677"))
        #expect(day.rates["REF"] == nil && day.rates["CNH"] == nil, "the reference dollar again; the offshore yuan")
        // The peso itself, gold and silver are written 0.
        #expect(day.rates["ARS"] == nil && day.rates["XAU"] == nil)
    }

    static let documents: [(ProviderDeclaration, String, rate: String)] = [
        (.cbu, "cbu-all-2026-04-01.json", "\"12194.21\""), (.nbg, "nbg-currencies-2026-03-03.json", "2.6922"),
        (.nbt, "nbt-export-xml-2026-05-18.xml", "9.3450"), (.nbm, "nbm-official-exchange-rates-06-04-2026.xml", "17.6124"),
        (.cbar, "cbar-currencies.xml", ">1.7<"), (.nbk, "nbk-get-rates-01-04-2026.xml", "478.77"),
        (.cbt, "cbt-20052026.xml", ">3.5<"), (.bnr, "bnr-nbrfxrates2026.xml", "4.3430"),
        (.bcra, "bcra-cotizaciones-2026-03-19.json", "1394.5"), (.nbkr, "nbkr-daily.xml", "87,4500"),
        (.nbkrWeekly, "nbkr-weekly.xml", "117,4147"), (.nbrm, "nbrm-getexchangerate-30-05-2026-30-05-2026.json", "53.1075"),
        (.nbe, "nbe-filter-exchange-rates-2026-05-18.json", "183.7377"), (.nrb, "nrb-rates.json", "173.69"),
    ]

    @Test(
        "hostile documents are refused with a reason, never half-read: an HTML error page, a truncated file, nothing, a negative or a zero rate",
        arguments: documents.indices)
    func hostile(_ index: Int) throws {
        let (declaration, fixture, rate) = Self.documents[index]
        // The Central Bank of Argentina writes 0 for a currency it does not quote that day.
        try HostileDocuments.check(declaration, fixture, rate: rate, zeroIsARate: declaration.source != .bcra)
    }
}
