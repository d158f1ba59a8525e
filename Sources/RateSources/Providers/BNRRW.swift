import Core
import Foundation

extension RateSource {
    // The day's rates are posted in the morning.
    package static let bnrrw = official(
        "bnrrw", "Banque Nationale du Rwanda", website: "https://www.bnr.rw/", home: "RWF", quotation: .basePerUnit, country: "RW",
        rateType: "average rate", region: .africa, terms: "https://www.bnr.rw/",
        publishes: .init(hour: 11, minute: 0, timeZone: "Africa/Kigali"), sides: true)
}

extension ProviderDeclaration {
    /// A document per currency over a range, `[{"currency_name": "USD", "buying_rate":
    /// "1458.065", "average_rate": "1463.065", "selling_rate": "1468.065", "post_date":
    /// "19-May-26"}]`: francs per unit, the bank's average rate stored; days written with a
    /// month's name and a two-digit year, not in order.
    static let bnrrw = ProviderDeclaration(
        source: .bnrrw, origin: "https://fxrates.bnr.rw",
        series: ["USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "CNY", "INR", "ZAR", "AED", "SAR", "KES", "UGX", "TZS", "BIF"].map {
            .init($0)
        },
        documents: { series in
            .range(maxDays: 366) { "/currency_history/?currency_name=\(series.code)&end_date=\($0.upperBound)&start_date=\($0.lowerBound)" }
        },
        minimumCurrencies: 1,
        parse: { data, series throws(RatesProviderError) in
            struct Row: Decodable {
                let currency: String
                let average: String
                let buying: String?
                let selling: String?
                let day: String
                enum CodingKeys: String, CodingKey {
                    case currency = "currency_name"
                    case average = "average_rate"
                    case buying = "buying_rate"
                    case selling = "selling_rate"
                    case day = "post_date"
                }
            }
            var days = PublishedDays(.bnrrw)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "Banque Nationale du Rwanda rates") {
                guard row.currency == series.code else { throw .unreadable("\(series.code)'s document holds \(row.currency.prefix(10))") }
                guard let date = PublishedDate.withMonthName(row.day, separator: "-"), let rate = Decimal(published: row.average) else {
                    throw .unreadable("\(row.currency) on \(row.day.prefix(20)) is \(row.average.prefix(20))")
                }
                try days.add(row.currency, rate, on: date)
                try days.addSides(row.currency, bought: row.buying, sold: row.selling, on: date)
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
