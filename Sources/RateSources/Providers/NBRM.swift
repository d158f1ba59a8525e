import Core
import Foundation

extension RateSource {
    // The documents do not say when a list is published; a list is formed on a business day for
    // the days after it, so the evening fetch finds it.
    package static let nbrm = official(
        "nbrm", "National Bank of the Republic of North Macedonia", website: "https://www.nbrm.mk", home: "MKD",
        quotation: .basePerUnit, country: "MK", rateType: "middle rate", region: .europe, terms: "https://www.nbrm.mk",
        publishes: .init(hour: 18, minute: 0, timeZone: "Europe/Skopje"), datesAhead: true)
}

extension ProviderDeclaration {
    /// `[{"rBr": 44, "datum": "2026-03-09T00:00:00", "datum_f": "2026-03-06T00:00:00", "oznaka":
    /// "USD", "nomin": 1, "sreden": 53.3648, …}]`: denars per `nomin` units, the middle rate
    /// (`sreden`) of list `rBr`. A list is formed on `datum_f` and is valid from the next day until
    /// the next list (Friday's for Saturday, Sunday and Monday), and the document repeats it for
    /// every day (`datum`) it is valid: each list is stored once, dated the day it is valid from.
    static let nbrm = ProviderDeclaration(
        source: .nbrm, origin: "https://www.nbrm.mk",
        documents: .range(maxDays: 92) {
            "/KLServiceNOV/GetExchangeRate?EndDate=\(QueryDate.dotted($0.upperBound))&StartDate=\(QueryDate.dotted($0.lowerBound))&format=json"
        },
        parse: { data throws(RatesProviderError) in
            struct Row: Decodable {
                let formed: String
                let oznaka: String
                let nomin: Int
                let sreden: Decimal

                enum CodingKeys: String, CodingKey {
                    case formed = "datum_f"
                    case oznaka, nomin, sreden
                }
            }
            var days = PublishedDays(.nbrm)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "a National Bank of North Macedonia rate list")
            where Currency.isWellFormedCode(row.oznaka) {
                guard let formed = CalendarDate(iso8601: String(row.formed.prefix(10))) else {
                    throw .unreadable("\(row.oznaka)'s list was formed on \(row.formed.prefix(30))")
                }
                // A list's later days repeat it; a repeat that differs is refused by `add`.
                try days.add(row.oznaka, row.sreden, units: row.nomin, on: formed.adding(days: 1))
            }
            return try days.fetched()
        })
}
