import Core
import Foundation

extension RateSource {
    package static let hmrc = taxAndCustoms(
        "hmrc", "HM Revenue & Customs", website: "https://www.trade-tariff.service.gov.uk/exchange_rates/monthly", home: "GBP",
        quotation: .unitsPerBase, country: "GB", rateType: "monthly exchange rate for customs and VAT", cadence: .monthly,
        terms: "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
        publishes: .init(hour: 0, minute: 5, timeZone: "Europe/London"))
}

extension ProviderDeclaration {
    /// A month's CSV, `Country/Territories,Currency,Currency Code,Currency Units per £1,Start
    /// date,End date`: units per pound, in force from the first to the last day of the month
    /// (`01/09/2026`, `30/09/2026`), stored on the first. A currency of several countries (the
    /// CFA francs, the dirham of Abu Dhabi, Dubai and the Emirates) is listed once for each, at
    /// one rate. A month not published yet is a 404.
    static let hmrc: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .hmrc, origin: "https://www.trade-tariff.service.gov.uk",
            documents: .month { year, month in "/uk/api/exchange_rates/files/monthly_csv_\(year)-\(month).csv" },
            minimumCurrencies: 100,
            parse: { data throws(RatesProviderError) in
                let what = "HMRC's monthly exchange rates"
                let table = try CSVTable(
                    PublishedCSV.rows(data, what: what), required: ["Currency Code", "Currency Units per £1", "Start date", "End date"],
                    what: what)
                var days = PublishedDays(.hmrc)
                for row in table.rows {
                    let code = table.cell(row, "Currency Code"), value = table.cell(row, "Currency Units per £1")
                    guard let start = PublishedDate.slashed(table.cell(row, "Start date")), start.day == 1,
                        let end = PublishedDate.slashed(table.cell(row, "End date")),
                        end == RateSource.Cadence.monthly.lastDayInForce(of: start)
                    else {
                        throw .unreadable(
                            "\(code.prefix(8)) is in force \(table.cell(row, "Start date").prefix(12))–\(table.cell(row, "End date").prefix(12)), not a calendar month"
                        )
                    }
                    guard Currency.isWellFormedCode(code) else { throw .unreadable("“\(code.prefix(12))” is not a currency code") }
                    guard let rate = Decimal(plainText: value) else { throw .unreadable("\(code)'s rate is \(value.prefix(20))") }
                    try days.add(code, rate, on: start)
                }
                return try days.fetched()
            })
        declaration.emptyStatus = 404
        return declaration
    }()
}
