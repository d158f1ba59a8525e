import Core
import Foundation

extension RateSource {
    package static let nbm = official(
        "nbm", "National Bank of Moldova", website: "https://www.bnm.md/en/official_exchange_rates", home: "MDL",
        quotation: .basePerUnit, country: "MD", rateType: "official exchange rate", region: .europe,
        terms: "https://www.bnm.md/en/content/terms-use",
        publishes: .init(hour: 13, minute: 0, timeZone: "Europe/Chisinau"))
}

extension ProviderDeclaration {
    /// `<ValCurs Date="06.04.2026">` of `<Valute>`s: `CharCode`, `Nominal`, `Value`, lei per
    /// `Nominal` units. Gold and silver are in a document of their own, not read.
    static let nbm = ProviderDeclaration(
        source: .nbm, origin: "https://www.bnm.md",
        documents: .day(latest: nil) { "/en/official_exchange_rates?date=\(QueryDate.dotted($0))&get_xml=1" },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["Valute"], what: "a National Bank of Moldova ValCurs document")
            var days = PublishedDays(.nbm)
            try days.add(
                document.records, on: try document.date("Date", PublishedDate.dotted), code: "CharCode", units: "Nominal", value: "Value")
            return try days.fetched()
        })
}
