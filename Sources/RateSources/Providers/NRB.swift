import Core
import Foundation

extension RateSource {
    // A day's rates are published just after midnight Nepal time, the day they are for.
    package static let nrb = official(
        "nrb", "Nepal Rastra Bank", website: "https://www.nrb.org.np/forex/", home: "NPR", quotation: .basePerUnit, country: "NP",
        rateType: "mean of buying and selling rates", region: .asiaPacific, terms: "https://www.nrb.org.np/",
        publishes: .init(hour: 1, minute: 0, timeZone: "Asia/Kathmandu"), sides: true)
}

extension ProviderDeclaration {
    /// `{"data": {"payload": [{"date": "2026-04-01", "rates": [{"currency": {"iso3": "JPY",
    /// "unit": 10}, "buy": "9.49", "sell": "9.53"}]}]}, "pagination": {"pages": 1}}`: rupees per
    /// `unit`, buying and selling; their mean is stored. Saturdays, Nepal's day off, have rates
    /// too. A page holds 100 days, so a range of at most 100 is one page; a document that says it
    /// has more pages is refused rather than stored in part.
    static let nrb = ProviderDeclaration(
        source: .nrb, origin: "https://www.nrb.org.np",
        documents: .range(maxDays: 100) { "/api/forex/v1/rates?from=\($0.lowerBound)&page=1&per_page=100&to=\($0.upperBound)" },
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                struct Payload: Decodable { let payload: [Day] }
                struct Pagination: Decodable { let pages: Int }
                let data: Payload
                let pagination: Pagination
            }
            struct Day: Decodable {
                let date: String
                let rates: [Rate]
            }
            struct Rate: Decodable {
                struct Currency: Decodable {
                    let iso3: String
                    let unit: Int
                }
                let currency: Currency
                let buy: String
                let sell: String
            }
            let document = try PublishedJSON.decode(Document.self, from: data, what: "Nepal Rastra Bank rates")
            guard document.pagination.pages <= 1 else { throw .unreadable("the rates come in \(document.pagination.pages) pages") }
            var days = PublishedDays(.nrb)
            for day in document.data.payload {
                guard let date = CalendarDate(iso8601: day.date) else { throw .unreadable("a day dated \(day.date.prefix(30))") }
                for rate in day.rates where Currency.isWellFormedCode(rate.currency.iso3) {
                    try days.addMean(rate.currency.iso3, bought: rate.buy, sold: rate.sell, units: rate.currency.unit, on: date)
                }
            }
            return try days.fetched()
        })
}
