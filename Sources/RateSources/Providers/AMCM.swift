import Core
import Foundation

extension RateSource {
    // The interbank midpoints are set in the morning; the documents do not say when.
    package static let amcm = official(
        "amcm", "Autoridade Monetária de Macau", website: "https://www.amcm.gov.mo/en/financial-information/interbank-midpoint",
        home: "MOP", quotation: .basePerUnit, country: "MO", rateType: "interbank mean rate", region: .asiaPacific,
        terms: "https://www.amcm.gov.mo/en/",
        publishes: .init(hour: 12, minute: 0, timeZone: "Asia/Macau"))
}

extension ProviderDeclaration {
    /// `{"data": [{"date": "2026-05-22 00:00:00", "currency": "JPY", "unit": 100.0, "usdMean":
    /// "5.0727", "bid": "159.09"}]}`: patacas per `unit` units in `usdMean`, which despite its
    /// name is the pataca mean (`bid` is the dollar cross rate, not stored). A row `LIQ`, of
    /// unit 0, is the day's interbank liquidity figure, not a currency: left out.
    static let amcm = ProviderDeclaration(
        source: .amcm, origin: "https://www.amcm.gov.mo",
        documents: .range(maxDays: 31) {
            "/api/v1.0/cms/financial_info?Begin=\(QueryDate.compact($0.lowerBound))&End=\(QueryDate.compact($0.upperBound))&QueryType=1"
        },
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable { let data: [Row] }
            struct Row: Decodable {
                let date: String
                let currency: String
                let unit: Double
                let usdMean: String
            }
            var days = PublishedDays(.amcm)
            for row in try PublishedJSON.decode(Document.self, from: data, what: "Macau's interbank midpoints").data
            where row.currency != "LIQ" && Currency.isWellFormedCode(row.currency) {
                guard let date = CalendarDate(iso8601: String(row.date.prefix(10))) else {
                    throw .unreadable("\(row.currency) is dated \(row.date.prefix(30))")
                }
                guard let rate = Decimal(published: row.usdMean), let units = Int(exactly: row.unit) else {
                    throw .unreadable("\(row.currency) is \(row.usdMean.prefix(20)) per \(row.unit) units")
                }
                try days.add(row.currency, rate, units: units, on: date)
            }
            return try days.fetched()
        })
}
