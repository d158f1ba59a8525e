import Core
import Foundation

extension RateSource {
    package static let bcra = official(
        "bcra", "Central Bank of the Argentine Republic",
        website: "https://www.bcra.gob.ar/en/monetary-and-financial-statistics/exchange-statistics/", home: "ARS",
        quotation: .basePerUnit, country: "AR", rateType: "reference rate", region: .americas,
        terms: "https://www.bcra.gob.ar/aviso-legal/",
        publishes: .init(hour: 13, minute: 0, timeZone: "America/Argentina/Buenos_Aires"))
}

extension ProviderDeclaration {
    /// `{"results": {"fecha": "2026-03-19", "detalle": [{"codigoMoneda": "AUD",
    /// "tipoCotizacion": 983.81975}]}}`, pesos per unit (`tipoPase` is the dollar cross, not
    /// read). A currency it does not quote that day is written 0 and left out. Two codes are
    /// older than the currencies they stand for, which their dollar crosses show: `MXP` is the
    /// Mexican peso of today (17.8 per dollar) and `VEB` the bolívar of today (445 per dollar).
    /// Two are no currency's code and are left out: `REF` is the dollar again, at the
    /// Communication A 3500 reference rate, and `CNH` the offshore yuan's market rate.
    static let bcra = ProviderDeclaration(
        source: .bcra, origin: "https://api.bcra.gob.ar",
        documents: .day(latest: nil) { "/estadisticascambiarias/v1.0/Cotizaciones?fecha=\($0)" },
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                let results: Results
            }
            struct Results: Decodable {
                let fecha: String
                let detalle: [Row]
            }
            struct Row: Decodable {
                let codigoMoneda: String
                let tipoCotizacion: Decimal
            }
            let results = try PublishedJSON.decode(Document.self, from: data, what: "Central Bank of Argentina rates").results
            guard let date = CalendarDate(iso8601: results.fecha) else {
                throw .unreadable("the rates are dated \(results.fecha.prefix(20))")
            }
            var days = PublishedDays(.bcra)
            for row in results.detalle where row.tipoCotizacion != 0 && !["REF", "CNH"].contains(row.codigoMoneda) {
                let code = ["MXP": "MXN", "VEB": "VES"][row.codigoMoneda] ?? row.codigoMoneda
                guard Currency.isWellFormedCode(code) else { continue }
                try days.add(code, row.tipoCotizacion, on: date)
            }
            return try days.fetched()
        })
}
