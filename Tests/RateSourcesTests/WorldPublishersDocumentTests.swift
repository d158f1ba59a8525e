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

    static let documents: [(ProviderDeclaration, String, series: String?, rate: String)] = [
        (.amcm, "amcm-financial-info.json", nil, "\"8.0705\""), (.banguat, "banguat-tipocambio.xml", nil, ">7.6658<"),
        (.bcn, "bcn-serviciotc.xml", nil, ">36.6243<"), (.bcrp, "bcrp-ing.json", nil, "\"3.353\""),
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
