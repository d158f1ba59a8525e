import Core
import Foundation

extension RateSource {
    package static let banrep = official(
        "banrep", "Banco de la República (Colombia)",
        website: "https://www.datos.gov.co/Econom-a-y-Finanzas/Tasa-de-Cambio-Representativa-del-Mercado-TRM/32sa-8pi3/about_data",
        home: "COP", quotation: .basePerUnit, country: "CO", rateType: "representative market rate (TRM)",
        region: .americas, terms: "https://www.banrep.gov.co/en/terms-and-conditions",
        publishes: .init(hour: 18, minute: 0, timeZone: "America/Bogota"), datesAhead: true)
}

extension ProviderDeclaration {
    /// `[{"valor": "3704.87", "unidad": "COP", "vigenciadesde": "2026-03-21T00:00:00.000",
    /// "vigenciahasta": "2026-03-24T00:00:00.000"}]` (datos.gov.co's dataset 32sa-8pi3): the
    /// dollar's TRM in pesos, the one rate Colombia sets, valid from the first day to the last
    /// (a weekend's and a holiday's span several days: each is stored on every day it is valid).
    static let banrep = ProviderDeclaration(
        source: .banrep, origin: "https://www.datos.gov.co",
        documents: .range(maxDays: 3_660) {
            .get(
                "/resource/32sa-8pi3.json?$limit=50000&$order=vigenciadesde%20ASC"
                    + "&$where=vigenciadesde%3E='\($0.lowerBound)T00:00:00.000'%20AND%20vigenciadesde%3C='\($0.upperBound)T00:00:00.000'")
        },
        minimumCurrencies: 1,
        parse: { data throws(RatesProviderError) in
            struct Row: Decodable {
                let valor: String
                let unidad: String
                let vigenciadesde: String
                let vigenciahasta: String
            }
            var days = PublishedDays(.banrep)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "TRM records") {
                guard row.unidad == "COP" else { throw .unreadable("a TRM is in \(row.unidad.prefix(10))") }
                guard let first = CalendarDate(iso8601: String(row.vigenciadesde.prefix(10))),
                    let last = CalendarDate(iso8601: String(row.vigenciahasta.prefix(10))), first <= last, first.days(until: last) < 31
                else { throw .unreadable("a TRM is valid from \(row.vigenciadesde.prefix(24)) to \(row.vigenciahasta.prefix(24))") }
                guard let rate = Decimal(plainText: row.valor) else { throw .unreadable("a TRM is \(row.valor.prefix(20))") }
                for day in 0...first.days(until: last) { try days.add("USD", rate, on: first.adding(days: day)) }
            }
            return try days.fetched()
        })
}
