import Core
import Foundation

extension RateSource {
    package static let inforeuro = taxAndCustoms(
        "inforeuro", "European Commission (InforEuro)",
        website:
            "https://commission.europa.eu/funding-tenders/procedures-guidelines-tenders/information-contractors-and-beneficiaries/exchange-rate-inforeuro_en",
        home: "EUR", quotation: .unitsPerBase, country: "EU", rateType: "monthly accounting rate", cadence: .monthly,
        terms: "https://commission.europa.eu/legal-notice_en", publishes: .init(hour: 0, minute: 5, timeZone: "Europe/Brussels"))
}

extension ProviderDeclaration {
    /// A month's accounting rates, a JSON list of `{"country": "Japan", "currency": "Japanese
    /// yen", "isoA3Code": "JPY", "value": 141.196, "comment": null}`: units per euro, as binary
    /// floats (``FloatWritten``), with notes in three languages in `comment`. The document does
    /// not name its month: the rates are stored on the first day of the month asked for. Old
    /// months list the currencies of their time (the Deutsche Mark in 1998).
    static let inforeuro = ProviderDeclaration(
        source: .inforeuro, origin: "https://ec.europa.eu",
        monthly: { year, month in "/budg/inforeuro/api/public/monthly-rates?lang=en&month=\(month)&year=\(year)" },
        minimumCurrencies: 100,
        parse: { data, month throws(RatesProviderError) in
            struct Rate: Decodable {
                let isoA3Code: String
                let value: FloatWritten
            }
            let rates: [Rate]
            do { rates = try JSONDecoder().decode([Rate].self, from: data) } catch {
                throw .unreadable("not the Commission's monthly accounting rates")
            }
            var days = PublishedDays(.inforeuro)
            for rate in rates {
                guard Currency.isWellFormedCode(rate.isoA3Code) else {
                    throw .unreadable("“\(rate.isoA3Code.prefix(12))” is not a currency code")
                }
                try days.add(rate.isoA3Code, rate.value.value, on: month)
            }
            return try days.fetched()
        })
}
