import Core
import Foundation

extension RateSource {
    package static let nbkr = official(
        "nbkr", "National Bank of the Kyrgyz Republic", website: "https://www.nbkr.kg/index1.jsp?item=1562&lang=ENG", home: "KGS",
        quotation: .basePerUnit, country: "KG", rateType: "official rate", terms: "https://www.nbkr.kg/",
        publishes: .init(hour: 14, minute: 0, timeZone: "Asia/Bishkek"))
}

extension ProviderDeclaration {
    /// The day's official rates of the five currencies the bank sets daily, in windows-1251:
    /// `<CurrencyRates Date="24.05.2026">` of `<Currency ISOCode="USD">` with `Nominal` and
    /// `Value` (`87,4500`, a decimal comma), soms per `Nominal` units. The file holds only the
    /// newest day: a refresh stores it, a backfill of past days finds nothing to store (the
    /// bank's history is a page per currency, and the weekly rates of the others, valid for a
    /// week, are a table of another cadence: neither is read).
    static let nbkr = ProviderDeclaration(
        source: .nbkr, origin: "https://www.nbkr.kg",
        documents: .whole("/XML/daily.xml"),
        minimumCurrencies: 4,
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(
                data, record: ["Currency"], encoding: .windowsCP1251, what: "a National Bank of the Kyrgyz Republic daily rates document")
            guard document.attributes["Name"] == "Daily Exchange Rates" else {
                throw .unreadable("not the daily rates but \(document.attributes["Name"]?.prefix(40) ?? "a document without a name")")
            }
            var days = PublishedDays(.nbkr)
            try days.add(
                document.records, on: try document.date("Date", PublishedDate.dotted), code: "ISOCode", units: "Nominal", value: "Value")
            return try days.fetched()
        })
}
