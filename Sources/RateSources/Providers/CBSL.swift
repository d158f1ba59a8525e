import Core
import Foundation

extension RateSource {
    package static let cbsl = official(
        "cbsl", "Central Bank of Sri Lanka",
        website: "https://www.cbsl.gov.lk/en/rates-and-indicators/exchange-rates/daily-indicative-exchange-rates", home: "LKR",
        quotation: .basePerUnit, country: "LK", rateType: "indicative rate", region: .asiaPacific, terms: "https://www.cbsl.gov.lk/",
        publishes: .init(hour: 10, minute: 0, timeZone: "Asia/Colombo"))
}

extension ProviderDeclaration {
    /// A form posted for a run of days with a checkbox per currency, each of the form page's
    /// (`chk_cur[]=AUD~Australian Dollar`, so a currency the bank adds is asked for too). The
    /// answer is a page with a table per currency: `Date, 1 AUD -> LKR, 1 LKR -> AUD`, a row per
    /// day (`2025-05-19`), rupees per unit first; gold per troy ounce. `CNH`, the offshore yuan,
    /// is no ISO 4217 code: left out. A page cut short still holds whole tables: it is refused.
    static let cbsl = ProviderDeclaration(
        source: .cbsl, origin: "https://www.cbsl.gov.lk",
        documents: .range(maxDays: 366) {
            .form(
                "/cbsl_custom/exrates/exrates_results.php", page: "/cbsl_custom/exrates/exrates.php", carrying: ["chk_cur[]"],
                "lookupPage=lookup_daily_exchange_rates.php&rangeType=dates&txtStart=\($0.lowerBound)&txtEnd=\($0.upperBound)"
                    + "&submit_button=Submit")
        },
        parse: { data throws(RatesProviderError) in
            let what = "a Central Bank of Sri Lanka rates page"
            guard HTMLTables.isWhole(data) else { throw .unreadable("not \(what): the page is cut short") }
            var days = PublishedDays(.cbsl)
            for table in try HTMLTables(data, what: what).tables {
                guard let header = table.first, header.count == 3, header[0] == "Date" else { continue }
                let pair = header[1].split(separator: " ").map(String.init)
                guard pair.count == 4, pair[0] == "1", pair[2] == "->", pair[3] == "LKR", Currency.isWellFormedCode(pair[1]) else {
                    throw .unreadable("not \(what): a table of \(header[1].prefix(20))")
                }
                let code = pair[1]
                guard code != "CNH" else { continue }
                for row in table.dropFirst() {
                    guard row.count == 3, let date = CalendarDate(iso8601: row[0]) else {
                        throw .unreadable("\(code) has a row \(row.joined(separator: " ").prefix(30))")
                    }
                    guard let rate = Decimal(plainText: row[1]) else { throw .unreadable("\(code)'s rate is \(row[1].prefix(20))") }
                    try days.add(code, rate, on: date)
                }
            }
            return try days.fetched()
        })
}
