import Core
import Foundation

extension RateSource {
    package static let bom = official(
        "bom", "Bank of Mongolia", website: "https://www.mongolbank.mn/en/currency-rate-movement", home: "MNT",
        quotation: .basePerUnit, country: "MN", rateType: "official rate", region: .asiaPacific, terms: "https://www.mongolbank.mn/en",
        publishes: .init(hour: 10, minute: 0, timeZone: "Asia/Ulaanbaatar"))
}

extension ProviderDeclaration {
    /// POSTed a run of days, `{"success": true, "data": [{"RATE_DATE": "2026-05-22", "USD":
    /// "3,576.42", "XAU": "16,172,267.24", "SDR": "4,887.93"}]}`: tögrög per unit, with commas
    /// between thousands; gold and silver per troy ounce, stored as published; `SDR` is `XDR`.
    static let bom = ProviderDeclaration(
        source: .bom, origin: "https://www.mongolbank.mn",
        documents: .range(maxDays: 93) {
            .post(
                "/en/currency-rate-movement/data", #"{"startDate":"\#($0.lowerBound)","endDate":"\#($0.upperBound)"}"#,
                contentType: "application/json")
        },
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                let success: Bool
                let data: [[String: String]]
            }
            let document = try PublishedJSON.decode(Document.self, from: data, what: "Bank of Mongolia rates")
            guard document.success else { throw .providerError("the answer says it did not succeed") }
            var days = PublishedDays(.bom)
            for row in document.data {
                guard let written = row["RATE_DATE"], let date = CalendarDate(iso8601: written) else {
                    throw .unreadable("a day is \(row["RATE_DATE"]?.prefix(20) ?? "undated")")
                }
                for (key, text) in row where key != "RATE_DATE" {
                    let code = key == "SDR" ? "XDR" : key
                    guard Currency.isWellFormedCode(code) else { continue }
                    guard let rate = Decimal(thousandsSeparated: text) else { throw .unreadable("\(code)'s rate is \(text.prefix(20))") }
                    try days.add(code, rate, on: date)
                }
            }
            return try days.fetched()
        })
}
