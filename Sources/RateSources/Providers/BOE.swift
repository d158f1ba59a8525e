import Core
import Foundation

extension RateSource {
    package static let boe = official(
        "boe", "Bank of England", website: "https://www.bankofengland.co.uk/boeapps/database/",
        home: "GBP", quotation: .unitsPerBase, country: "GB", rateType: "spot rate",
        region: .europe, terms: "https://www.bankofengland.co.uk/legal",
        publishes: PublicationTime(hour: 16, minute: 0, timeZone: "Europe/London"), translated: Message("Bank of England"))
}

/// Reads the Bank of England's spot rates from its database's CSV (`_iadb-fromshowcolumns.asp`,
/// `CSVF=TN`): `DATE` (`17 Mar 2026`) and one column per series, each the units of a currency
/// per pound sterling. Series codes name the currencies (``series``).
private enum BOEDocument {
    /// The spot series the app asks for, and their currencies (the Bank's own codes, from its database).
    static let series: [(code: String, currency: String)] = [
        ("XUDLUSS", "USD"), ("XUDLERS", "EUR"), ("XUDLJYS", "JPY"), ("XUDLCDS", "CAD"), ("XUDLSFS", "CHF"),
        ("XUDLADS", "AUD"), ("XUDLNDS", "NZD"), ("XUDLNKS", "NOK"), ("XUDLSKS", "SEK"), ("XUDLDKS", "DKK"),
        ("XUDLHDS", "HKD"), ("XUDLSGS", "SGD"), ("XUDLSRS", "SAR"), ("XUDLZRS", "ZAR"), ("XUDLTWS", "TWD"),
        ("XUDLBK25", "CZK"), ("XUDLBK33", "HUF"), ("XUDLBK47", "PLN"), ("XUDLBK78", "ILS"), ("XUDLBK83", "MYR"),
        ("XUDLBK87", "THB"), ("XUDLBK89", "CNY"), ("XUDLBK93", "KRW"), ("XUDLBK95", "TRY"), ("XUDLBK97", "INR"),
        ("XUDLZOS4", "RON"),
    ]

    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let rows = try PublishedCSV.rows(data, what: "Bank of England CSV")
        guard let header = rows.first, header.first?.uppercased() == "DATE" else {
            throw .unreadable("not Bank of England CSV (no DATE column)")
        }
        let currencies = Dictionary(uniqueKeysWithValues: series.map { ($0.code, $0.currency) })
        var days = PublishedDays(.boe)
        for row in rows.dropFirst() {
            guard let first = row.first, let date = PublishedDate.withMonthName(first, separator: " ") else {
                throw .unreadable("a line is dated \(row.first ?? "nowhere")")
            }
            for (column, text) in row.enumerated().dropFirst() where column < header.count && !text.isEmpty {
                guard let code = currencies[header[column]] else { continue }
                guard let rate = Decimal(published: text) else {
                    throw .unreadable("\(header[column]) on \(first) is \(text), not a number")
                }
                try days.add(code, rate, on: date)
            }
        }
        return try days.fetched()
    }
}

extension ProviderDeclaration {
    static let boe = ProviderDeclaration(
        source: .boe, origin: "https://www.bankofengland.co.uk",
        documents: .range(maxDays: unlimited) { days in
            .get(
                "/boeapps/database/_iadb-fromshowcolumns.asp?csv.x=yes&SeriesCodes=\(BOEDocument.series.map(\.code).joined(separator: ","))"
                    + "&UsingCodes=Y&CSVF=TN&Datefrom=\(PublishedDate.slashedWithMonthName(days.lowerBound))"
                    + "&Dateto=\(PublishedDate.slashedWithMonthName(days.upperBound))")
        },
        parse: BOEDocument.parse)
}
