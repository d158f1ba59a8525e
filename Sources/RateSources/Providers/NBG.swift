import Core
import Foundation

extension RateSource {
    package static let nbg = official(
        "nbg", "National Bank of Georgia", website: "https://nbg.gov.ge/en/monetary-policy/currency", home: "GEL",
        quotation: .basePerUnit, country: "GE", rateType: "official rate", region: .centralAsia, terms: "https://nbg.gov.ge/en/",
        publishes: .init(hour: 17, minute: 0, timeZone: "Asia/Tbilisi"), datesAhead: true)
}

extension ProviderDeclaration {
    /// `[{"date": "2026-02-28T00:00:00.000Z", "currencies": [{"code": "AMD", "quantity": 1000,
    /// "rate": 7.096, "validFromDate": …}]}]`, lari per `quantity` units. The rates are set in the
    /// evening for the next day (Friday's for the weekend and Monday): each is dated the day it
    /// is valid from, which is what a day's document answers until the next is set.
    static let nbg = ProviderDeclaration(
        source: .nbg, origin: "https://nbg.gov.ge",
        documents: .day(latest: nil) { "/gw/api/ct/monetarypolicy/currencies/?date=\($0)" },
        parse: { data throws(RatesProviderError) in
            struct Day: Decodable {
                let currencies: [Row]
            }
            struct Row: Decodable {
                let code: String
                let quantity: Int
                let rate: Decimal
                let validFromDate: String
            }
            var days = PublishedDays(.nbg)
            for day in try PublishedJSON.decode([Day].self, from: data, what: "National Bank of Georgia rates") {
                for row in day.currencies where Currency.isWellFormedCode(row.code) {
                    guard let date = CalendarDate(iso8601: String(row.validFromDate.prefix(10))) else {
                        throw .unreadable("\(row.code) is valid from \(row.validFromDate.prefix(30))")
                    }
                    try days.add(row.code, row.rate, units: row.quantity, on: date)
                }
            }
            return try days.fetched()
        })
}
