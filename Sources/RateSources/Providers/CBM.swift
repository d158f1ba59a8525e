import Core
import Foundation

extension RateSource {
    // The reference rates are set each business morning.
    package static let cbm = official(
        "cbm", "Central Bank of Myanmar", website: "https://forex.cbm.gov.mm/", home: "MMK", quotation: .basePerUnit, country: "MM",
        rateType: "reference rate", region: .asiaPacific, terms: "https://www.cbm.gov.mm/",
        publishes: .init(hour: 10, minute: 30, timeZone: "Asia/Yangon"))
}

extension ProviderDeclaration {
    /// The latest rates only (the API keeps no past days): `{"timestamp": "1775721600", "rates":
    /// {"USD": "2100.00", "JPY": "1321.88"}}`, kyats per unit, dated the day the timestamp falls
    /// on in Yangon. The document gives no units; the bank's own table quotes the yen, rupiah,
    /// riel, won, kip and dong per 100 (1,321.88 kyats per 100 yen with the dollar at 2,100:
    /// 158.9 yen a dollar), and so they are read.
    static let cbm = ProviderDeclaration(
        source: .cbm, origin: "https://forex.cbm.gov.mm", documents: .whole("/api/latest"),
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                let timestamp: String
                let rates: [String: String]
            }
            let document = try PublishedJSON.decode(Document.self, from: data, what: "Central Bank of Myanmar rates")
            guard let seconds = TimeInterval(document.timestamp), seconds > 0 else {
                throw .unreadable("the rates are stamped \(document.timestamp.prefix(20))")
            }
            let date = CalendarDate(containing: Date(timeIntervalSince1970: seconds + 6.5 * 3_600))
            var days = PublishedDays(.cbm)
            for (code, written) in document.rates where Currency.isWellFormedCode(code) {
                guard let rate = Decimal(thousandsSeparated: written) else { throw .unreadable("\(code) is \(written.prefix(20))") }
                try days.add(code, rate, units: cbmPerHundred.contains(code) ? 100 : 1, on: date)
            }
            return try days.fetched()
        })

    /// The currencies the bank quotes per 100 units.
    static let cbmPerHundred: Set = ["JPY", "IDR", "KHR", "KRW", "LAK", "VND"]
}
