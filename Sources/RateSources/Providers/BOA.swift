import Core
import Foundation

extension RateSource {
    // The workbook of daily quotations is posted each month; the documents do not say when.
    package static let boa = official(
        "boa", "Bank of Algeria", website: "https://www.bank-of-algeria.dz/donnees-historiques/", home: "DZD", quotation: .basePerUnit,
        country: "DZ", rateType: "official quotation", region: .africa, terms: "https://www.bank-of-algeria.dz/",
        publishes: .init(hour: 18, minute: 0, timeZone: "Africa/Algiers"))
}

extension ProviderDeclaration {
    /// A workbook linked from the historical data page (its address names the month it was
    /// posted), a sheet per currency (`USD - DZD`): its label `100 JPY / DZD` (dinars per 100
    /// yen; `EURO` for the euro), then a row per day, an Excel date serial and the rate written
    /// with a float's noise. The ouguiya's sheet (`MRO`, the code withdrawn in 2018) is empty.
    static let boa = ProviderDeclaration(
        source: .boa, origin: "https://www.bank-of-algeria.dz", documents: .whole(.linked(from: "/donnees-historiques/", ending: ".xlsx")),
        parse: { data throws(RatesProviderError) in
            var days = PublishedDays(.boa)
            for (name, sheet) in try XLSXSheet.sheets(data, what: "the Bank of Algeria's quotations workbook") {
                // `100 JPY / DZD`: the units, if any, and the currency before the slash.
                guard
                    let label = sheet.rows.sorted(by: { $0.key < $1.key }).lazy.compactMap({ $0.value["A"] }).first(where: {
                        $0.hasSuffix("/ DZD")
                    })
                else { throw .unreadable("the sheet \(name.prefix(20)) is labelled no currency") }
                let words = label.dropLast("/ DZD".count).split(separator: " ")
                let written = words.last.map(String.init) ?? "", code = written == "EURO" ? "EUR" : written
                guard Currency.isWellFormedCode(code), let units = words.count == 2 ? Int(words[0]) : 1 else {
                    throw .unreadable("the sheet \(name.prefix(20)) is labelled \(label.prefix(30))")
                }
                for (_, cells) in sheet.rows {
                    guard let serial = cells["A"], let date = XLSXSheet.day(serial: serial), let value = cells["B"] else { continue }
                    guard let rate = Decimal(plainText: value).map(FloatWritten.faithful) else {
                        throw .unreadable("\(code) on \(date) is \(value.prefix(20))")
                    }
                    try days.add(code, rate, units: units, on: date)
                }
            }
            return try days.fetched()
        })
}
