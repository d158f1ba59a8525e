import Core
import Foundation

extension RateSource {
    // The day's rates are posted in the morning, Phnom Penh time.
    package static let nbc = official(
        "nbc", "National Bank of Cambodia", website: "https://www.nbc.gov.kh/english/economic_research/exchange_rate.php", home: "KHR",
        quotation: .basePerUnit, country: "KH", rateType: "official rate (dollar); average of bid and ask (others)",
        region: .asiaPacific, terms: "https://www.nbc.gov.kh/", publishes: .init(hour: 9, minute: 0, timeZone: "Asia/Phnom_Penh"),
        sides: true)
}

extension ProviderDeclaration {
    /// A form: the page's GET hands out a one-time token (`tk`), its POST with a day answers the
    /// page of that day, `Official Exchange Rate : 4014 KHR / USD` above a table `Currency,
    /// Symbol, Unit, Bid, Ask, Average` (`JPY/KHR, 100, 2533, 2558, 2545.50`): riels per unit.
    /// The dollar's official rate and the others' averages are stored, dated by the page's
    /// `Exchange Rate on : 2026-05-18`; the offshore yuan (`CNH`) is left out, `SDR` is the XDR.
    static let nbc = ProviderDeclaration(
        source: .nbc, origin: "https://www.nbc.gov.kh",
        documents: .day(latest: nil) {
            .form(
                "/english/economic_research/exchange_rate.php", page: "/english/economic_research/exchange_rate.php", carrying: ["tk"],
                freshPage: true, "exdate=\($0)&view=View")
        },
        parse: { data throws(RatesProviderError) in
            let what = "a National Bank of Cambodia rates page"
            guard HTMLTables.isWhole(data) else { throw .unreadable("not \(what): the page is cut short") }
            let page = try HTMLTables(data, what: what)
            guard let table = page.tables.first(where: { $0.first == ["Currency", "Symbol", "Unit", "Bid", "Ask", "Average"] }) else {
                throw .unreadable("not \(what): no table of Currency, Symbol, Unit, Bid, Ask, Average")
            }
            func after(_ label: String) -> String? {
                page.text.range(of: label).flatMap { page.text[$0.upperBound...].split(separator: " ").first.map(String.init) }
            }
            guard let date = after("Exchange Rate on : ").flatMap(CalendarDate.init(iso8601:)) else {
                throw .unreadable("not \(what): the day is \(after("Exchange Rate on : ")?.prefix(20) ?? "missing")")
            }
            guard let official = after("Official Exchange Rate : ").flatMap(Decimal.init(thousandsSeparated:)) else {
                throw .unreadable("the dollar's official rate is \(after("Official Exchange Rate : ")?.prefix(20) ?? "missing")")
            }
            var days = PublishedDays(.nbc)
            try days.add("USD", official, on: date)
            for row in table.dropFirst() where row.count == 6 && row[1] != "CNH/KHR" {
                let code = row[1].hasSuffix("/KHR") ? String(row[1].prefix(3)) : ""
                guard Currency.isWellFormedCode(code), let units = Int(row[2]), let rate = Decimal(thousandsSeparated: row[5]) else {
                    throw .unreadable("\(row[1].prefix(10)) is \(row[5].prefix(20)) per \(row[2].prefix(10)) units")
                }
                try days.add(code == "SDR" ? "XDR" : code, rate, units: units, on: date)
                try days.addSides(code == "SDR" ? "XDR" : code, bought: row[3], sold: row[4], units: units, on: date) {
                    Decimal(thousandsSeparated: $0)
                }
            }
            return try days.fetched()
        })
}
