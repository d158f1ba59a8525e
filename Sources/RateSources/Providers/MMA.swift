import Core
import Foundation

extension RateSource {
    // The day's reference rate is published in the afternoon.
    package static let mma = official(
        "mma", "Maldives Monetary Authority", website: "https://www.mma.gov.mv/#/statistics/exchange-rates", home: "MVR",
        quotation: .basePerUnit, country: "MV", rateType: "reference rate", region: .asiaPacific, terms: "https://www.mma.gov.mv/",
        publishes: .init(hour: 15, minute: 0, timeZone: "Indian/Maldives"))
}

extension ProviderDeclaration {
    /// One file of every day since April 2011, newest first: `[{"Date": "21 May 2026", "Rate":
    /// "15.42"}]`, rufiyaa per dollar, months written out in full (`26 April 2011`).
    static let mma = ProviderDeclaration(
        source: .mma, origin: "https://www.mma.gov.mv", documents: .whole("/JSON/referencerates.json"), minimumCurrencies: 1,
        parse: { data throws(RatesProviderError) in
            struct Row: Decodable {
                let date: String
                let rate: String
                enum CodingKeys: String, CodingKey {
                    case date = "Date"
                    case rate = "Rate"
                }
            }
            var days = PublishedDays(.mma)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "Maldives Monetary Authority reference rates") {
                guard let date = PublishedDate.withFullMonthName(row.date), let rate = Decimal(published: row.rate) else {
                    throw .unreadable("the rate of \(row.date.prefix(20)) is \(row.rate.prefix(20))")
                }
                try days.add("USD", rate, on: date)
            }
            return try days.fetched()
        })
}
