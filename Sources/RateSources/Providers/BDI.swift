import Core
import Foundation

extension RateSource {
    package static let bdi: RateSource = {
        var source = official(
            "bdi", "Banca d'Italia", website: "https://tassidicambio.bancaditalia.it/", home: "EUR", quotation: .unitsPerBase,
            country: "IT", rateType: "reference rate",
            region: .europe, terms: "https://www.bancaditalia.it/footer/note-legali/index.html?com.dotmarketing.htmlpage.language=1",
            publishes: .init(hour: 17, minute: 0, timeZone: "Europe/Rome"))
        // Its rates of the currencies the ECB quotes are the ECB's reference rates.
        source.republishes = RateSource.ecb.id
        return source
    }()
}

extension ProviderDeclaration {
    /// A day's CSV of about 155 currencies against the euro: `Country,Currency,ISO Code,UIC
    /// Code,Rate,Rate convention,Reference date (CET)`, units per euro ("Foreign currency amount
    /// for 1 Euro."), then a disclaimer in lines starting `#`. A currency of several countries
    /// (the CFA francs, the East Caribbean dollar) is listed once for each, at one rate; `N.A.`
    /// where the bank has no rate (the rial). The majors are the ECB's; the rest
    /// are the bank's own, the widest official set there is.
    static let bdi = ProviderDeclaration(
        source: .bdi, origin: "https://tassidicambio.bancaditalia.it",
        documents: .day(latest: nil) { "/terzevalute-wf-web/rest/v1.0/dailyRates?currencyIsoCode=EUR&lang=en&referenceDate=\($0)" },
        minimumCurrencies: 30,
        parse: { data throws(RatesProviderError) in
            let what = "Banca d'Italia daily rates"
            let table = try CSVTable(
                PublishedCSV.rows(data, what: what), required: ["ISO Code", "Rate", "Rate convention", "Reference date (CET)"],
                what: what)
            var days = PublishedDays(.bdi)
            for row in table.rows where !(row.first ?? "").hasPrefix("#") {
                let code = table.cell(row, "ISO Code"), value = table.cell(row, "Rate")
                guard Currency.isWellFormedCode(code), value != "N.A." else { continue }
                guard table.cell(row, "Rate convention") == "Foreign currency amount for 1 Euro." else {
                    throw .unreadable("\(code) is quoted as “\(table.cell(row, "Rate convention").prefix(40))”")
                }
                guard let date = CalendarDate(iso8601: table.cell(row, "Reference date (CET)")) else {
                    throw .unreadable("\(code) is dated \(table.cell(row, "Reference date (CET)").prefix(20))")
                }
                guard let rate = Decimal(plainText: value) else { throw .unreadable("\(code)'s rate is \(value.prefix(20))") }
                try days.add(code, rate, on: date)
            }
            return try days.fetched()
        })
}
