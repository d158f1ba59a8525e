import Core
import Foundation

extension RateSource {
    // The day's rates are posted in the morning, Kabul time.
    package static let dab = official(
        "dab", "Da Afghanistan Bank", website: "https://www.dab.gov.af/exchange-rates", home: "AFN", quotation: .basePerUnit, country: "AF",
        rateType: "mean of transfer buying and selling rates", region: .centralAsia, terms: "https://www.dab.gov.af/",
        publishes: .init(hour: 10, minute: 0, timeZone: "Asia/Kabul"), sides: true)
}

extension ProviderDeclaration {
    /// A page per day: the first table, `Currency, Cash (Sell), Cash (Buy), Transfer (Sell),
    /// Transfer (Buy)`, afghanis per unit of currencies named the bank's way (`USD$`, `EURO€`,
    /// `SWISS₣`, `PAKISTAN Rs.`); the mean of the transfer rates is stored, dated by the page's
    /// `Last updated: 18 May 2026`, which may be another day than the one asked for. The Iranian
    /// toman (ten rials, quoted to four decimals of an afghani: 0.0004 to 0.0008) is left out.
    static let dab = ProviderDeclaration(
        source: .dab, origin: "https://www.dab.gov.af", documents: .day(latest: nil) { "/exchange-rates?field_date_value=\($0)" },
        minimumCurrencies: 9,
        parse: { data throws(RatesProviderError) in
            let what = "a Da Afghanistan Bank rates page"
            guard HTMLTables.isWhole(data) else { throw .unreadable("not \(what): the page is cut short") }
            let page = try HTMLTables(data, what: what)
            guard let table = page.tables.first,
                table.first == ["Currency", "Cash (Sell)", "Cash (Buy)", "Transfer (Sell)", "Transfer (Buy)"]
            else { throw .unreadable("not \(what): no table of cash and transfer rates") }
            let updated = page.text.range(of: "Last updated: ").map {
                page.text[$0.upperBound...].split(separator: " ").prefix(3).joined(separator: " ")
            }
            guard let date = updated.flatMap(PublishedDate.withFullMonthName) else {
                throw .unreadable("not \(what): updated \(updated?.prefix(20) ?? "on no day")")
            }
            var days = PublishedDays(.dab)
            for row in table.dropFirst() where row.count == 5 && row[0] != "IRAN Toman" {
                guard let code = dabNames[row[0]] else { throw .unreadable("a currency named \(row[0].prefix(20))") }
                try days.addMean(code, bought: row[4], sold: row[3], on: date) { Decimal(plainText: $0) }
            }
            return try days.fetched()
        })

    /// The page's names of the currencies it quotes.
    static let dabNames = [
        "USD$": "USD", "EURO€": "EUR", "POUND£": "GBP", "SWISS₣": "CHF", "INDIAN Rs.": "INR", "PAKISTAN Rs.": "PKR", "CNY¥": "CNY",
        "UAE DIRHAM": "AED", "SAUDI RIYAL": "SAR",
    ]
}
