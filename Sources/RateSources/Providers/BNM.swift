import Core
import Foundation

extension RateSource {
    package static let bnm = official(
        "bnm", "Bank Negara Malaysia", website: "https://www.bnm.gov.my/exchange-rates", home: "MYR", quotation: .basePerUnit,
        country: "MY", rateType: "middle rate, 9:00 session", region: .asiaPacific, terms: "https://www.bnm.gov.my/disclaimer",
        publishes: .init(hour: 9, minute: 30, timeZone: "Asia/Kuala_Lumpur"), sides: true)
}

extension ProviderDeclaration {
    /// A document per currency and month, `{"data": {"currency_code": "AUD", "unit": 1, "rate":
    /// [{"date": "2026-03-02", "buying_rate": 2.7690999999999999, "middle_rate":
    /// 2.7724000000000002}]}}`: ringgit per `unit` (1 or 100) at the 9:00 session, the middle
    /// rate, written as binary floats with every digit (``FloatWritten``); `SDR` is `XDR`.
    static let bnm = ProviderDeclaration(
        source: .bnm, origin: "https://api.bnm.gov.my",
        series: [
            "AED", "AUD", "BND", "CAD", "CHF", "CNY", "EGP", "EUR", "GBP", "HKD", "IDR", "INR", "JPY", "KHR", "KRW", "MMK", "NPR",
            "NZD", "PHP", "PKR", "SAR", "SGD", "THB", "TWD", "USD", "VND",
        ].map { Series($0) } + [Series("XDR", key: "SDR")],
        documents: { series in .month { "/public/exchange-rate/\(series.key)/year/\($0)/month/\($1)?session=0900" } },
        parse: { data, series throws(RatesProviderError) in
            struct Document: Decodable {
                let data: Month
            }
            struct Month: Decodable {
                let currencyCode: String
                let unit: Int
                let rate: [Day]
            }
            struct Day: Decodable {
                let date: String
                let middleRate: FloatWritten?
                let buyingRate: FloatWritten?
                let sellingRate: FloatWritten?
            }
            let month = try PublishedJSON.decode(Document.self, from: data, what: "Bank Negara Malaysia rates", keys: .convertFromSnakeCase)
                .data
            guard month.currencyCode == series.key else {
                throw .unreadable("asked for \(series.key), answered \(month.currencyCode.prefix(10))")
            }
            var days = PublishedDays(.bnm)
            for day in month.rate {
                guard let date = CalendarDate(iso8601: day.date) else {
                    throw .unreadable("\(series.code) is dated \(day.date.prefix(20))")
                }
                guard let middle = day.middleRate else { continue }
                try days.add(series.code, middle.value, units: month.unit, on: date)
                if let buying = day.buyingRate, let selling = day.sellingRate {
                    try days.addSides(series.code, buying: buying.value, selling: selling.value, units: month.unit, on: date)
                }
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
