import Core
import Foundation

extension RateSource {
    package static let bnr = official(
        "bnr", "National Bank of Romania", website: "https://www.bnr.ro/en/561-exchange-rates", home: "RON", quotation: .basePerUnit,
        country: "RO", rateType: "reference rate", region: .europe, terms: "https://www.bnr.ro/en/",
        publishes: .init(hour: 13, minute: 0, timeZone: "Europe/Bucharest"))
}

extension ProviderDeclaration {
    /// A year's file: `<Cube date="2026-01-05">`s of `<Rate currency="HUF" multiplier="100">1.3</Rate>`,
    /// lei per `multiplier` units (one when it is not written).
    static let bnr = ProviderDeclaration(
        source: .bnr, origin: "https://curs.bnr.ro",
        documents: .year { "/files/xml/years/nbrfxrates\($0).xml" },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["Rate"], what: "a National Bank of Romania DataSet")
            var days = PublishedDays(.bnr)
            for rate in document.records {
                guard let day = rate.attributes["date"].flatMap(CalendarDate.init(iso8601:)) else {
                    throw .unreadable("a rate is dated \(rate.attributes["date"]?.prefix(20) ?? "nowhere")")
                }
                try days.add([rate], on: day, code: "currency", units: rate.attributes["multiplier"] == nil ? nil : "multiplier", value: "")
            }
            return try days.fetched()
        })
}
