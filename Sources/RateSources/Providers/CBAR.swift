import Core
import Foundation

extension RateSource {
    package static let cbar = official(
        "cbar", "Central Bank of the Republic of Azerbaijan", website: "https://www.cbar.az/currency/rates", home: "AZN",
        quotation: .basePerUnit, country: "AZ", rateType: "official rate", region: .centralAsia, terms: "https://www.cbar.az/",
        publishes: .init(hour: 10, minute: 0, timeZone: "Asia/Baku"))
}

extension ProviderDeclaration {
    /// `<ValCurs Date="04.09.2026">` of `<Valute Code="USD">`s with `Nominal` (`1`, `100`, or
    /// `1 t.u.` for a metal's troy ounce) and `Value`, manats per `Nominal` units. The SDR is
    /// written `SDR`. A day without a bulletin (a Saturday) answers the last one, dated as it is.
    static let cbar = ProviderDeclaration(
        source: .cbar, origin: "https://www.cbar.az",
        documents: .day(latest: nil) { "/currencies/\(QueryDate.dotted($0)).xml" },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["Valute"], what: "a Central Bank of Azerbaijan ValCurs document")
            var days = PublishedDays(.cbar)
            try days.add(
                document.records, on: try document.date("Date", PublishedDate.dotted), code: "Code", units: "Nominal", value: "Value",
                renamed: ["SDR": "XDR"])
            return try days.fetched()
        })
}
