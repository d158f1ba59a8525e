import Core
import Foundation

extension RateSource {
    package static let cbu = official(
        "cbu", "Central Bank of Uzbekistan", website: "https://cbu.uz/en/arkhiv-kursov-valyut/", home: "UZS", quotation: .basePerUnit,
        country: "UZ", rateType: "official rate", region: .centralAsia, terms: "https://cbu.uz/en/",
        publishes: .init(hour: 13, minute: 0, timeZone: "Asia/Tashkent"))
}

extension ProviderDeclaration {
    /// A day's JSON: `[{"Ccy": "IDR", "Nominal": "10", "Rate": "7.18", "Date": "01.04.2026"}]`,
    /// sums per `Nominal` units, numbers written as text.
    static let cbu = ProviderDeclaration(
        source: .cbu, origin: "https://cbu.uz",
        documents: .day(latest: "/en/arkhiv-kursov-valyut/json/") { "/en/arkhiv-kursov-valyut/json/all/\($0)/" },
        parse: { data throws(RatesProviderError) in
            struct Row: Decodable {
                let code: String
                let units: String
                let rate: String
                let date: String

                enum CodingKeys: String, CodingKey {
                    case code = "Ccy"
                    case units = "Nominal"
                    case rate = "Rate"
                    case date = "Date"
                }
            }
            var days = PublishedDays(.cbu)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "Central Bank of Uzbekistan rates") {
                guard let date = PublishedDate.dotted(row.date) else { throw .unreadable("a rate is dated \(row.date.prefix(20))") }
                guard Currency.isWellFormedCode(row.code) else { continue }
                guard let units = Int(row.units), let rate = Decimal(published: row.rate) else {
                    throw .unreadable("\(row.code)'s rate is \(row.rate.prefix(20)) per \(row.units.prefix(20)), not numbers")
                }
                try days.add(row.code, rate, units: units, on: date)
            }
            return try days.fetched()
        })
}
