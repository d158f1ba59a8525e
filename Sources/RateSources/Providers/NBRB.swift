import Core
import Foundation

extension RateSource {
    package static let nbrb = official(
        "nbrb", "National Bank of the Republic of Belarus", website: "https://www.nbrb.by/engl/statistics/rates/ratesdaily.asp",
        home: "BYN", quotation: .basePerUnit, country: "BY", rateType: "official rate", region: .europe, terms: "https://www.nbrb.by/engl/",
        publishes: .init(hour: 12, minute: 0, timeZone: "Europe/Minsk"))
}

extension ProviderDeclaration {
    /// A document per currency and run of days, asked for by the bank's own id of the currency:
    /// `[{"Cur_ID": 431, "Date": "2026-03-01T00:00:00", "Cur_OfficialRate": 2.8523}]`, roubles per
    /// the currency's scale (its `Cur_Scale` in the bank's list: 100 JPY, 100,000 IRR), which
    /// these documents do not repeat; the rate of a weekend is set on Friday and dated each day.
    static let nbrb = ProviderDeclaration(
        source: .nbrb, origin: "https://api.nbrb.by",
        series: [
            ("AED", 513, 10), ("AMD", 510, 1000), ("AUD", 440, 1), ("BRL", 514, 10), ("CAD", 371, 1), ("CHF", 426, 1),
            ("CNY", 462, 10), ("CZK", 463, 100), ("DKK", 450, 10), ("EUR", 451, 1), ("GBP", 429, 1), ("INR", 511, 100),
            ("IRR", 461, 100_000), ("ISK", 453, 100), ("JPY", 508, 100), ("KGS", 458, 100), ("KWD", 394, 1), ("KZT", 459, 1000),
            ("MDL", 454, 10), ("NOK", 455, 10), ("NZD", 448, 1), ("PLN", 452, 10), ("RUB", 456, 100), ("SEK", 464, 10),
            ("SGD", 421, 1), ("TRY", 460, 10), ("UAH", 449, 100), ("USD", 431, 1), ("VND", 512, 100_000), ("XDR", 457, 1),
        ].map { Series($0, key: String($1), units: $2) },
        documents: { series in
            .range(maxDays: 365) { "/exrates/rates/dynamics/\(series.key)?endDate=\($0.upperBound)&startDate=\($0.lowerBound)" }
        },
        parse: { data, series throws(RatesProviderError) in
            struct Row: Decodable {
                let id: Int
                let date: String
                let rate: Decimal

                enum CodingKeys: String, CodingKey {
                    case id = "Cur_ID"
                    case date = "Date"
                    case rate = "Cur_OfficialRate"
                }
            }
            var days = PublishedDays(.nbrb)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "National Bank of Belarus rates") {
                guard String(row.id) == series.key else {
                    throw .unreadable("asked for \(series.code), answered currency \(row.id)")
                }
                guard let date = CalendarDate(iso8601: String(row.date.prefix(10))) else {
                    throw .unreadable("\(series.code) is dated \(row.date.prefix(24))")
                }
                try days.add(series.code, row.rate, units: series.units, on: date)
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
