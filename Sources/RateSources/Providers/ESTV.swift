import Core
import Foundation

extension RateSource {
    // A month's averages are published on the 25th of the month before (or the next working day).
    package static let estv = taxAndCustoms(
        "estv", "Federal Tax Administration (ESTV)",
        website: "https://www.estv.admin.ch/estv/de/home/mehrwertsteuer/mwst-abrechnen/mwst-fremdwaehrungskurse.html", home: "CHF",
        quotation: .basePerUnit, country: "CH", rateType: "monthly average rate for VAT", cadence: .monthly,
        terms: "https://www.admin.ch/gov/en/start/terms-and-conditions.html",
        publishes: .init(hour: 13, minute: 0, timeZone: "Europe/Zurich"), datesAhead: true)
}

extension ProviderDeclaration {
    /// The ESTV's monthly average rates for VAT, served by the BAZG (`/api/xmlavgmonth`, the
    /// newest month only): `<monatsmittelkurs><monat>2026-08</monat><devise code="eur">
    /// <waehrung>1 EUR</waehrung><kurs>0.9328</kurs></devise>`, francs per the units named. The
    /// month is the one the rates apply to: the mean of the daily selling rates from the 25th of
    /// the month two before to the 24th of the month before, published on that 25th (the ESTV's
    /// page gives the example: 25 March to 24 April, published 25 April, applied in May). Stored
    /// on the month's first day, in force to its last.
    static let estv: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .estv, origin: "https://www.backend-rates.bazg.admin.ch", documents: .newestOnly,
            parse: { data throws(RatesProviderError) in
                let document = try XMLRecords.read(data, record: ["devise"], what: "the ESTV's monthly average rates")
                let month = try document.date("monat") { CalendarDate(iso8601: $0 + "-01") }
                var days = PublishedDays(.estv)
                try days.addSwissRates(document.records, on: month)
                return try days.fetched()
            })
        declaration.latest = DocumentRequest.get("/api/xmlavgmonth").named("latest")
        declaration.sameOrigin = RateSource.bazg.id
        return declaration
    }()
}
