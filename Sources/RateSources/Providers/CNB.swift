import Core
import Foundation

extension RateSource {
    package static let cnb = official(
        "cnb", "Czech National Bank",
        website: "https://www.cnb.cz/en/financial-markets/foreign-exchange-market/central-bank-exchange-rate-fixing/",
        home: "CZK", quotation: .basePerUnit, country: "CZ", rateType: "exchange rate fixing",
        region: .europe, terms: "https://www.cnb.cz/en/terms-of-use/",
        publishes: PublicationTime(hour: 14, minute: 30, timeZone: "Europe/Prague"), translated: Message("Czech National Bank"))
}

/// Reads the Czech National Bank's exchange rate fixing (`/cnbapi/exrates/daily-year`, or
/// `/daily` for one day): `{"rates": [{"validFor": "2026-01-02", "currencyCode": "JPY",
/// "amount": 100, "rate": 15.234}]}`, Czech koruna per `amount` units of the currency.
private enum CNBDocument {
    private struct Document: Decodable {
        let rates: [Row]
    }

    private struct Row: Decodable {
        let validFor: String
        let currencyCode: String
        let amount: Int
        let rate: Decimal
    }

    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let document = try PublishedJSON.decode(Document.self, from: data, what: "Czech National Bank rates")
        var days = PublishedDays(.cnb)
        for row in document.rates {
            guard let date = CalendarDate(iso8601: row.validFor) else { throw .unreadable("a rate is valid for \(row.validFor)") }
            guard Currency.isWellFormedCode(row.currencyCode) else { continue }
            try days.add(row.currencyCode, row.rate, units: row.amount, on: date)
        }
        return try days.fetched()
    }
}

extension ProviderDeclaration {
    static let cnb = ProviderDeclaration(
        source: .cnb, origin: "https://api.cnb.cz", documents: .year { "/cnbapi/exrates/daily-year?lang=EN&year=\($0)" },
        parse: CNBDocument.parse)
}
