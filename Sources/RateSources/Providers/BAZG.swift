import Core
import Foundation

extension RateSource {
    // Each list is set in the morning for the days after it; the ESTV says they are out by
    // 13:00 on working days.
    package static let bazg = taxAndCustoms(
        "bazg", "Federal Office for Customs and Border Security (BAZG)", website: "https://www.rates.bazg.admin.ch/home", home: "CHF",
        quotation: .basePerUnit, country: "CH", rateType: "daily selling rate (Devisenkurs Verkauf)", cadence: .daily,
        terms: "https://www.admin.ch/gov/en/start/terms-and-conditions.html",
        publishes: .init(hour: 13, minute: 0, timeZone: "Europe/Zurich"), datesAhead: true)
}

extension ProviderDeclaration {
    /// The daily selling rates Swiss VAT may use (`/api/xmldaily`, a past list with `d=20260724`):
    /// `<wechselkurse><datum>24.07.2026</datum><gueltigkeit>25.07.2026,26.07.2026,27.07.2026
    /// </gueltigkeit><devise code="eur"><waehrung>1 EUR</waehrung><kurs>0.93883</kurs></devise>`:
    /// francs per 1, 100, 1000 or 10000 units. A list is set on `datum` and is valid on the days
    /// `gueltigkeit` names, from the next (Friday's for Saturday, Sunday and Monday): it is stored
    /// once, dated the first of them, and the rate of a day is the last list valid from it or before.
    static let bazg = ProviderDeclaration(
        source: .bazg, origin: "https://www.backend-rates.bazg.admin.ch",
        documents: .day(latest: "/api/xmldaily?locale=en") { "/api/xmldaily?d=\(QueryDate.compact($0))&locale=en" },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["devise"], what: "the BAZG's daily rates")
            let set = try document.date("datum", PublishedDate.dotted)
            let valid = (document.fields["gueltigkeit"] ?? "").split(separator: ",").map { PublishedDate.dotted(String($0)) }
            guard let first = valid.first ?? nil, !valid.contains(nil), first > set else {
                throw .unreadable("the list set on \(set) is valid on “\(document.fields["gueltigkeit"]?.prefix(40) ?? "no day")”")
            }
            var days = PublishedDays(.bazg)
            try days.addSwissRates(document.records, on: first)
            return try days.fetched()
        })
}

extension PublishedDays {
    /// The BAZG's records (its daily list's and the ESTV's monthly averages'): `<devise
    /// code="jpy"><waehrung>100 JPY</waehrung><kurs>0.50357</kurs></devise>`, francs per the
    /// units `waehrung` names, for the currency it names (the code attribute agreeing).
    mutating func addSwissRates(_ records: [XMLRecords.Record], on date: CalendarDate) throws(RatesProviderError) {
        for record in records {
            let written = (record["waehrung"] ?? "").split(separator: " ")
            guard written.count == 2, let units = Int(written[0]), Currency.isWellFormedCode(String(written[1])),
                record["code"]?.uppercased() == String(written[1])
            else {
                throw .unreadable(
                    "a rate is given for “\(record["waehrung"]?.prefix(20) ?? "nothing")” (\(record["code"]?.prefix(8) ?? "no code"))")
            }
            let code = String(written[1])
            guard let text = record["kurs"], let rate = Decimal(published: text) else {
                throw .unreadable("\(code)'s rate is \(record["kurs"]?.prefix(20) ?? "missing"), not a number")
            }
            try add(code, rate, units: units, on: date)
        }
    }
}
