import Core
import Foundation

extension RateSource {
    package static let sbp = official(
        "sbp", "State Bank of Pakistan", website: "https://www.sbp.org.pk/ecodata/rates/BFER/index.asp", home: "PKR",
        quotation: .basePerUnit, country: "PK", rateType: "daily average of banks' floating rates",
        region: .asiaPacific, terms: "https://www.sbp.org.pk/our-operations/disclaimer",
        publishes: .init(hour: 10, minute: 0, timeZone: "Asia/Karachi", monthlyRelease: 15...28))
}

extension ProviderDeclaration {
    /// Two workbooks, the current month's and the archive since July 2013, each a sheet laid
    /// out wide: a header row `Country, Currency` then a column per day (Excel date serials),
    /// and a row per currency by English name (typos and all: `Japnese Yen`, `Singaporian
    /// Dollar`), rupees per unit. A cell holds the banks' average as a binary float
    /// (`279.35178571428565`), read to 15 significant digits (``FloatWritten``). Read for the
    /// days wanted only: a refresh after a gap wants a month of the archive's 13 years
    /// (docs/BENCHMARKS.md, *Publishers' documents*).
    static let sbp: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .sbp, origin: "https://www.sbp.org.pk",
            documents: .files(["/assets/document/BFER_Daily_Arch.xlsx", "/assets/document/BFER_Daily.xlsx"]),
            parseDays: { data, wanted throws(RatesProviderError) in
                let what = "a State Bank of Pakistan rates workbook"
                let sheet = try XLSXSheet(data, what: what)
                guard let header = sheet.rows.keys.sorted().first(where: { sheet.rows[$0]?["B"] == "Currency" }) else {
                    throw .unreadable("not \(what): no row of Country and Currency")
                }
                var dates: [String: CalendarDate] = [:], dated = 0
                for (column, serial) in sheet.rows[header]! where column != "A" && column != "B" {
                    guard let day = XLSXSheet.day(serial: serial) else { throw .unreadable("a day is written \(serial.prefix(12))") }
                    dated += 1
                    if wanted?.contains(day) != false { dates[column] = day }
                }
                var days = PublishedDays(.sbp)
                for (_, row) in sheet.rows.filter({ $0.key > header }) {
                    guard let name = row["B"], let code = sbpCodes[name.trimmingCharacters(in: .whitespaces)] else { continue }
                    for (column, date) in dates {
                        guard let written = row[column] else { continue }
                        guard let rate = Decimal(plainText: written).map(FloatWritten.faithful) else {
                            throw .unreadable("\(code) on \(date) is \(written.prefix(20))")
                        }
                        try days.add(code, rate, on: date)
                    }
                }
                // Days, just none of those wanted: no rates, not an unreadable document.
                return try days.fetched(heldAny: dates.isEmpty && dated > 0)
            })
        declaration.latest = "/assets/document/BFER_Daily.xlsx"
        return declaration
    }()

    /// The State Bank's currency names, as its two workbooks spell them.
    static let sbpCodes = [
        "Australian Dollar": "AUD", "Bahraini Dinar": "BHD", "Canadian Dollar": "CAD", "Chinese Yuan": "CNY",
        "Danish Krone": "DKK", "Hongkong Dollar": "HKD", "Hong Kong Dollar": "HKD", "Japnese Yen": "JPY", "Japanese Yen": "JPY",
        "Kuwaiti Dinar": "KWD", "Malaysian Ringgit": "MYR", "New Zealand Dollar": "NZD", "Norwegian Krone": "NOK",
        "Omani Riyal": "OMR", "Qatari Riyal": "QAR", "Singaporian Dollar": "SGD", "Singapore Dollar": "SGD",
        "Swedish Krona": "SEK", "Swedish Krone": "SEK", "Swiss Franc": "CHF", "Saudi Arabian Riyal": "SAR", "Thai Bhat": "THB",
        "Thai Baht": "THB", "Turkish Lira": "TRY", "UAE Dirham": "AED", "U.A.E. Dirham": "AED", "UK Pound Sterling": "GBP",
        "U.K. Pound Sterling": "GBP", "U.S. Dollar": "USD", "Euro": "EUR",
    ]
}
