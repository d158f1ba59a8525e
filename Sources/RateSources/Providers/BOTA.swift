import Core
import Foundation

extension RateSource {
    package static let bota = official(
        "bota", "Bank of Tanzania", website: "https://www.bot.go.tz/ExchangeRate/excrates", home: "TZS", quotation: .basePerUnit,
        country: "TZ", rateType: "mean of buying and selling rates", region: .africa, terms: "https://www.bot.go.tz/",
        publishes: .init(hour: 11, minute: 0, timeZone: "Africa/Dar_es_Salaam"), sides: true)
}

extension ProviderDeclaration {
    /// A form of the previous rates page, posted for a run of days (`05/19/2026`, month first)
    /// with the antiforgery token and cookie its GET hands out (without them the server answers
    /// 500). The answer is a table `S/N, Currency, Buy, Sell, Mean, Date`, a row per currency and
    /// day, shillings per unit, dated `19-May-26`; the mean is read. Every number has a comma
    /// after its decimal point too (`2,589.0,500` is 2589.05). Besides the Russian ruble the
    /// table lists its code withdrawn in 1998 (`RUR`), and some withdrawn currencies: left out.
    static let bota = ProviderDeclaration(
        source: .bota, origin: "https://www.bot.go.tz",
        documents: .range(maxDays: 31) {
            .form(
                "/ExchangeRate/previous_rates", page: "/ExchangeRate/previous_rates", carrying: ["__RequestVerificationToken"],
                "dateFrom=\(FormPage.encoded(QueryDate.monthFirstSlashed($0.lowerBound)))"
                    + "&dateTo=\(FormPage.encoded(QueryDate.monthFirstSlashed($0.upperBound)))")
        },
        parse: { data throws(RatesProviderError) in
            let what = "a Bank of Tanzania rates page"
            let page = try HTMLTables(data, what: what)
            guard let table = page.tables.first(where: { $0.first == ["S/N", "Currency", "Buy", "Sell", "Mean", "Date"] }) else {
                throw .unreadable("not \(what): no table of S/N, Currency, Buy, Sell, Mean, Date")
            }
            var days = PublishedDays(.bota)
            for row in table.dropFirst() where row.count == 6 && Currency.isWellFormedCode(row[1]) && !botaWithdrawn.contains(row[1]) {
                guard let date = PublishedDate.withMonthName(row[5], separator: "-") else {
                    throw .unreadable("\(row[1]) is dated \(row[5].prefix(20))")
                }
                guard let rate = Decimal(thousandsSeparated: row[4]) else { throw .unreadable("\(row[1])'s mean is \(row[4].prefix(20))") }
                try days.add(row[1], rate, on: date)
                try days.addSides(row[1], bought: row[2], sold: row[3], on: date) { Decimal(thousandsSeparated: $0) }
            }
            return try days.fetched()
        })

    /// Codes the Bank of Tanzania's table carries for currencies gone before the euro or since.
    static let botaWithdrawn: Set<String> = ["RUR", "ATS", "NLG", "MZM", "ZWD", "CUC"]
}
