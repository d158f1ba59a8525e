import Core
import Foundation

extension RateSource {
    // The day's transfer rates are fixed at 12:30.
    package static let bam = official(
        "bam", "Bank Al-Maghrib", website: "https://apihelpdesk.centralbankofmorocco.ma/apis", home: "MAD", quotation: .basePerUnit,
        country: "MA", rateType: "mean transfer rate", region: .africa, terms: "https://www.bkam.ma/",
        publishes: .init(hour: 12, minute: 45, timeZone: "Africa/Casablanca"))
}

extension ProviderDeclaration {
    /// Needs a key (`BAM_API_KEY`, sent as `Ocp-Apim-Subscription-Key`). A day's JSON, `[{"date":
    /// "2026-03-25T12:30:00", "libDevise": "JPY", "moyen": 5.862, "uniteDevise": 100}]`: dirhams
    /// per `uniteDevise` units, the mean of the day's transfer rates; some days list a currency
    /// twice, alike. `MRO` is written for the ouguiya although its figure is today's `MRU`'s
    /// (23.569 dirhams per 100, with the dollar at 9.33: 39.6 ouguiyas per dollar, the MRU's
    /// rate, not the ten times larger MRO's): stored as MRU.
    static let bam: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .bam, origin: "https://api.centralbankofmorocco.ma",
            documents: .day(latest: nil) { "/cours/Version1/api/CoursVirement?date=\($0)T12:30:00" },
            parse: { data throws(RatesProviderError) in
                struct Row: Decodable {
                    let date: String
                    let libDevise: String
                    let moyen: Decimal
                    let uniteDevise: Int
                }
                var days = PublishedDays(.bam)
                for row in try PublishedJSON.decode([Row].self, from: data, what: "Bank Al-Maghrib transfer rates")
                where Currency.isWellFormedCode(row.libDevise) {
                    guard let date = CalendarDate(iso8601: String(row.date.prefix(10))) else {
                        throw .unreadable("\(row.libDevise) is dated \(row.date.prefix(30))")
                    }
                    try days.add(row.libDevise == "MRO" ? "MRU" : row.libDevise, row.moyen, units: row.uniteDevise, on: date)
                }
                return try days.fetched()
            })
        declaration.key = .header("Ocp-Apim-Subscription-Key")
        return declaration
    }()
}
