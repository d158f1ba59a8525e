import Core
import Foundation

extension RateSource {
    package static let bbk = reference(
        "bbk", "Deutsche Bundesbank", website: "https://www.bundesbank.de/en/statistics/exchange-rates", home: "DEM",
        quotation: .basePerUnit, country: "DE", rateType: "Frankfurt fixing (historical, until 1998)", cadence: .historical,
        terms:
            "https://www.bundesbank.de/de/startseite/benutzerhinweise/nutzungsbedingungen-fuer-den-allgemeinen-gebrauch-der-website-763554")
}

extension ProviderDeclaration {
    /// The Frankfurt fixings in Deutsche Mark, which ended with 1998: the Bundesbank's SDMX-CSV,
    /// `;`-separated under German labels, a row per currency and calendar day, `.` on a day
    /// without a fixing. The units are only in each series' title (`Devisenkurse der Frankfurter
    /// Börse / 1 000 ITL = ... DEM`, a space between thousands).
    static let bbk: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .bbk, origin: "https://api.statistiken.bundesbank.de",
            documents: .range(maxDays: unlimited) {
                "/rest/data/BBEX3/D..DEM.AA.AC.000?endPeriod=\($0.upperBound)&format=sdmx_csv&startPeriod=\($0.lowerBound)"
            },
            parse: { data throws(RatesProviderError) in
                let what = "the Bundesbank's SDMX-CSV"
                let table = try CSVTable(
                    PublishedCSV.rows(data, separator: ";", what: what),
                    required: ["BBK_STD_CURRENCY", "TIME_PERIOD", "OBS_VALUE", "BBK_TITLE"],
                    what: what)
                var days = PublishedDays(.bbk)
                // A row short of the header's columns is a document cut short, which its whole rows would pass for.
                guard table.rows.allSatisfy({ $0.count == table.header.count }) else {
                    throw .unreadable("not \(what): a row is cut short")
                }
                for row in table.rows where table.cell(row, "OBS_VALUE") != "." {
                    let code = table.cell(row, "BBK_STD_CURRENCY"), title = table.cell(row, "BBK_TITLE")
                    // `… / 100 ATS = ... DEM / Österreich`: the units between the first `/ ` and the code.
                    let units = title.range(of: "/ ").flatMap { start in
                        title[start.upperBound...].range(of: " \(code) = ").map {
                            Int(title[start.upperBound..<$0.lowerBound].filter(\.isNumber))
                        }
                    }
                    guard let units = units ?? nil else { throw .unreadable("\(code)'s series gives no units: \(title.prefix(80))") }
                    guard let date = CalendarDate(iso8601: table.cell(row, "TIME_PERIOD")),
                        let rate = Decimal(plainText: table.cell(row, "OBS_VALUE"))
                    else {
                        throw .unreadable(
                            "\(code) on \(table.cell(row, "TIME_PERIOD").prefix(20)) is \(table.cell(row, "OBS_VALUE").prefix(20))")
                    }
                    try days.add(code, rate, units: units, on: date)
                }
                return try days.fetched()
            })
        declaration.firstDay = CalendarDate(year: 1953, month: 1, day: 2)
        return declaration
    }()
}
