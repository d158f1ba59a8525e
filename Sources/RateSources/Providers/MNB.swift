import Core
import Foundation

extension RateSource {
    package static let mnb = official(
        "mnb", "Magyar Nemzeti Bank", website: "https://www.mnb.hu/en/monetary-policy/the-mpc/exchange-rates", home: "HUF",
        quotation: .basePerUnit, country: "HU", rateType: "official rate", region: .europe, terms: "https://www.mnb.hu/en/legal-notice",
        publishes: .init(hour: 11, minute: 0, timeZone: "Europe/Budapest"))
}

extension ProviderDeclaration {
    /// A SOAP service: `GetExchangeRates` for a run of days and a list of currencies answers a
    /// string holding another XML document, escaped: `<MNBExchangeRates><Day date="2025-03-28">
    /// <Rate unit="100" curr="JPY">248,17</Rate>`, forints per `unit` units, a decimal comma.
    static let mnb = ProviderDeclaration(
        source: .mnb, origin: "http://www.mnb.hu",
        documents: .range(maxDays: 366) {
            .soap(
                "/arfolyamok.asmx", namespace: "http://www.mnb.hu/webservices/", action: "GetExchangeRates",
                [
                    "startDate": $0.lowerBound.description, "endDate": $0.upperBound.description,
                    "currencyNames": mnbCurrencies.joined(separator: ","),
                ])
        },
        parse: { data throws(RatesProviderError) in
            let what = "a Magyar Nemzeti Bank rates document"
            let envelope = try XMLRecords.read(data, record: ["GetExchangeRatesResult"], what: what)
            guard let inner = envelope.records.first?.text, !inner.isEmpty else { throw .unreadable("not \(what): no result") }
            let rates = try XMLRecords.read(Data(inner.utf8), record: ["Rate"], what: what)
            var days = PublishedDays(.mnb)
            for (written, records) in Dictionary(grouping: rates.records, by: { $0.attributes["date"] ?? "" }) {
                guard let date = CalendarDate(iso8601: written) else { throw .unreadable("a day is dated \(written.prefix(20))") }
                try days.add(records, on: date, code: "curr", units: "unit", value: "")
            }
            return try days.fetched()
        })

    /// The currencies the bank quotes every day.
    static let mnbCurrencies = [
        "AUD", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD", "IDR", "ILS", "INR", "ISK", "JPY", "KRW", "MXN", "MYR",
        "NOK", "NZD", "PHP", "PLN", "RON", "RSD", "RUB", "SEK", "SGD", "THB", "TRY", "UAH", "USD", "ZAR",
    ]
}
