import Core
import Foundation

extension RateSource {
    package static let cbs = official(
        "cbs", "Central Bank of Samoa", website: "https://cbs.gov.ws/daily-exchange-rates", home: "WST", quotation: .unitsPerBase,
        country: "WS", rateType: "indicative rate", region: .asiaPacific, terms: "https://cbs.gov.ws/",
        publishes: .init(hour: 10, minute: 0, timeZone: "Pacific/Apia"))
}

extension ProviderDeclaration {
    /// The workbook of every day since 2008 linked from the daily rates page (its name holds the
    /// day it was posted, `Historical-Daily-Rates-June032026.xlsx`): a sheet a year, a block a
    /// month under its name (`JANUARY`), each headed `DATE` and a column a currency, a row a day
    /// dated by an Excel serial. Every figure is units of the currency per tala, though the
    /// headings are written both ways round (`TALA/USD` since 2013, `US/TALA` and `AUS/TALA`
    /// before: 0.34554 dollars a tala on 2 January 2009 either way). `n/a` for no rate; the
    /// offshore yuan (`CNH`) left out; a day written on two rows with different figures (12
    /// January 2026 in the recording) left out, as which is the day's cannot be told. Only the
    /// sheets of the years wanted are read (a refresh reads this year's).
    static let cbs = ProviderDeclaration(
        source: .cbs, origin: "https://cbs.gov.ws", documents: .whole(.linked(from: "/daily-exchange-rates", ending: ".xlsx")),
        minimumCurrencies: 7,
        parseDays: { data, wanted throws(RatesProviderError) in
            var rowsByDay: [CalendarDate: [[String: Decimal]]] = [:]
            var heldAny = false
            // A sheet a year: those of the years wanted only (a refresh reads this year's).
            let years = wanted.map { $0.lowerBound.year...$0.upperBound.year }
            let sheets = try XLSXSheet.sheets(data, what: "the Central Bank of Samoa's historical daily rates") { name in
                guard let years, let year = Int(name.trimmingCharacters(in: .whitespaces)) else { return true }
                // Another year's sheet holds days, just not those wanted.
                if !years.contains(year) { heldAny = true }
                return years.contains(year)
            }
            for (name, sheet) in sheets {
                var codes: [String: String] = [:]
                for (_, cells) in sheet.rows.sorted(by: { $0.key < $1.key }) {
                    guard let first = cells["B"]?.trimmingCharacters(in: .whitespaces) else { continue }
                    if first == "DATE" {
                        codes = try cbsHeading(cells, sheet: name)
                        continue
                    }
                    guard let date = XLSXSheet.day(serial: first), !codes.isEmpty else { continue }
                    heldAny = true
                    if let wanted, !wanted.contains(date) { continue }
                    var rates: [String: Decimal] = [:]
                    for (column, code) in codes {
                        guard let value = cells[column], value.contains(where: \.isNumber) else { continue }
                        guard let rate = Decimal(plainText: value).map(FloatWritten.faithful) else {
                            throw .unreadable("\(code) on \(date) is \(value.prefix(20))")
                        }
                        rates[code] = rate
                    }
                    if !rates.isEmpty { rowsByDay[date, default: []].append(rates) }
                }
            }
            var days = PublishedDays(.cbs)
            for (date, rows) in rowsByDay where rows.allSatisfy({ $0 == rows[0] }) {
                for (code, rate) in rows[0] { try days.add(code, rate, on: date) }
            }
            return try days.fetched(heldAny: heldAny)
        })

    /// A month block's heading: each column's currency, whichever side of `/` the tala is written
    /// (`TALA/EURO`, `US/TALA`, `AUS/TALA`), the offshore yuan left out.
    private static func cbsHeading(_ cells: [String: String], sheet: String) throws(RatesProviderError) -> [String: String] {
        var codes: [String: String] = [:]
        for (column, label) in cells where column != "B" {
            let sides = label.trimmingCharacters(in: .whitespaces).split(separator: "/").map(String.init)
            if sides.isEmpty { continue }
            guard sides.count == 2, sides.filter({ $0 == "TALA" }).count == 1, let name = sides.first(where: { $0 != "TALA" }) else {
                throw .unreadable("the sheet \(sheet) heads a column \(label.prefix(20))")
            }
            let code = ["US": "USD", "NZ": "NZD", "AUS": "AUD", "EURO": "EUR", "YEN": "JPY"][name] ?? name
            guard code != "CNH" else { continue }
            guard Currency.isWellFormedCode(code) else { throw .unreadable("the sheet \(sheet) heads a column \(label.prefix(20))") }
            codes[column] = code
        }
        return codes
    }
}
