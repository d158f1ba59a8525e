import Core
import Foundation

extension RateSource {
    package static let nbk = official(
        "nbk", "National Bank of Kazakhstan",
        website: "https://nationalbank.kz/en/exchangerates/ezhednevnye-oficialnye-rynochnye-kursy-valyut", home: "KZT",
        quotation: .basePerUnit, country: "KZ", rateType: "official market rate", region: .centralAsia,
        terms: "https://nationalbank.kz/en/",
        publishes: .init(hour: 14, minute: 0, timeZone: "Asia/Almaty"))
}

extension ProviderDeclaration {
    /// An RSS-like `<rates>` with one `<date>01.04.2026</date>` and `<item>`s: the code in
    /// `title`, the rate in `description`, tenge per `quant` units.
    static let nbk = ProviderDeclaration(
        source: .nbk, origin: "https://nationalbank.kz",
        documents: .day(latest: nil) { "/rss/get_rates.cfm?fdate=\(QueryDate.dotted($0))" },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["item"], what: "a National Bank of Kazakhstan rates document")
            var days = PublishedDays(.nbk)
            try days.add(
                document.records, on: try document.date("date", PublishedDate.dotted), code: "title", units: "quant",
                value: "description")
            return try days.fetched()
        })
}
