import Core
import Foundation

extension RateSource {
    // The banking system's closing rates, published in the evening of the day.
    package static let bcrp = official(
        "bcrp", "Banco Central de Reserva del Perú", website: "https://estadisticas.bcrp.gob.pe/estadisticas/series/diarias/tipo-de-cambio",
        home: "PEN", quotation: .basePerUnit, country: "PE", rateType: "mean of buying and selling rates (banking system)",
        region: .americas, terms: "https://estadisticas.bcrp.gob.pe/estadisticas/series/ayuda/condiciones-de-uso",
        publishes: .init(hour: 19, minute: 0, timeZone: "America/Lima"), sides: true)
}

extension ProviderDeclaration {
    /// Two statistical series in one JSON (served as `text/html`): `{"periods": [{"name":
    /// "01.Set.26", "values": ["3.36", "3.368"]}]}`, soles per dollar bought and sold, their
    /// mean stored. Days are written with a Spanish month and a two-digit year; a day not yet
    /// set reads `n.d.` on both sides and is left out, one side alone is refused.
    static let bcrp = ProviderDeclaration(
        source: .bcrp, origin: "https://estadisticas.bcrp.gob.pe",
        documents: .range(maxDays: 3_660) { "/estadisticas/series/api/PD04639PD-PD04640PD/json/\($0.lowerBound)/\($0.upperBound)/ing" },
        minimumCurrencies: 1,
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable { let periods: [Period] }
            struct Period: Decodable {
                let name: String
                let values: [String]
            }
            var days = PublishedDays(.bcrp)
            for period in try PublishedJSON.decode(Document.self, from: data, what: "Banco Central de Reserva del Perú series").periods {
                guard let date = PublishedDate.withSpanishMonthName(period.name, separator: ".") else {
                    throw .unreadable("a rate is dated \(period.name.prefix(20))")
                }
                guard period.values != ["n.d.", "n.d."] else { continue }
                guard period.values.count == 2 else {
                    throw .unreadable("the rates of \(date) are \(period.values.joined(separator: ", ").prefix(40))")
                }
                try days.addMean("USD", bought: period.values[0], sold: period.values[1], on: date)
            }
            return try days.fetched()
        })
}
