import Core
import Foundation

extension RateSource {
    package static let rb = official(
        "rb", "Sveriges Riksbank", website: "https://www.riksbank.se/en-gb/statistics/", home: "SEK", quotation: .basePerUnit,
        country: "SE", rateType: "fixing rate", region: .europe, terms: "https://www.riksbank.se/en-gb/about-the-website/terms-of-use/",
        publishes: .init(hour: 16, minute: 0, timeZone: "Europe/Stockholm"))
}

extension ProviderDeclaration {
    /// `[{"seriesId": "SEKEURPMI", "date": "2026-03-24", "value": 10.8238}]` (the SWEA API's group
    /// 130): kronor per unit, a series `SEK<code>PMI` per currency; the helper series `SEKETT`
    /// (one krona in kronor) is not a rate.
    static let rb = ProviderDeclaration(
        source: .rb, origin: "https://api.riksbank.se",
        documents: .range(maxDays: 366) { "/swea/v1/Observations/ByGroup/130/\($0.lowerBound)/\($0.upperBound)" },
        parse: { data throws(RatesProviderError) in
            struct Row: Decodable {
                let seriesId: String
                let date: String
                let value: Decimal
            }
            var days = PublishedDays(.rb)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "Riksbank observations") {
                guard row.seriesId.count == 9, row.seriesId.hasPrefix("SEK"), row.seriesId.hasSuffix("PMI") else { continue }
                let code = String(row.seriesId.dropFirst(3).prefix(3))
                guard let date = CalendarDate(iso8601: row.date) else { throw .unreadable("\(code) is dated \(row.date.prefix(20))") }
                try days.add(code, row.value, on: date)
            }
            return try days.fetched()
        })
}
