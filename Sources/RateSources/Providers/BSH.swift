import Core
import Foundation

extension RateSource {
    package static let bsh = official(
        "bsh", "Bank of Albania", website: "https://www.bankofalbania.org/Markets/Official_exchange_rate/", home: "ALL",
        quotation: .basePerUnit, country: "AL", rateType: "official exchange rate", region: .europe,
        terms: "https://www.bankofalbania.org/",
        publishes: .init(hour: 12, minute: 30, timeZone: "Europe/Tirane"))
}

extension ProviderDeclaration {
    /// Today's rates on the official rate page (its first table: name, code, lek per unit,
    /// the change; `Japanese Yen (100)`; dated by its `Last update: 22.05.2026`), and each past
    /// year's workbook linked from the archive page (`Kursi_i_kembimit_2024_29746.xlsx`; the years
    /// before 2013 are legacy `.xls`): a sheet a month laid out by hand, a block of three columns
    /// a day headed `DT. 03.01.2024` (rates per dollar, lek per unit, a gap), currencies by
    /// Albanian name in column B (`Jeni Japonez (per 100) (JPY)`, `E U R O`, `Ari (oz)` for gold),
    /// and the remains of older tables further down, without a `DT` heading, left alone. The
    /// offshore yuan (`CNH`) is not a currency's code and is left out; `SDR` is the XDR.
    static let bsh: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .bsh, origin: "https://www.bankofalbania.org",
            documents: .year {
                .linked(from: "/Markets/Official_exchange_rate/Exchage_rate_archive/", ending: ".xlsx", containing: "_\($0)_")
            },
            parse: { data throws(RatesProviderError) in
                data.starts(with: Array("PK".utf8)) ? try bshWorkbook(data) : try bshPage(data)
            })
        declaration.latest = "/Markets/Official_exchange_rate/"
        declaration.firstDay = CalendarDate(year: 2013, month: 1, day: 1)
        return declaration
    }()

    private static func bshPage(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let what = "the Bank of Albania's official rate page"
        guard HTMLTables.isWhole(data) else { throw .unreadable("not \(what): the page is cut short") }
        let page = try HTMLTables(data, what: what)
        guard let table = page.tables.first, table.first == ["Main Currency", "Albanian Lek per Foreign Currency Unit"] else {
            throw .unreadable("not \(what): no table of lek per unit")
        }
        // `Last update: 22.05.2026  12:12:23`, spaced with no-break spaces.
        let updated = page.text.range(of: "Last update:").flatMap {
            page.text[$0.upperBound...].split(whereSeparator: \.isWhitespace).first
        }
        guard let updated, let date = PublishedDate.dotted(String(updated)) else {
            throw .unreadable("not \(what): updated on \(updated?.prefix(20) ?? "no day")")
        }
        var days = PublishedDays(.bsh)
        for row in table.dropFirst() where row.count >= 3 && row[1] != "CNH" {
            let code = row[1] == "SDR" ? "XDR" : row[1]
            guard Currency.isWellFormedCode(code), let rate = Decimal(plainText: row[2]) else {
                throw .unreadable("\(row[1].prefix(10)) is \(row[2].prefix(20))")
            }
            try days.add(code, rate, units: row[0].hasSuffix("(100)") ? 100 : 1, on: date)
        }
        return try days.fetched()
    }

    private static func bshWorkbook(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        var days = PublishedDays(.bsh)
        for (name, sheet) in try XLSXSheet.sheets(data, what: "the Bank of Albania's yearly workbook") {
            // Each day's heading over its dollar column; the lek per unit are in the next one.
            var columns: [(lek: String, date: CalendarDate)] = []
            for cells in sheet.rows.values {
                for (column, text) in cells where text.trimmingCharacters(in: .whitespaces).hasPrefix("DT") {
                    let written = text.drop { !$0.isNumber }.trimmingCharacters(in: .whitespaces)
                    guard let date = PublishedDate.dotted(written) else {
                        throw .unreadable("the sheet \(name) heads a day \(text.prefix(20))")
                    }
                    columns.append((XLSXSheet.columnLetters(XLSXSheet.columnNumber(column) + 1), date))
                }
            }
            for cells in sheet.rows.values {
                guard let label = cells["B"], let currency = bshCurrency(label) else { continue }
                let (code, units) = currency
                for (column, date) in columns {
                    guard let value = cells[column], !value.isEmpty else { continue }
                    guard let rate = Decimal(plainText: value).map(FloatWritten.faithful) else {
                        throw .unreadable("\(code) on \(date) is \(value.prefix(20))")
                    }
                    try days.add(code, rate, units: units, on: date)
                }
            }
        }
        return try days.fetched()
    }

    /// The currency and units a row's Albanian label names; `nil` for a label that names none
    /// (a heading) or the offshore yuan.
    static func bshCurrency(_ label: String) -> (code: String, units: Int)? {
        let trimmed = label.trimmingCharacters(in: .whitespaces)
        let units = trimmed.contains("(per 100)") ? 100 : 1
        switch trimmed {
        case "E U R O": return ("EUR", 1)
        case "Ari (oz)": return ("XAU", 1)
        case "Argjendi (oz)": return ("XAG", 1)
        default: break
        }
        // `Dollari Amerikan (USD)`, `Juani Kinez (onshore) CNY`: the code last, in brackets or not.
        let written = String(trimmed.filter { $0 != "(" && $0 != ")" }.split(separator: " ").last ?? "")
        guard written.count == 3, written.allSatisfy(\.isUppercase) else { return nil }
        if written == "CNH" { return nil }
        return (written == "SDR" ? "XDR" : written, units)
    }
}
