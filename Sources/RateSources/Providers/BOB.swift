import Core
import Foundation

extension RateSource {
    // The day's rates are set in the morning.
    package static let bob = official(
        "bob", "Bank of Botswana", website: "https://www.bankofbotswana.bw/exchange-rates", home: "BWP", quotation: .unitsPerBase,
        country: "BW", rateType: "mid rate", region: .africa, terms: "https://www.bankofbotswana.bw/",
        publishes: .init(hour: 11, minute: 0, timeZone: "Africa/Gaborone"))
}

extension ProviderDeclaration {
    /// One CSV of every day since 2009, newest first: `Date,CHN,EUR,GBP,USD,SDR,YEN,ZAR` then
    /// `"19 Mar 2026",0.5165,0.0653,…`: units of each currency per pula, under the bank's own
    /// column names (CHN the yuan, SDR the special drawing right, YEN the yen). A currency not
    /// yet quoted on a day is written 0.0000, and left out; so is a day written on two rows
    /// with different figures. Read for the days wanted only.
    static let bob = ProviderDeclaration(
        source: .bob, origin: "https://www.bankofbotswana.bw", documents: .whole("/export/exchange-rates.csv?_format=csv&page"),
        minimumCurrencies: 6,
        parseDays: { data, wanted throws(RatesProviderError) in
            let what = "the Bank of Botswana's exchange rates CSV"
            let table = try CSVTable(PublishedCSV.rows(data, what: what), required: ["Date"] + bobColumns.keys.sorted(), what: what)
            guard table.rows.allSatisfy({ $0.count == table.header.count }) else { throw .unreadable("not \(what): a row is cut short") }
            var rowsByDay: [CalendarDate: [[String]]] = [:]
            for row in table.rows {
                guard let date = PublishedDate.withMonthName(table.cell(row, "Date"), separator: " ") else {
                    throw .unreadable("a row is dated \(table.cell(row, "Date").prefix(20))")
                }
                rowsByDay[date, default: []].append(row)
            }
            var days = PublishedDays(.bob)
            // A day written on two rows with different figures (three in the recorded file, each
            // a copy of a neighbour's row under a wrong date) is left out: which row is the day's
            // cannot be told.
            for (date, rows) in rowsByDay where Set(rows).count == 1 && wanted?.contains(date) != false {
                for (column, code) in bobColumns {
                    let written = table.cell(rows[0], column)
                    guard let rate = Decimal(plainText: written) else { throw .unreadable("\(code) on \(date) is \(written.prefix(20))") }
                    if rate != 0 { try days.add(code, rate, on: date) }
                }
            }
            return try days.fetched(heldAny: !rowsByDay.isEmpty)
        })

    /// The CSV's columns and the currencies they are.
    static let bobColumns = ["CHN": "CNY", "EUR": "EUR", "GBP": "GBP", "USD": "USD", "SDR": "XDR", "YEN": "JPY", "ZAR": "ZAR"]
}
