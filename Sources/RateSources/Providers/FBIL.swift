import Core
import Foundation

extension RateSource {
    package static let fbil = official(
        "fbil", "Financial Benchmarks India", website: "https://www.fbil.org.in/#/refrates", home: "INR", quotation: .basePerUnit,
        country: "IN", rateType: "reference rate", region: .asiaPacific, terms: "https://www.fbil.org.in/#/termsandcondition",
        publishes: .init(hour: 13, minute: 30, timeZone: "Asia/Kolkata"))
}

extension ProviderDeclaration {
    /// `[{"processRunDate": "2026-03-20 00:00:00", "subProdName": "INR / 100 JPY", "rate": 58.94}]`:
    /// the reference rates for six currencies, rupees per the units the product's name states
    /// (1, 100 JPY, 10,000 IDR).
    static let fbil = ProviderDeclaration(
        source: .fbil, origin: "https://www.fbil.org.in",
        documents: .range(maxDays: 93) {
            "/wasdm/refrates/fetchfiltered?authenticated=false&fromDate=\($0.lowerBound)&toDate=\($0.upperBound)"
        },
        minimumCurrencies: 4,
        parse: { data throws(RatesProviderError) in
            struct Row: Decodable {
                let processRunDate: String
                let subProdName: String
                let rate: Decimal
            }
            var days = PublishedDays(.fbil)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "FBIL reference rates") {
                // "INR / 100 JPY": the home currency, then the units and the currency.
                let parts = row.subProdName.split(separator: " ")
                guard parts.count == 4, parts[0] == "INR", parts[1] == "/", let units = Int(parts[2]) else {
                    throw .unreadable("a rate is for “\(row.subProdName.prefix(30))”")
                }
                guard let date = CalendarDate(iso8601: String(row.processRunDate.prefix(10))) else {
                    throw .unreadable("a rate is dated \(row.processRunDate.prefix(20))")
                }
                guard Currency.isWellFormedCode(String(parts[3])) else { continue }
                try days.add(String(parts[3]), row.rate, units: units, on: date)
            }
            return try days.fetched()
        })
}
