import Core
import Foundation

extension RateSource {
    // The authorised dealers' averages of a day are published the next morning.
    package static let nrbt = official(
        "nrbt", "National Reserve Bank of Tonga", website: "https://www.reservebank.to/", home: "TOP", quotation: .unitsPerBase,
        country: "TO",
        rateType: "authorised dealers' average mid rate", region: .asiaPacific, terms: "https://www.reservebank.to/",
        publishes: .init(hour: 10, minute: 0, timeZone: "Pacific/Tongatapu"))
}

extension ProviderDeclaration {
    /// A workbook whose first sheet holds the last two years: three blocks side by side, `BUY`,
    /// `MID` and `SELL`, each a column per currency (a row of codes), units per pa'anga; a row
    /// per day from an Excel date serial, a public holiday's written in words instead. The
    /// middle block is stored. Older years are on the workbook's other sheets, not read.
    static let nrbt = ProviderDeclaration(
        source: .nrbt, origin: "https://www.reservebank.to",
        documents: .whole("/data/docs/fmarkets/exrates/average_daily_exchange_rates.xlsx"),
        parse: { data throws(RatesProviderError) in
            let sheet = try XLSXSheet(data, what: "the National Reserve Bank of Tonga's average rates workbook")
            // The block headed `… MID`, and its columns: from its heading's column to the next block's.
            let headings = sheet.rows.sorted { $0.key < $1.key }.lazy.compactMap { row, cells in
                cells.first { $0.value.hasSuffix("MID") }.map { (row, $0.key) }
            }.first
            guard let (headingRow, midColumn) = headings,
                let (codesRow, codes) = sheet.rows.filter({ $0.key > headingRow }).sorted(by: { $0.key < $1.key }).first(where: {
                    $0.value[midColumn] != nil
                })
            else { throw .unreadable("the workbook has no block of mid rates") }
            let blocks = sheet.rows[headingRow]!.keys.map(XLSXSheet.columnNumber).sorted()
            let start = XLSXSheet.columnNumber(midColumn), end = blocks.first { $0 > start } ?? Int.max
            let columns = codes.filter { (start..<end).contains(XLSXSheet.columnNumber($0.key)) && Currency.isWellFormedCode($0.value) }
            var days = PublishedDays(.nrbt)
            for (row, cells) in sheet.rows where row > codesRow {
                guard let serial = cells["A"], let date = XLSXSheet.day(serial: serial) else { continue }
                // A public holiday is written in words across the row: no rates that day.
                guard cells[midColumn].flatMap(Decimal.init(plainText:)) != nil else { continue }
                for (column, code) in columns {
                    guard let written = cells[column], let rate = Decimal(plainText: written).map(FloatWritten.faithful) else {
                        throw .unreadable("\(code) on \(date) is \(cells[column]?.prefix(20) ?? "missing")")
                    }
                    try days.add(code, rate, on: date)
                }
            }
            return try days.fetched()
        })
}
