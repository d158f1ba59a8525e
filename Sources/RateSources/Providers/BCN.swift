import Core
import Foundation

extension RateSource {
    // The córdoba's crawling peg: every day of a month is set in advance.
    package static let bcn = official(
        "bcn", "Banco Central de Nicaragua", website: "https://www.bcn.gob.ni/estadisticas/mercados_cambiarios/tipo_cambio/cordoba_dolar",
        home: "NIO", quotation: .basePerUnit, country: "NI", rateType: "official rate", region: .americas, terms: "https://www.bcn.gob.ni/",
        publishes: .init(hour: 9, minute: 0, timeZone: "America/Managua"), datesAhead: true)
}

extension ProviderDeclaration {
    /// A SOAP service: `RecuperaTC_Mes` for a year and month answers the month's official rates,
    /// `<Tc><Fecha>2026-03-16</Fecha><Valor>36.6243</Valor>…</Tc>`, córdobas per dollar, one
    /// for every calendar day (the rate follows a schedule, so a month is published whole).
    static let bcn = ProviderDeclaration(
        source: .bcn, origin: "https://servicios.bcn.gob.ni",
        documents: .month {
            .soap(
                "/Tc_Servicio/ServicioTC.asmx", namespace: "http://servicios.bcn.gob.ni/", action: "RecuperaTC_Mes",
                ["Ano": String($0), "Mes": String($1)])
        },
        minimumCurrencies: 1,
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["Tc"], what: "a Banco Central de Nicaragua rates document")
            var days = PublishedDays(.bcn)
            for record in document.records {
                guard let written = record["Fecha"], let date = CalendarDate(iso8601: String(written.prefix(10))) else {
                    throw .unreadable("a rate is dated \(record["Fecha"]?.prefix(30) ?? "nowhere")")
                }
                guard let text = record["Valor"], let rate = Decimal(published: text) else {
                    throw .unreadable("the rate of \(date) is \(record["Valor"]?.prefix(20) ?? "missing")")
                }
                try days.add("USD", rate, on: date)
            }
            return try days.fetched()
        })
}
