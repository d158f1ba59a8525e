import Core
import Foundation

extension RateSource {
    // The documents do not say when a day's rates are set; the evening fetch finds them.
    package static let bcc = official(
        "bcc", "Banco Central de Cuba", website: "https://www.bc.gob.cu/", home: "CUP", quotation: .basePerUnit, country: "CU",
        rateType: "official rate (tasa oficial)", region: .americas, terms: "https://www.bc.gob.cu/",
        publishes: .init(hour: 18, minute: 0, timeZone: "America/Havana"))
}

extension ProviderDeclaration {
    /// A document per currency over a range, `[{"fecha": "2026-05-19", "tasaOficial": 24,
    /// "tasaPublica": 120, "tasaEspecial": 502}]`, naming no currency. Cuba has three rates:
    /// the official one (`tasaOficial`, pesos per unit, that of state accounts) is stored; the
    /// public one (120 to the dollar) and the floating special one are not. The yen alone
    /// is written the other way, yen per peso (6.62396 yen a peso at 24 pesos a dollar: 159
    /// yen a dollar), and is stored so.
    static let bcc = ProviderDeclaration(
        source: .bcc, origin: "https://api.bc.gob.cu",
        series: ["USD", "EUR", "GBP", "CAD", "CHF", "JPY", "CNY", "MXN", "RUB", "AUD", "DKK", "NOK", "SEK"].map { .init($0) },
        documents: { series in
            .range(maxDays: 366) {
                "/v1/tasas-de-cambio/historico?codigoMoneda=\(series.code)&fechaFin=\($0.upperBound)&fechaInicio=\($0.lowerBound)"
            }
        },
        minimumCurrencies: 1,
        parse: { data, series throws(RatesProviderError) in
            struct Row: Decodable {
                let fecha: String
                let tasaOficial: Decimal
            }
            var days = PublishedDays(.bcc)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "Banco Central de Cuba rates") {
                guard let date = CalendarDate(iso8601: String(row.fecha.prefix(10))) else {
                    throw .unreadable("\(series.code) is dated \(row.fecha.prefix(20))")
                }
                try days.add(series.code, row.tasaOficial, on: date, reversed: series.code == "JPY")
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
