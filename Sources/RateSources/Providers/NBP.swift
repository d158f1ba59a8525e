import Core
import Foundation

extension RateSource {
    package static let nbp = official(
        "nbp", "National Bank of Poland", website: "https://nbp.pl/en/statistic-and-financial-reporting/rates/",
        home: "PLN", quotation: .basePerUnit, country: "PL", rateType: "average rate, table A",
        region: .europe, terms: "https://api.nbp.pl/en.html",
        publishes: PublicationTime(hour: 12, minute: 15, timeZone: "Europe/Warsaw"), translated: Message("National Bank of Poland"))
    /// Table B: about 115 less-traded currencies, published on Wednesdays.
    package static let nbpB = official(
        "nbp.b", "National Bank of Poland, table B", website: "https://nbp.pl/en/statistic-and-financial-reporting/rates/",
        home: "PLN", quotation: .basePerUnit, country: "PL", rateType: "average rate, table B", cadence: .weekly,
        region: .europe, terms: "https://api.nbp.pl/en.html",
        publishes: PublicationTime(hour: 12, minute: 15, timeZone: "Europe/Warsaw"),
        translated: Message("National Bank of Poland, table B"))
}

/// Reads the National Bank of Poland's tables of average rates (`/api/exchangerates/tables/A/…`
/// and `/B/…`): `[{"table": "A", "effectiveDate": "2026-03-02", "rates": [{"code": "USD",
/// "mid": 3.6056}]}]`, Polish złoty per one unit. Table A is daily; table B, weekly, holds about
/// 115 less-traded currencies and is a source of its own (`nbp.b`).
private enum NBPDocument {
    private struct Table: Decodable {
        let table: String
        let effectiveDate: String
        let rates: [Row]
    }

    private struct Row: Decodable {
        let code: String
        let mid: Decimal
    }

    static func parse(_ data: Data, table expected: String) throws(RatesProviderError) -> [FetchedRates] {
        let tables = try PublishedJSON.decode([Table].self, from: data, what: "National Bank of Poland tables")
        var days = PublishedDays(expected == "B" ? .nbpB : .nbp)
        for table in tables {
            guard table.table == expected else { throw .unreadable("table \(table.table) where table \(expected) was asked for") }
            guard let date = CalendarDate(iso8601: table.effectiveDate) else {
                throw .unreadable("a table is effective on \(table.effectiveDate)")
            }
            for row in table.rates where Currency.isWellFormedCode(row.code) {
                try days.add(row.code, row.mid, on: date)
            }
        }
        return try days.fetched()
    }
}

extension ProviderDeclaration {
    static let nbp = table("A", of: .nbp)
    static let nbpB = table("B", of: .nbpB)

    /// The NBP answers at most 93 days per request, and 404 "Brak danych" for a run without a table.
    private static func table(_ table: String, of source: RateSource) -> ProviderDeclaration {
        var declaration = ProviderDeclaration(
            source: source, origin: "https://api.nbp.pl",
            documents: .range(maxDays: 93) { days in
                "/api/exchangerates/tables/\(table)/\(days.lowerBound)/\(days.upperBound)/?format=json"
            },
            parse: { data throws(RatesProviderError) in try NBPDocument.parse(data, table: table) })
        declaration.emptyStatus = 404
        // Table B is the same publisher: NBP_BASE_URL moves it too, unless NBP_B_BASE_URL is set.
        if source.id != RateSource.nbp.id { declaration.sameOrigin = RateSource.nbp.id }
        return declaration
    }
}
