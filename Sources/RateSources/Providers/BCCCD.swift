import Core
import Foundation

extension RateSource {
    // The day's rates are posted in the morning, Kinshasa time.
    package static let bcccd = official(
        "bcccd", "Banque Centrale du Congo", website: "https://www.bcc.cd/marche-des-changes/cours-de-change", home: "CDF",
        quotation: .basePerUnit, country: "CD", rateType: "average rate (cours moyen)", region: .africa,
        terms: "https://www.bcc.cd/mentions-legales",
        publishes: .init(hour: 11, minute: 0, timeZone: "Africa/Kinshasa"), sides: true)
}

extension ProviderDeclaration {
    /// The rates page's data as React Server Components send it (asked for with `Rsc: 1`): a
    /// line `0:["$","div",null,{"content":{"history":{"USD":[{"date":"2026-09-01","buy":2212.52,
    /// "average":2263.57,"sell":2314.62,"unit":1}]}},"chart":…}]` holding the last days of each
    /// currency (and again for the chart, not read): francs per `unit` units, the average
    /// stored. Figures are rounded to hundredths of a franc (0.6 for the Ugandan shilling).
    static let bcccd = ProviderDeclaration(
        source: .bcccd, origin: "https://www.bcc.cd",
        documents: .whole(DocumentRequest.get("/marche-des-changes/cours-de-change").with(header: "Rsc", "1")),
        parse: { data throws(RatesProviderError) in
            struct Payload: Decodable {
                struct Properties: Decodable {
                    struct Content: Decodable { let history: [String: [Day]] }
                    let content: Content
                }
                let history: [String: [Day]]
                init(from decoder: any Decoder) throws {
                    var elements = try decoder.unkeyedContainer()
                    guard try elements.decode(String.self) == "$" else {
                        throw DecodingError.dataCorruptedError(in: elements, debugDescription: "not a component")
                    }
                    _ = try elements.decode(String.self)
                    _ = try elements.decodeNil()
                    history = try elements.decode(Properties.self).content.history
                }
            }
            struct Day: Decodable {
                let date: String
                let average: FloatWritten
                let buy: FloatWritten?
                let sell: FloatWritten?
                let unit: Int
            }
            guard let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("0:") }) else {
                throw .unreadable("not the Banque Centrale du Congo's rates: no component line")
            }
            var days = PublishedDays(.bcccd)
            for (code, history) in try PublishedJSON.decode(
                Payload.self, from: Data(line.dropFirst(2).utf8), what: "the Banque Centrale du Congo's rates"
            ).history
            where Currency.isWellFormedCode(code) {
                for day in history {
                    guard let date = CalendarDate(iso8601: day.date) else { throw .unreadable("\(code) is dated \(day.date.prefix(20))") }
                    try days.add(code, day.average.value, units: day.unit, on: date)
                    if let buy = day.buy, let sell = day.sell, buy.value > 0, sell.value > 0 {
                        try days.addSides(code, buying: buy.value, selling: sell.value, units: day.unit, on: date)
                    }
                }
            }
            return try days.fetched()
        })
}
