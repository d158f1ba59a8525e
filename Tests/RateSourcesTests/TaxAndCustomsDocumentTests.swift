import Foundation
import Testing

@testable import Core
@testable import RateSources

/// The tax and customs authorities' documents as served, read into the rates in force from
/// each day: figures written out by hand from the files, each quirk named.
@Suite("Tax and customs rates: HMRC's months, InforEuro's months, the US Treasury's quarters and amendments, Switzerland's days and months")
struct TaxAndCustomsDocumentTests {
    static let decimal = OfficialDocumentTests.decimal

    static func parse(_ declaration: ProviderDeclaration, _ fixture: String, month: String? = nil) throws -> [FetchedRates] {
        try declaration.parse(try OfficialDocumentTests.fixture(fixture), month: month.flatMap(CalendarDate.init(iso8601:)))
    }

    @Test("They are a kind of their own: fetched, never blended, each rate in force until the next")
    func kind() {
        let catalog = ProviderKit.catalog()
        for source in [RateSource.hmrc, .inforeuro, .ust, .bazg, .estv] {
            #expect(source.kind == .taxAndCustoms && !source.isOfficial)
            #expect(catalog.taxAndCustoms.contains(source) && catalog.fetchable.contains(source))
            #expect(!catalog.official.contains(source), "never in the blend")
        }
        #expect(RateSource.hmrc.cadence == .monthly && RateSource.inforeuro.cadence == .monthly && RateSource.ust.cadence == .quarterly)
        #expect(RateSource.bazg.cadence == .daily && RateSource.estv.cadence == .monthly)
        #expect(RateSource.bazg.datesAhead && RateSource.estv.datesAhead, "both publish ahead of the days they are for")
    }

