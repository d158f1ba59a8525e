import Core
import Foundation

extension RateSource {
    package static let cba = official(
        "cba", "Central Bank of Armenia", website: "https://www.cba.am/en/SitePage/ExchangeArchive.aspx", home: "AMD",
        quotation: .basePerUnit, country: "AM", rateType: "official rate", region: .centralAsia, terms: "https://www.cba.am/en/",
        publishes: .init(hour: 16, minute: 0, timeZone: "Asia/Yerevan"))
}

extension ProviderDeclaration {
    /// A SOAP service. `ExchangeRatesByDateRangeByISO` answers a .NET data set, rows of
    /// `<ExchangeRatesByRange><Rate>376.88</Rate><Amount>1</Amount><ISO>USD</ISO>
    /// <RateDate>2026-03-02T00:00:00+04:00</RateDate>`; `ExchangeRatesLatest` one day's
    /// `<ExchangeRate>`s under its `<CurrentDate>`. Drams per `Amount` units; gold and silver
    /// per gram, stored as published.
    static let cba = ProviderDeclaration(
        source: .cba, origin: "https://api.cba.am",
        documents: .range(maxDays: 365) {
            .soap(
                "/exchangerates.asmx", namespace: "http://www.cba.am/", action: "ExchangeRatesByDateRangeByISO",
                [
                    "ISOCodes": cbaCurrencies.joined(separator: ","), "DateFrom": $0.lowerBound.description,
                    "DateTo": $0.upperBound.description,
                ])
        },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(
                data, record: ["ExchangeRatesByRange", "ExchangeRate"], what: "a Central Bank of Armenia rates document")
            var days = PublishedDays(.cba)
            let current = document.fields["CurrentDate"].flatMap { CalendarDate(iso8601: String($0.prefix(10))) }
            for (written, records) in Dictionary(grouping: document.records, by: { $0["RateDate"].map { String($0.prefix(10)) } }) {
                guard let date = written.flatMap(CalendarDate.init(iso8601:)) ?? current else {
                    throw .unreadable("rates are dated \(written ?? "nowhere")")
                }
                try days.add(records, on: date, code: "ISO", units: "Amount", value: "Rate")
            }
            return try days.fetched()
        })

    /// The currencies and metals the bank quotes every day.
    static let cbaCurrencies = [
        "AED", "AUD", "BRL", "BYN", "CAD", "CHF", "CNY", "CZK", "EUR", "GBP", "GEL", "HKD", "INR", "IRR", "JPY", "KGS", "KZT", "NOK",
        "NZD", "PLN", "RUB", "SEK", "SGD", "TJS", "UAH", "USD", "UZS", "XAG", "XAU", "XDR",
    ]
}
