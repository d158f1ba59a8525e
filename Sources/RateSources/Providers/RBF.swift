import Core
import Foundation

extension RateSource {
    // The day's mid rates are set in the morning, Suva time.
    package static let rbf = official(
        "rbf", "Reserve Bank of Fiji", website: "https://www.rbf.gov.fj/statistics/economic-and-financial-statistics/", home: "FJD",
        quotation: .unitsPerBase, country: "FJ", rateType: "mid rate", region: .asiaPacific, terms: "https://www.rbf.gov.fj/",
        publishes: .init(hour: 11, minute: 0, timeZone: "Pacific/Fiji"))
}

extension ProviderDeclaration {
    /// A workbook the statistics page links to (its address names the month it was posted), a
    /// sheet `DAILY EXCHANGE RATES (RBF Mid-Rate Per Fiji Dollar)`: a row of column names
    /// (`US$`, `A$`, `NZ$`, `EURO`, `YEN`, `STG`, `SDR`, `CHF`) then a row per day, an Excel date
    /// serial and each currency's units per Fiji dollar, written with a float's noise
    /// (`0.33750000000000002` is 0.3375).
    static let rbf = ProviderDeclaration(
        source: .rbf, origin: "https://www.rbf.gov.fj",
        documents: .whole(.linked(from: "/statistics/economic-and-financial-statistics/", ending: ".xlsx")), minimumCurrencies: 8,
        parse: { data throws(RatesProviderError) in
            let sheet = try XLSXSheet(data, what: "the Reserve Bank of Fiji's daily rates workbook")
            guard
                let (header, columns) = sheet.rows.sorted(by: { $0.key < $1.key }).lazy.compactMap({
                    row, cells -> (Int, [String: String])? in
                    let named = cells.compactMapValues { rbfNames[$0.trimmingCharacters(in: .whitespaces)] }
                    return named.count == rbfNames.count ? (row, named) : nil
                }).first
            else { throw .unreadable("the workbook has no row naming \(rbfNames.keys.sorted().joined(separator: ", "))") }
            var days = PublishedDays(.rbf)
            for (row, cells) in sheet.rows where row > header {
                guard let serial = cells["A"], let date = XLSXSheet.day(serial: serial) else { continue }
                for (column, code) in columns {
                    guard let written = cells[column], let rate = Decimal(plainText: written).map(FloatWritten.faithful) else {
                        throw .unreadable("\(code) on \(date) is \(cells[column]?.prefix(20) ?? "missing")")
                    }
                    try days.add(code, rate, on: date)
                }
            }
            return try days.fetched()
        })

    /// The workbook's column names and the currencies they are.
    static let rbfNames = ["US$": "USD", "A$": "AUD", "NZ$": "NZD", "EURO": "EUR", "YEN": "JPY", "STG": "GBP", "SDR": "XDR", "CHF": "CHF"]
}
