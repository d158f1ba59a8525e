import Core
import Foundation

extension RateSource {
    package static let rbm = official(
        "rbm", "Reserve Bank of Malawi", website: "https://www.rbm.mw/Statistics/MajorRates/", home: "MWK", quotation: .basePerUnit,
        country: "MW", rateType: "middle rate", region: .africa, terms: "https://www.rbm.mw/",
        publishes: .init(hour: 16, minute: 0, timeZone: "Africa/Blantyre"), sides: true)
}

extension ProviderDeclaration {
    /// A page for a POSTed run of days: a table `Currency, Buying, Middle, Selling, Date`, a row
    /// per currency and day (`USD, 1666.7326, 1683.3663, 1700.0000, Jan 02 2024`), kwacha per
    /// unit; the middle rate is read. The Irish pound (withdrawn in 2002) and `CMD`, which is no
    /// currency's code, are listed and left out.
    static let rbm = ProviderDeclaration(
        source: .rbm, origin: "https://www.rbm.mw",
        documents: .range(maxDays: 93) {
            .post(
                "/Statistics/ExchangeRatesFilter/",
                "RateTypes=&StartDate=\(QueryDate.slashed($0.lowerBound))&EndDate=\(QueryDate.slashed($0.upperBound))",
                contentType: "application/x-www-form-urlencoded")
        },
        parse: { data throws(RatesProviderError) in
            let what = "a Reserve Bank of Malawi rates page"
            let page = try HTMLTables(data, what: what)
            guard let table = page.tables.first(where: { $0.first == ["Currency", "Buying", "Middle", "Selling", "Date"] }) else {
                throw .unreadable("not \(what): no table of Currency, Buying, Middle, Selling, Date")
            }
            var days = PublishedDays(.rbm)
            for row in table.dropFirst() where row.count == 5 && Currency.isWellFormedCode(row[0]) && !["IEP", "CMD"].contains(row[0]) {
                guard let date = PublishedDate.withMonthName(monthFirst: row[4]) else {
                    throw .unreadable("\(row[0]) is dated \(row[4].prefix(20))")
                }
                guard let rate = Decimal(plainText: row[2]) else { throw .unreadable("\(row[0])'s middle rate is \(row[2].prefix(20))") }
                try days.add(row[0], rate, on: date)
                try days.addSides(row[0], bought: row[1], sold: row[3], on: date, read: { Decimal(plainText: $0) })
            }
            return try days.fetched()
        })
}
