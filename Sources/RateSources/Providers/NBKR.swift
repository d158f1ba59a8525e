import Core
import Foundation

extension RateSource {
    package static let nbkr = official(
        "nbkr", "National Bank of the Kyrgyz Republic", website: "https://www.nbkr.kg/index1.jsp?item=1562&lang=ENG", home: "KGS",
        quotation: .basePerUnit, country: "KG", rateType: "official rate", region: .centralAsia, terms: "https://www.nbkr.kg/",
        publishes: .init(hour: 14, minute: 0, timeZone: "Asia/Bishkek"))

    package static let nbkrWeekly = official(
        "nbkr.w", "National Bank of the Kyrgyz Republic, weekly rates", website: "https://www.nbkr.kg/index1.jsp?item=1562&lang=ENG",
        home: "KGS", quotation: .basePerUnit, country: "KG", rateType: "official rate, weekly", cadence: .weekly,
        region: .centralAsia, terms: "https://www.nbkr.kg/", publishes: .init(hour: 14, minute: 0, timeZone: "Asia/Bishkek"))
}

extension ProviderDeclaration {
    /// The day's official rates of the five currencies the bank sets daily, in windows-1251:
    /// `<CurrencyRates Date="24.05.2026">` of `<Currency ISOCode="USD">` with `Nominal` and
    /// `Value` (`87,4500`, a decimal comma), soms per `Nominal` units. The file holds only the
    /// newest day: a refresh stores it, a backfill of past days finds nothing to store (the
    /// bank's history is a page per currency, not read). The other currencies' rates are set
    /// weekly: ``nbkrWeekly``.
    static let nbkr = ProviderDeclaration(
        source: .nbkr, origin: "https://www.nbkr.kg",
        documents: .whole("/XML/daily.xml"),
        minimumCurrencies: 4,
        parse: { data throws(RatesProviderError) in try nbkrRates(data, of: .nbkr, table: "daily") })

    /// The rates the bank sets each week for thirty-nine other currencies, valid for seven days:
    /// the same document as the daily one, `Name="Weekly Exchange Rates"`, dated the Saturday
    /// they take effect (`<ValidFor>7</ValidFor>`), `AMD` and `JPY` per 10. Beside today's
    /// Belarusian rouble (`BYN`) it still lists the one withdrawn in 2016 (`BYR`, per 100 old
    /// roubles): left out.
    static let nbkrWeekly = ProviderDeclaration(
        source: .nbkrWeekly, origin: "https://www.nbkr.kg",
        documents: .whole("/XML/weekly.xml"),
        parse: { data throws(RatesProviderError) in try nbkrRates(data, of: .nbkrWeekly, table: "weekly", leavingOut: ["BYR"]) })

    /// One of the bank's two files (`Name="Daily Exchange Rates"` or `"Weekly Exchange Rates"`),
    /// refused when it is the other one, without the currencies `leavingOut` names.
    private static func nbkrRates(
        _ data: Data, of source: RateSource, table: String, leavingOut: Set<String> = []
    ) throws(RatesProviderError) -> [FetchedRates] {
        let document = try XMLRecords.read(
            data, record: ["Currency"], encoding: .windowsCP1251, what: "a National Bank of the Kyrgyz Republic \(table) rates document")
        guard document.attributes["Name"] == "\(table.prefix(1).uppercased() + table.dropFirst()) Exchange Rates" else {
            throw .unreadable("not the \(table) rates but \(document.attributes["Name"]?.prefix(40) ?? "a document without a name")")
        }
        var days = PublishedDays(source)
        try days.add(
            document.records.filter { !leavingOut.contains($0["ISOCode"] ?? "") }, on: try document.date("Date", PublishedDate.dotted),
            code: "ISOCode", units: "Nominal", value: "Value")
        return try days.fetched()
    }
}