    @Test("HMRC: units per pound for a calendar month, stored on its first day; a currency of several countries listed for each")
    func hmrc() throws {
        let september = try #require(try Self.parse(.hmrc, "hmrc-monthly-csv-2026-9.csv").first)
        #expect(september.effectiveDate.description == "2026-09-01" && september.baseCurrency == "GBP")
        #expect(september.quotation == .unitsPerBase)
        #expect(september.rates["USD"] == Self.decimal("1.3554") && september.rates["EUR"] == Self.decimal("1.1681"))
        #expect(september.rates["JPY"] == Self.decimal("215.6954"))
        #expect(september.rates["XOF"] == Self.decimal("766.2127"), "Benin, Burkina Faso, … Togo: one rate")
        #expect(september.rates["AED"] == Self.decimal("4.9776"), "Abu Dhabi, Dubai and the Emirates")
        #expect(september.rates.count == 141)
        let january2021 = try #require(try Self.parse(.hmrc, "hmrc-monthly-csv-2021-1.csv").first)
        #expect(january2021.effectiveDate.description == "2021-01-01" && january2021.rates["HRK"] == Self.decimal("8.3424"))
        #expect(try Self.parse(.hmrc, "hmrc-monthly-csv-2026-8.csv").map(\.effectiveDate.description) == ["2026-08-01"])
        // A row in force for something other than its calendar month is not a monthly rate.
        let served = String(decoding: try OfficialDocumentTests.fixture("hmrc-monthly-csv-2026-9.csv"), as: UTF8.self)
        let shifted = served.replacingOccurrences(
            of: "Albania,Lek,ALL,108.1569,01/09/2026,30/09/2026", with: "Albania,Lek,ALL,108.1569,15/09/2026,30/09/2026")
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.hmrc.parse(Data(shifted.utf8)) }
    }

    @Test("HMRC's XML form: the same month's rates, its period named in the list; the form HMRC served before the CSV")
    func hmrcXML() throws {
        let august2025 = try #require(try Self.parse(.hmrc, "hmrc-monthly-xml-2025-08.xml").first)
        #expect(august2025.effectiveDate.description == "2025-08-01" && august2025.baseCurrency == "GBP")
        #expect(august2025.rates["USD"] == Self.decimal("1.3541") && august2025.rates["EUR"] == Self.decimal("1.1547"))
        #expect(august2025.rates["JPY"] == Self.decimal("197.9633") && august2025.rates["CHF"] == Self.decimal("1.0742"))
        #expect(august2025.rates.count == 142, "164 entries, a currency of several countries once")
        // HMRC's own file of January 2020: CRLF line ends, names with trailing spaces.
        let january2020 = try #require(try Self.parse(.hmrc, "hmrc-exrates-monthly-0120.xml").first)
        #expect(january2020.effectiveDate.description == "2020-01-01")
        #expect(january2020.rates["USD"] == Self.decimal("1.3071") && january2020.rates["EUR"] == Self.decimal("1.1748"))
        #expect(january2020.rates["JPY"] == Self.decimal("143.24") && january2020.rates["CHF"] == Self.decimal("1.2826"))
        #expect(january2020.rates.count == 145)
        // A list for a period that is not a calendar month is refused.
        let served = String(decoding: try OfficialDocumentTests.fixture("hmrc-monthly-xml-2025-08.xml"), as: UTF8.self)
        let shifted = served.replacingOccurrences(of: "01/Aug/2025 to 31/Aug/2025", with: "15/Aug/2025 to 14/Sep/2025")
        #expect(throws: RatesProviderError.self) { try ProviderDeclaration.hmrc.parse(Data(shifted.utf8)) }
    }

    @Test("HMRC's months from January 2021 are asked for as CSV, earlier ones as XML")
    func hmrcForms() throws {
        guard case .month(let request) = ProviderDeclaration.hmrc.documents else {
            Issue.record("not monthly")
            return
        }
        #expect(request(2021, 1).pathAndQuery == "/uk/api/exchange_rates/files/monthly_csv_2021-1.csv")
        #expect(request(2026, 9).pathAndQuery == "/uk/api/exchange_rates/files/monthly_csv_2026-9.csv")
        #expect(request(2020, 1).pathAndQuery == "/api/v2/exchange_rates/files/monthly_xml_2020-01.xml")
        #expect(request(2020, 12).pathAndQuery == "/api/v2/exchange_rates/files/monthly_xml_2020-12.xml")
    }

    @Test("BAZG: francs per 1 to 10000 units; Friday's list, set on the 24th, is valid from Saturday the 25th and stored once, dated then")
    func bazg() throws {
        let days = try Self.parse(.bazg, "bazg-xmldaily-20260724.xml")
        #expect(days.map(\.effectiveDate.description) == ["2026-07-25"])
        let list = try #require(days.first)
        #expect(list.baseCurrency == "CHF" && list.quotation == .basePerUnit && list.rates.count == 72 && list.rates["CHF"] == nil)
        #expect(list.rates["EUR"] == Self.decimal("0.93883") && list.rates["USD"] == Self.decimal("0.82497"))
        #expect(list.rates["EGP"] == Self.decimal("0.0160858"), "100 EGP = 1.60858")
        #expect(list.rates["JPY"] == Self.decimal("0.0050357"), "100 JPY = 0.50357")
        #expect(list.rates["IDR"] == Self.decimal("0.000045902"), "10000 IDR = 0.45902")
        #expect(list.rates["VND"] == Self.decimal("0.00003133"), "10000 VND = 0.31330")
        #expect(list.rates["CLP"] == Self.decimal("0.00087211"), "1000 CLP = 0.87211")
        let served = String(decoding: try OfficialDocumentTests.fixture("bazg-xmldaily-20260724.xml"), as: UTF8.self)
        for (planted, why) in [
            ("<gueltigkeit>24.07.2026,25.07.2026</gueltigkeit>", "valid on the day it is set"),
            ("<gueltigkeit></gueltigkeit>", "valid on no day"),
            ("<gueltigkeit>25.07.2026,27.13.2026</gueltigkeit>", "a day that is none"),
        ] {
            let hostile = served.replacingOccurrences(of: "<gueltigkeit>25.07.2026,26.07.2026,27.07.2026</gueltigkeit>", with: planted)
            #expect(throws: RatesProviderError.self, "\(why)") { try ProviderDeclaration.bazg.parse(Data(hostile.utf8)) }
        }
        let mislabelled = served.replacingOccurrences(of: "<waehrung>1 USD</waehrung>", with: "<waehrung>1 CAD</waehrung>")
        #expect(throws: RatesProviderError.self, "the code and the units name two currencies") {
            try ProviderDeclaration.bazg.parse(Data(mislabelled.utf8))
        }
    }

    @Test("ESTV: the monthly averages for VAT, francs per 1 to 10000 units, stored on the first day of the month they apply to")
    func estv() throws {
        let days = try Self.parse(.estv, "estv-xmlavgmonth-2026-08.xml")
        #expect(days.map(\.effectiveDate.description) == ["2026-08-01"])
        let august = try #require(days.first)
        #expect(august.baseCurrency == "CHF" && august.quotation == .basePerUnit && august.rates.count == 72)
        #expect(august.rates["EUR"] == Self.decimal("0.9328") && august.rates["USD"] == Self.decimal("0.8175"))
        #expect(august.rates["DKK"] == Self.decimal("0.124792"), "100 DKK = 12.4792")
        #expect(august.rates["JPY"] == Self.decimal("0.005037") && august.rates["VND"] == Self.decimal("0.00003113"))
        #expect(RateSource.Cadence.monthly.lastDayInForce(of: august.effectiveDate).description == "2026-08-31")
        #expect(ProviderDeclaration.estv.latest?.pathAndQuery == "/api/xmlavgmonth")
        #expect(
            ProviderDeclaration.estv.origin == ProviderDeclaration.bazg.origin && ProviderDeclaration.estv.sameOrigin == RateSource.bazg.id)
    }

    @Test("InforEuro: units per euro as floats, stored on the first day of the month asked for (the document names none)")
    func inforeuro() throws {
        let december1998 = try #require(try Self.parse(.inforeuro, "inforeuro-monthly-rates.json", month: "1998-12-01").first)
        #expect(december1998.effectiveDate.description == "1998-12-01" && december1998.baseCurrency == "EUR")
        #expect(december1998.rates["USD"] == Self.decimal("1.15074") && december1998.rates["JPY"] == Self.decimal("141.196"))
        #expect(december1998.rates["GBP"] == Self.decimal("0.694555"))
        #expect(december1998.rates["DEM"] == Self.decimal("1.96028"), "the currencies of its time")
        #expect(december1998.rates["IDR"] == Self.decimal("8422.04") && december1998.rates.count == 175)
        #expect(throws: RatesProviderError.unreadable("a document of no month")) {
            try ProviderDeclaration.inforeuro.parse(try OfficialDocumentTests.fixture("inforeuro-monthly-rates.json"))
        }
    }

    @Test("US Treasury: a table a quarter on its record date, and each amendment's day the whole table then in force")
    func ust() throws {
        let days = try Self.parse(.ust, "ust-rates-of-exchange.json")
        #expect(
            days.map(\.effectiveDate.description) == [
                "2026-03-31", "2026-04-30", "2026-05-29", "2026-06-30", "2026-07-15", "2026-08-14", "2026-08-31",
            ])
        let march = try OfficialDocumentTests.on("2026-03-31", days)
        #expect(march.baseCurrency == "USD" && march.quotation == .unitsPerBase)
        #expect(march.rates["EUR"] == Self.decimal("0.87") && march.rates["JPY"] == Self.decimal("159.41"))
        #expect(march.rates["RUB"] == Self.decimal("81.55") && march.rates["USD"] == nil, "Ecuador's and Palau's dollars left out")
        #expect(
            march.rates["XOF"] == Self.decimal("567") && march.rates["XAF"] == Self.decimal("570.79"),
            "eight countries and six, one rate each")
        // The ruble amended from 30 April; the shekel and the bolívar from 29 May, the ruble's amendment still in force.
        let april = try OfficialDocumentTests.on("2026-04-30", days)
        #expect(april.rates["RUB"] == Self.decimal("73.2") && april.rates["ILS"] == Self.decimal("3.165"))
        #expect(april.rates.count == march.rates.count && april.rates["EUR"] == Self.decimal("0.87"))
        let may = try OfficialDocumentTests.on("2026-05-29", days)
        #expect(may.rates["RUB"] == Self.decimal("73.2") && may.rates["ILS"] == Self.decimal("2.807"))
        #expect(may.rates["VES"] == Self.decimal("547.998"))
        // The next quarter's table replaces every rate, amended ones included.
        let june = try OfficialDocumentTests.on("2026-06-30", days)
        #expect(june.rates["RUB"] == Self.decimal("78.5") && june.rates["EUR"] == Self.decimal("0.877"))
        let august = try OfficialDocumentTests.on("2026-08-31", days)
        #expect(august.rates["KRW"] == Self.decimal("1367.46") && august.rates["RUB"] == Self.decimal("86.6"))
        #expect(august.rates["SSP"] == Self.decimal("5700") && august.rates["VES"] == Self.decimal("723.933"))
        #expect(august.rates["BIF"] == Self.decimal("3443"), "amended on 15 July")
        // Every name in the table is known: a code for each.
        #expect(Set(days.flatMap(\.rates.keys)).count == 146)
    }

    @Test(
        "Their periods: a month's rate in force through its month and a week after; a quarter's through the day before the next record date and three weeks after"
    )
    func inForce() throws {
        let monthly = RateSource.Cadence.monthly, quarterly = RateSource.Cadence.quarterly
        func day(_ text: String) throws -> CalendarDate { try #require(CalendarDate(iso8601: text)) }
        #expect(monthly.lastDayInForce(of: try day("2026-09-01")) == (try day("2026-09-30")))
        #expect(monthly.isInForce(try day("2026-09-01"), on: try day("2026-10-07")))
        #expect(!monthly.isInForce(try day("2026-09-01"), on: try day("2026-10-08")))
        #expect(!monthly.isInForce(try day("2026-09-01"), on: try day("2026-08-31")))
        #expect(quarterly.lastDayInForce(of: try day("2026-06-30")) == (try day("2026-09-29")))
        #expect(quarterly.lastDayInForce(of: try day("2026-08-14")) == (try day("2026-09-29")), "an amendment until the next table")
        #expect(quarterly.isInForce(try day("2026-06-30"), on: try day("2026-10-20")))
        #expect(!quarterly.isInForce(try day("2026-06-30"), on: try day("2026-10-21")))
        #expect(RateSource.Cadence.daily.isInForce(try day("2020-01-02"), on: try day("2026-01-01")), "a day's rate is not cut off here")
    }

    static let documents: [(ProviderDeclaration, String, month: String?, rate: String)] = [
        (.hmrc, "hmrc-monthly-csv-2026-9.csv", nil, "1.3554"), (.inforeuro, "inforeuro-monthly-rates.json", "1998-12-01", "141.196"),
        (.ust, "ust-rates-of-exchange.json", nil, "\"159.41\""), (.hmrc, "hmrc-monthly-xml-2025-08.xml", nil, "1.3541"),
        (.bazg, "bazg-xmldaily-20260724.xml", nil, "0.82497"), (.estv, "estv-xmlavgmonth-2026-08.xml", nil, "0.8175"),
    ]

    @Test(
        "hostile documents are refused with a reason, never half-read: an HTML error page, a truncated file, nothing, a negative or a zero rate",
        arguments: documents.indices)
    func hostile(_ index: Int) throws {
        let (declaration, fixture, month, rate) = Self.documents[index]
        try HostileDocuments.check(declaration, fixture, rate: rate, month: month.flatMap(CalendarDate.init(iso8601:)))
    }
}
