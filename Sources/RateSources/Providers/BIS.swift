import Core
import Foundation

extension RateSource {
    package static let bis = reference(
        "bis", "Bank for International Settlements", website: "https://data.bis.org/topics/XRU", home: "USD",
        quotation: .unitsPerBase, country: nil, rateType: "end-of-month rate against the US dollar", cadence: .monthEnd,
        terms: "https://data.bis.org/help/legal",
        // The BIS names no hour for its updates: asked once a day, at noon in Basel.
        publishes: .init(hour: 12, minute: 0, timeZone: "Europe/Zurich"))
}

extension ProviderDeclaration {
    /// The BIS's monthly series of end-of-period rates (WS_XRU) as SDMX-CSV: a row per country
    /// and month, `REF_AREA TW, CURRENCY TWD, …, TIME_PERIOD 2025-01, OBS_VALUE 32.85, UNIT_MULT
    /// 0`, units per US dollar, each stored on its month's last day. A currency several
    /// countries use is written once per country, and some rows are not the currency's own
    /// series (a member's euro before it joined), so such a currency is read from its issuer's
    /// row. The series keep some withdrawn codes but not always their units (see `renamed`).
    static let bis: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .bis, origin: "https://stats.bis.org",
            // Ten years a request: some 2 MB of CSV, where the whole history since 1900 is tens.
            documents: .range(maxDays: 3_660) {
                DocumentRequest.get(
                    "/api/v2/data/dataflow/BIS/WS_XRU/1.0/M...E?c%5BTIME_PERIOD%5D=ge:\(month($0.lowerBound))%2Ble:\(month($0.upperBound))"
                ).with(header: "Accept", "application/vnd.sdmx.data+csv;version=1.0.0")
            },
            minimumCurrencies: 1,
            parse: { data throws(RatesProviderError) in
                let what = "the BIS's SDMX-CSV"
                let table = try CSVTable(
                    PublishedCSV.rows(data, what: what),
                    required: ["FREQ", "REF_AREA", "CURRENCY", "COLLECTION", "TIME_PERIOD", "OBS_VALUE", "UNIT_MULT"], what: what)
                // A row short of the header's columns is a document cut short, which its whole rows would pass for.
                guard table.rows.allSatisfy({ $0.count == table.header.count }) else {
                    throw .unreadable("not \(what): a row is cut short")
                }
                var days = PublishedDays(.bis)
                for row in table.rows where table.cell(row, "FREQ") == "M" && table.cell(row, "COLLECTION") == "E" {
                    let written = table.cell(row, "CURRENCY"), period = table.cell(row, "TIME_PERIOD")
                    if let issuer = bisIssuers[written], table.cell(row, "REF_AREA") != issuer { continue }
                    guard period.count == 7, let first = CalendarDate(iso8601: period + "-01") else {
                        throw .unreadable("\(written) is dated \(period.prefix(20))")
                    }
                    // The month's last day: the day before the first of the month 31 days on.
                    let date = first.adding(days: 31 - first.adding(days: 31).day)
                    let code = bisCode(written, on: date)
                    guard Currency.isWellFormedCode(code), code != "USD" else { continue }
                    let multiplier = table.cell(row, "UNIT_MULT"), value = table.cell(row, "OBS_VALUE")
                    guard multiplier == "0" else { throw .unreadable("\(code) is written in 10^\(multiplier.prefix(10))") }
                    guard let rate = Decimal(plainText: value) else { throw .unreadable("\(code)'s rate is \(value.prefix(20))") }
                    try days.add(code, rate, on: date)
                }
                return try days.fetched()
            })
        declaration.firstDay = CalendarDate(year: 1900, month: 1, day: 1)
        return declaration
    }()

    /// `2025-01`, the month a query names.
    private static func month(_ day: CalendarDate) -> String { String(day.description.prefix(7)) }

    /// The country whose row is a shared currency's own series: the euro area's (`XM`: a
    /// member's row before it joined is its old currency's rate restated), Australia's (Kiribati
    /// writes its own figure), and the seats of the CFA francs' and the East Caribbean dollar's
    /// central banks (the same figures as their members', today).
    static let bisIssuers = ["EUR": "XM", "AUD": "AU", "XOF": "WA", "XAF": "CM", "XCD": "KN"]

    /// The code a row's figure is in: the BIS restates the leone in new leones throughout
    /// (`SLL 10.57098` in September 2021, when the old leone was about 10,570 a dollar), the
    /// bolívar in the bolívar soberano's units from June 2019, and writes `EUR` for the ECU
    /// before 1999. The ouguiya (`MRO`) and the dobra (`STD`) stay in their old units, as written.
    static func bisCode(_ written: String, on date: CalendarDate) -> String {
        switch written {
        case "SLL": "SLE"
        case "VEF" where date >= CalendarDate(year: 2019, month: 6, day: 1)!: "VES"
        case "EUR" where date < CalendarDate(year: 1999, month: 1, day: 1)!: "XEU"
        default: written
        }
    }
}
