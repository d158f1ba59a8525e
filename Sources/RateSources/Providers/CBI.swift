import Core
import Foundation

extension RateSource {
    package static let cbi = official(
        "cbi", "Central Bank of Iraq", website: "https://cbi.iq/page/144", home: "IQD", quotation: .basePerUnit, country: "IQ",
        rateType: "the mean of the bank's buying and selling rates", region: .middleEast, terms: "https://cbi.iq/",
        publishes: .init(hour: 14, minute: 0, timeZone: "Asia/Baghdad"), sides: true)
}

extension ProviderDeclaration {
    /// The workbook the exchange rate page links as its daily rates "against the main currencies
    /// and gold" (its address an opaque upload id, so the link is known by that text): a sheet a
    /// year laid out by hand. A row names each currency group (`USD`, `S.FR` the franc, `UAE` the
    /// dirham, `SDR`; in later years in the Arabic name's cell, `الدولار الأمريكي USD`, sometimes over
    /// the group's middle column), a row heads its columns `Buy ID`, `Sell ID` and, since 2025,
    /// `Sell ID 2`; then blocks a month, each under a heading `Jan. 2024` or `Feb.2026`, a row a
    /// day numbered 1 to 31, holidays written across the row, and an `Average` row. The mean of
    /// `Buy` and the first `Sell` is stored. Gold has no `Buy` heading and is left out; so is a
    /// block under no month heading (2026's January, headed only `2026`) rather than guessed.
    static let cbi = ProviderDeclaration(
        source: .cbi, origin: "https://cbi.iq", documents: .whole(.linked(from: "/page/144", ending: ".xlsx", labelled: "الذهب")),
        parse: { data throws(RatesProviderError) in
            var days = PublishedDays(.cbi)
            for (name, sheet) in try XLSXSheet.sheets(data, what: "the Central Bank of Iraq's daily rates workbook") {
                guard let year = Int(name.trimmingCharacters(in: .whitespaces)) else { continue }
                let rows = sheet.rows.sorted { $0.key < $1.key }
                guard let heading = rows.first(where: { $0.value.values.contains { $0.contains("Buy") } }) else { continue }
                let groups = try cbiGroups(heading.value, named: rows.prefix { $0.key < heading.key }.map(\.value), sheet: name)
                var month: Int?
                for (_, cells) in rows {
                    guard let label = cells["A"]?.trimmingCharacters(in: .whitespaces) else { continue }
                    if let heading = cbiMonth(label) {
                        guard heading.year == year else { throw .unreadable("the sheet \(name) heads a month \(label.prefix(20))") }
                        month = heading.month
                        continue
                    }
                    guard let day = Int(label), (1...31).contains(day), let month else { continue }
                    // A holiday's note, written across the row where the rates would be, and a
                    // month's rows for days it lacks (29 February 2026), left empty: no rates.
                    let quoted = groups.filter { cells[$0.buy]?.contains(where: \.isNumber) == true }
                    guard !quoted.isEmpty else { continue }
                    guard let date = CalendarDate(year: year, month: month, day: day) else {
                        throw .unreadable("the sheet \(name) has rates on day \(day) of month \(month)")
                    }
                    for group in quoted {
                        try days.addMean(group.code, bought: cells[group.buy], sold: cells[group.sell], on: date) {
                            Decimal(plainText: $0).map(FloatWritten.faithful)
                        }
                    }
                }
            }
            return try days.fetched()
        })

    /// Each currency's `Buy` column and first `Sell` column (never `Sell ID 2`), and its code, as
    /// a row above the heading names it within the group's columns.
    private static func cbiGroups(
        _ heading: [String: String], named above: [[String: String]], sheet: String
    ) throws(RatesProviderError) -> [(code: String, buy: String, sell: String)] {
        let buys = heading.filter { $0.value.contains("Buy") }.keys.map(XLSXSheet.columnNumber).sorted()
        var groups: [(code: String, buy: String, sell: String)] = []
        for (index, buy) in buys.enumerated() {
            let end = index + 1 < buys.count ? buys[index + 1] : Int.max
            let columns = heading.keys.map(XLSXSheet.columnNumber).filter { $0 >= buy && $0 < end }.sorted()
            guard
                let sell = columns.first(where: {
                    heading[XLSXSheet.columnLetters($0)].map { $0.contains("Sell") && !$0.contains("2") } ?? false
                })
            else { throw .unreadable("the sheet \(sheet) has a Buy column \(XLSXSheet.columnLetters(buy)) without its Sell") }
            let named = above.lazy.flatMap { cells in (buy..<min(end, buy + 3)).compactMap { cells[XLSXSheet.columnLetters($0)] } }
            guard let code = named.lazy.compactMap(cbiCode).first else {
                throw .unreadable("the sheet \(sheet) names no currency over \(XLSXSheet.columnLetters(buy))")
            }
            groups.append((code, XLSXSheet.columnLetters(buy), XLSXSheet.columnLetters(sell)))
        }
        return groups
    }

    /// The code a header cell names: its last word, a code or one of the bank's own labels.
    static func cbiCode(_ text: String) -> String? {
        let word = text.split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
        if let code = ["S.FR": "CHF", "UAE": "AED", "SDR": "XDR"][word] { return code }
        return word.count == 3 && word.allSatisfy({ $0.isASCII && $0.isUppercase }) ? word : nil
    }

    /// The month and year of a block's heading: `Jan. 2024`, `Feb.2026`, `Jan,2009`.
    static func cbiMonth(_ label: String) -> (month: Int, year: Int)? {
        let letters = label.prefix { $0.isLetter }, rest = label.dropFirst(letters.count).drop { ".,".contains($0) || $0 == " " }
        guard letters.count >= 3, let month = PublishedDate.monthNumbers[letters.prefix(3).lowercased()], rest.count == 4,
            let year = Int(rest)
        else { return nil }
        return (month, year)
    }
}
