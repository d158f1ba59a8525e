import Foundation
import TestSupport
import Testing

@testable import Core
@testable import RateSources

/// The buying and selling rates publishers write beside their mid, read from their recorded
/// documents: figures written out by hand from the files. The mid each day stores is what it
/// was; a side is per one unit, like the mid.
@Suite("Buying and selling rates: each publisher's own two figures beside its mid")
struct RateSidesDocumentTests {
    static let decimal = OfficialDocumentTests.decimal

    static func day(
        _ declaration: ProviderDeclaration, _ fixture: String, series: String? = nil, on date: String
    ) throws -> FetchedRates {
        let data = try OfficialDocumentTests.fixture(fixture)
        let named = series.flatMap { code in declaration.seriesList.first { $0.code == code } }
        return try OfficialDocumentTests.on(date, try declaration.parse(data, series: named))
    }

    /// The buying and selling rate of `code` on `day`, as text.
    static func sides(_ day: FetchedRates, _ code: String) -> [String]? {
        guard let buying = day.sides.buying[code], let selling = day.sides.selling[code] else { return nil }
        return [buying.plainText, selling.plainText]
    }

    @Test("TCMB: the forex buying (A) and selling (S) series, lira per unit, per 100 yen; the mid their mean, as before")
    func tcmb() throws {
        let march3 = try Self.day(.tcmb, "tcmb-series-tp-dk-aed-a-ytl-tp-dk-aed-s-ytl-t.json", on: "2026-03-03")
        #expect(Self.sides(march3, "USD") == ["43.885", "43.964"])
        #expect(march3.rates["USD"] == Self.decimal("43.9245"), "(43.8850 + 43.9640) ÷ 2")
        #expect(Self.sides(march3, "JPY") == ["0.278925", "0.280772"], "27.8925 and 28.0772 per 100 yen")
        #expect(march3.sides.buying.count == march3.rates.count && march3.sides.selling.count == march3.rates.count)
    }

    @Test("BCB: the closing PTAX bulletin's buying (cotacaoCompra) and selling (cotacaoVenda) rates, reais per unit")
    func bcb() throws {
        let march2 = try Self.day(.bcb, "bcb-cotacaomoedaperiodo-usd.json", series: "USD", on: "2026-03-02")
        #expect(Self.sides(march2, "USD") == ["5.1995", "5.2001"])
        #expect(march2.rates["USD"] == Self.decimal("5.1998"))
    }

    @Test("Bank Negara Malaysia: the 9:00 session's buying and selling rates beside its middle rate, written as floats")
    func bnm() throws {
        let march2 = try Self.day(.bnm, "bnm-month-usd.json", series: "USD", on: "2026-03-02")
        #expect(Self.sides(march2, "USD") == ["3.91", "3.916"] && march2.rates["USD"] == Self.decimal("3.913"))
    }

    @Test("Bank of Thailand: the buying rate for transfers (not sight bills) and the selling rate, beside the mid")
    func bot() throws {
        let april3 = try Self.day(.bot, "bot-daily-avg-exg-rate.json", on: "2026-04-03")
        #expect(Self.sides(april3, "USD") == ["32.4857", "32.8039"] && april3.rates["USD"] == Self.decimal("32.6448"))
    }

    @Test(
        "Central Bank of Nigeria, National Bank of Ethiopia, Banque Nationale du Rwanda, Reserve Bank of Malawi: buying and selling beside the rate stored"
    )
    func africa() throws {
        let nigeria = try Self.day(.cbn, "cbn-getallexchangerates.json", on: "2026-05-21")
        #expect(Self.sides(nigeria, "XOF") == ["2.41", "2.43"] && nigeria.rates["XOF"] == Self.decimal("2.42"))
        #expect(Self.sides(nigeria, "CNY") == ["201.5207", "201.6676"])
        let ethiopia = try Self.day(.nbe, "nbe-filter-exchange-rates-2026-05-18.json", on: "2026-05-18")
        #expect(Self.sides(ethiopia, "USD") == ["157.227", "158.7993"] && ethiopia.rates["USD"] == Self.decimal("157.227"))
        #expect(Self.sides(ethiopia, "EUR") == ["182.8236", "184.6518"] && ethiopia.rates["EUR"] == Self.decimal("183.7377"))
        let rwanda = try Self.day(.bnrrw, "bnrrw-currency-history-usd.json", series: "USD", on: "2026-05-19")
        #expect(Self.sides(rwanda, "USD") == ["1458.065", "1468.065"] && rwanda.rates["USD"] == Self.decimal("1463.065"))
        let malawi = try Self.day(.rbm, "rbm-exchangeratesfilter.html", on: "2024-01-02")
        #expect(Self.sides(malawi, "USD") == ["1666.7326", "1700"] && malawi.rates["USD"] == Self.decimal("1683.3663"))
    }

