import CSV
import Core
import Foundation

extension RateSource {
    package static let nb = official(
        "nb", "Norges Bank", website: "https://www.norges-bank.no/en/topics/Statistics/exchange_rates/",
        home: "NOK", quotation: .basePerUnit, country: "NO", rateType: "reference rate",
        region: .europe, terms: "https://www.norges-bank.no/en/about/Terms-of-use/",
        publishes: PublicationTime(hour: 16, minute: 0, timeZone: "Europe/Oslo"), translated: Message("Norges Bank"))
}

/// Reads Norges Bank's exchange rates as SDMX CSV (`/api/data/EXR/B..NOK.SP?format=csvdata`):
/// one row per currency and day, `BASE_CUR` the currency, `UNIT_MULT` the power of ten it is
/// quoted per (2: per 100 units) and `OBS_VALUE` the kroner. Its two indices (TWI, I44) are not currencies.
private enum NorgesBankDocument {
    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let rows = try PublishedCSV.rows(data, what: "Norges Bank SDMX CSV")
        guard let header = rows.first, let currency = header.firstIndex(of: "BASE_CUR"), let quote = header.firstIndex(of: "QUOTE_CUR"),
            let multiplier = header.firstIndex(of: "UNIT_MULT"), let period = header.firstIndex(of: "TIME_PERIOD"),
            let value = header.firstIndex(of: "OBS_VALUE")
        else { throw .unreadable("not Norges Bank SDMX CSV (BASE_CUR, QUOTE_CUR, UNIT_MULT, TIME_PERIOD, OBS_VALUE)") }
        var days = PublishedDays(.nb)
        for (index, row) in rows.enumerated().dropFirst() where row.count > value {
            let code = row[currency]
            guard row[quote] == "NOK", Currency.isWellFormedCode(code), !indices.contains(code), !row[value].isEmpty else { continue }
            guard let date = CalendarDate(iso8601: row[period]), let power = Int(row[multiplier]), (0...9).contains(power),
                let rate = Decimal(published: row[value])
            else { throw .unreadable("line \(index + 1) is not a day, a unit and a rate") }
            var units = 1
            for _ in 0..<power { units *= 10 }
            try days.add(code, rate, units: units, on: date)
        }
        return try days.fetched()
    }

    private static let indices: Set<String> = ["TWI", "I44"]
}

extension ProviderDeclaration {
    static let nb = ProviderDeclaration(
        source: .nb, origin: "https://data.norges-bank.no",
        documents: .range(maxDays: unlimited) { days in
            "/api/data/EXR/B..NOK.SP?format=csvdata&startPeriod=\(days.lowerBound)&endPeriod=\(days.upperBound)"
        },
        parse: NorgesBankDocument.parse)
}
