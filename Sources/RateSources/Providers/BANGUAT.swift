import Core
import Foundation

extension RateSource {
    // The reference rate for a day is set the afternoon before; weekends and holidays carry
    // Friday's on.
    package static let banguat = official(
        "banguat", "Banco de Guatemala", website: "https://www.banguat.gob.gt/tipo_cambio/", home: "GTQ", quotation: .basePerUnit,
        country: "GT", rateType: "reference rate", region: .americas, terms: "https://www.banguat.gob.gt/",
        publishes: .init(hour: 14, minute: 0, timeZone: "America/Guatemala"), sides: true)
}

extension ProviderDeclaration {
    /// A SOAP service: `TipoCambioRango` from one day to another (`dd/mm/yyyy`) answers
    /// `<Var><moneda>2</moneda><fecha>01/03/2026</fecha><venta>7.66476</venta>
    /// <compra>7.66476</compra></Var>`: quetzales per dollar (currency 2, the only one it
    /// holds), the same figure as buying and selling rate; every calendar day has one.
    static let banguat = ProviderDeclaration(
        source: .banguat, origin: "https://www.banguat.gob.gt",
        documents: .range(maxDays: 366) {
            .soap(
                "/variables/ws/TipoCambio.asmx", namespace: "http://www.banguat.gob.gt/variables/ws/", action: "TipoCambioRango",
                ["fechainit": QueryDate.slashed($0.lowerBound), "fechafin": QueryDate.slashed($0.upperBound)])
        },
        minimumCurrencies: 1,
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["Var"], what: "a Banco de Guatemala exchange rate document")
            var days = PublishedDays(.banguat)
            for record in document.records {
                guard record["moneda"] == "2" else { throw .unreadable("a rate of currency \(record["moneda"]?.prefix(10) ?? "none")") }
                guard let written = record["fecha"], let date = PublishedDate.slashed(written) else {
                    throw .unreadable("a rate is dated \(record["fecha"]?.prefix(20) ?? "nowhere")")
                }
                try days.addMean("USD", bought: record["compra"], sold: record["venta"], on: date)
            }
            return try days.fetched()
        })
}
