import Core
import Foundation

extension RateSource {
    package static let cbt = official(
        "cbt", "Central Bank of Turkmenistan", website: "https://cbt.tm/kurs/kurs_today_en.html", home: "TMT", quotation: .basePerUnit,
        country: "TM", rateType: "official rate", region: .centralAsia, terms: "https://cbt.tm/",
        publishes: .init(hour: 13, minute: 0, timeZone: "Asia/Ashgabat"))
}

extension ProviderDeclaration {
    /// `<cbt_currency_rate>` with `<date>20.05.2026</date>` and `<rate code="AED">`s: manats
    /// per `multiplier` units in `rate_tmt` (`rate_usd` is the dollar cross, not read).
    static let cbt = ProviderDeclaration(
        source: .cbt, origin: "https://cbt.tm",
        documents: .day(latest: nil) { "/kurs/\($0.year)/\(QueryDate.dayMonthYear($0)).xml" },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["rate"], what: "a Central Bank of Turkmenistan rates document")
            var days = PublishedDays(.cbt)
            try days.add(
                document.records, on: try document.date("date", PublishedDate.dotted), code: "code", units: "multiplier", value: "rate_tmt")
            return try days.fetched()
        })
}
