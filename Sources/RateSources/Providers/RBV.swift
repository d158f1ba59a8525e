import Core
import Foundation

extension RateSource {
    // The day's rates are posted in the morning.
    package static let rbv = official(
        "rbv", "Reserve Bank of Vanuatu", website: "https://www.rbv.gov.vu/index.php/en/exchange-rates", home: "VUV",
        quotation: .basePerUnit,
        country: "VU", rateType: "official rate", region: .asiaPacific, terms: "https://www.rbv.gov.vu/",
        publishes: .init(hour: 10, minute: 0, timeZone: "Pacific/Efate"))
}

extension ProviderDeclaration {
    /// One page listing every day (asked for with `limit1=100000`), newest first: a table
    /// `Date, USD, JPY, NZD, GBP, AUD, EUR`, vatu per unit; days written `22 May 2026` or, in
    /// older rows, `26-Aug-25`. A page cut short (without its `</html>`) is refused, as its
    /// table would pass for the whole history.
    static let rbv = ProviderDeclaration(
        source: .rbv, origin: "https://www.rbv.gov.vu", documents: .whole("/index.php/en/exchange-rates?limit1=100000"),
        minimumCurrencies: 6,
        parse: { data throws(RatesProviderError) in
            let what = "a Reserve Bank of Vanuatu rates page"
            guard HTMLTables.isWhole(data) else { throw .unreadable("not \(what): the page is cut short") }
            let columns = ["USD", "JPY", "NZD", "GBP", "AUD", "EUR"]
            guard
                let table = try HTMLTables(data, what: what).tables.first(where: { Array(($0.first ?? []).prefix(7)) == ["Date"] + columns }
                )
            else { throw .unreadable("not \(what): no table of Date, \(columns.joined(separator: ", "))") }
            var days = PublishedDays(.rbv)
            for row in table.dropFirst() where row.count >= 7 {
                guard let date = PublishedDate.withFullMonthName(row[0]) ?? PublishedDate.withMonthName(row[0], separator: "-") else {
                    throw .unreadable("a row is dated \(row[0].prefix(20))")
                }
                for (code, written) in zip(columns, row[1...6]) {
                    guard let rate = Decimal(plainText: written) else { throw .unreadable("\(code) on \(date) is \(written.prefix(20))") }
                    try days.add(code, rate, on: date)
                }
            }
            return try days.fetched()
        })
}
