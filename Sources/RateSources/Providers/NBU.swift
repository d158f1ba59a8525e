import Core
import Foundation

extension RateSource {
    package static let nbu = official(
        "nbu", "National Bank of Ukraine", website: "https://bank.gov.ua/en/markets/exchangerates",
        home: "UAH", quotation: .basePerUnit, country: "UA", rateType: "official rate",
        region: .europe, terms: "https://bank.gov.ua/en/about/terms",
        publishes: PublicationTime(hour: 15, minute: 30, timeZone: "Europe/Kyiv"), datesAhead: true,
        translated: Message("National Bank of Ukraine"))
}

/// Reads the National Bank of Ukraine's official rates (`/NBU_Exchange/exchange_site?…&json`):
/// `[{"exchangedate": "01.03.2026", "cc": "THB", "rate": 13.9116, "units": 10}]`, hryvnias per
/// `units` of the currency, for every calendar day (set the working day before).
private enum NBUDocument {
    private struct Row: Decodable {
        let exchangedate: String
        let cc: String
        let rate: Decimal
        let units: Int
    }

    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let rows = try PublishedJSON.decode([Row].self, from: data, what: "National Bank of Ukraine rates")
        var days = PublishedDays(.nbu)
        for row in rows {
            guard let date = PublishedDate.dotted(row.exchangedate) else { throw .unreadable("a rate is dated \(row.exchangedate)") }
            guard Currency.isWellFormedCode(row.cc) else { continue }
            try days.add(row.cc, row.rate, units: row.units, on: date)
        }
        return try days.fetched()
    }
}

extension ProviderDeclaration {
    static let nbu = ProviderDeclaration(
        source: .nbu, origin: "https://bank.gov.ua",
        documents: .range(maxDays: unlimited) { days in
            .get(
                "/NBU_Exchange/exchange_site?start=\(QueryDate.compact(days.lowerBound))&end=\(QueryDate.compact(days.upperBound))"
                    + "&json&sort=exchangedate&order=asc")
        },
        parse: NBUDocument.parse)
}
