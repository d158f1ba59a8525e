import Core
import Foundation

extension RateSource {
    // The documents do not say when a day's rates are out; the evening fetch finds them.
    package static let nbe = official(
        "nbe", "National Bank of Ethiopia", website: "https://nbe.gov.et/exchange-rate/", home: "ETB", quotation: .basePerUnit,
        country: "ET", rateType: "weighted average rate", region: .africa, terms: "https://nbe.gov.et/",
        publishes: .init(hour: 18, minute: 0, timeZone: "Africa/Addis_Ababa"), sides: true)
}

extension ProviderDeclaration {
    /// `{"success": true, "data": [{"date": "2026-05-18", "buying": "157.227", "selling":
    /// "158.7993", "weighted_average": "157.227", "currency": {"code": "USD"}}]}`: birr per unit.
    /// The bank's rate of the day is the weighted average of the banks' trades, which it
    /// publishes beside its buying and selling rates (for the dollar it is the buying rate, not
    /// their mean): that is the one stored.
    static let nbe = ProviderDeclaration(
        source: .nbe, origin: "https://api.nbe.gov.et",
        documents: .day(latest: nil) { "/api/filter-exchange-rates?date=\($0)" },
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                let data: [Row]
            }
            struct Row: Decodable {
                struct Named: Decodable { let code: String }
                let date: String
                let weightedAverage: String
                let buying: String?
                let selling: String?
                let currency: Named

                enum CodingKeys: String, CodingKey {
                    case date, currency, buying, selling
                    case weightedAverage = "weighted_average"
                }
            }
            var days = PublishedDays(.nbe)
            for row in try PublishedJSON.decode(Document.self, from: data, what: "National Bank of Ethiopia rates").data
            where Currency.isWellFormedCode(row.currency.code) {
                guard let date = CalendarDate(iso8601: row.date) else {
                    throw .unreadable("\(row.currency.code) is dated \(row.date.prefix(30))")
                }
                guard let rate = Decimal(published: row.weightedAverage) else {
                    throw .unreadable("\(row.currency.code)'s weighted average is \(row.weightedAverage.prefix(20)), not a number")
                }
                try days.add(row.currency.code, rate, on: date)
                try days.addSides(row.currency.code, bought: row.buying, sold: row.selling, on: date)
            }
            return try days.fetched()
        })
}