    @Test(
        "Bank of Tanzania, National Bank of Cambodia, Central Bank of Egypt, Banque Centrale du Congo, Bank Indonesia: buying and selling beside the mid"
    )
    func more() throws {
        let tanzania = try Self.day(.bota, "bota-previous-rates-2.html", on: "2026-05-19")
        #expect(Self.sides(tanzania, "USD") == ["2589.05", "2615.06"], "2,589.0,500 and 2,615.0,600")
        #expect(tanzania.rates["USD"] == Self.decimal("2602.0545"), "the bank's own mean, as before")
        let cambodia = try Self.day(.nbc, "nbc-exchange-rate-2026-05-18.html", on: "2026-05-18")
        #expect(Self.sides(cambodia, "JPY") == ["25.33", "25.58"], "bid 2533 and ask 2558 per 100 yen")
        let egypt = try Self.day(.cbe, "cbe-gethistoricaldata.xlsx", on: "2026-04-09")
        #expect(Self.sides(egypt, "USD") == ["53.0734", "53.2067"] && egypt.rates["USD"] == Self.decimal("53.14005"))
        let congo = try Self.day(.bcccd, "bcccd-cours-de-change.txt", on: "2026-09-01")
        #expect(Self.sides(congo, "USD") == ["2212.52", "2314.62"] && congo.rates["USD"] == Self.decimal("2263.57"))
        let indonesia = try Self.day(.bi, "bi-default-aud.html", series: "AUD", on: "2026-03-05")
        #expect(Self.sides(indonesia, "AUD") == ["11827.3", "11949.58"] && indonesia.rates["AUD"] == Self.decimal("11888.44"))
    }

    @Test("a provider declares the sides its recorded documents hold, and only those")
    func declared() throws {
        for declaration in RecordedCoverageTests.recordedDeclarations {
            let written = try RecordedDocuments.days(of: declaration).contains { !$0.sides.isEmpty }
            let declared = declaration.source.sides
            #expect(declared == (written ? [.mid, .buying, .selling] : [.mid]), "\(declaration.source.id)")
        }
        #expect(RateSource.ecb.sides == [.mid] && RateSource.exchangeRateAPI.sides == [.mid])
    }

    @Test("a publisher without sides has none; a side is never kept for a currency without a rate")
    func none() throws {
        let poland = try #require(
            try ProviderDeclaration.nbp.parse(try OfficialDocumentTests.fixture("nbp-table-a-2026-03-01..05.json")).first)
        #expect(poland.sides.isEmpty)
        // Two different pairs for one currency on one day refuse the document, as two mids do.
        var days = PublishedDays(.tcmb)
        let day = try #require(CalendarDate(iso8601: "2026-03-03"))
        try days.addMean("USD", bought: "43.885", sold: "43.964", on: day)
        #expect(throws: RatesProviderError.self) { try days.addSides("USD", buying: 43.9, selling: 43.964, on: day) }
        var orphan = PublishedDays(.tcmb)
        try orphan.add("EUR", 51, on: day)
        try orphan.addSides("USD", buying: 43.885, selling: 43.964, on: day)
        #expect(throws: RatesProviderError.unreadable("USD on 2026-03-03 has buying and selling rates but no rate")) {
            try orphan.fetched()
        }
    }
}
