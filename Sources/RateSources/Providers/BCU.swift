import Core
import Foundation

extension RateSource {
    // The day's rates are published in the evening.
    package static let bcu = official(
        "bcu", "Banco Central del Uruguay", website: "https://www.bcu.gub.uy/Estadisticas-e-Indicadores/Paginas/Cotizaciones.aspx",
        home: "UYU", quotation: .basePerUnit, country: "UY", rateType: "mean of buying and selling rates", region: .americas,
        terms: "https://www.bcu.gub.uy/",
        publishes: .init(hour: 18, minute: 30, timeZone: "America/Montevideo"), sides: true)
}

extension ProviderDeclaration {
    /// A SOAP service asked once per currency, by the bank's number for it (2225 the dollar),
    /// over a range: `<datoscotizaciones.dato><Fecha>2026-03-27</Fecha><Moneda>2225</Moneda>
    /// <CodigoISO>DLS.</CodigoISO><TCC>40.560000</TCC><TCV>40.560000</TCV>`: pesos per unit,
    /// bought (`TCC`) and sold (`TCV`), their mean stored. The currency is read from its number,
    /// as `CodigoISO` is not always one (`DLS.`, `EURO`); a number not in the table is refused.
    static let bcu = ProviderDeclaration(
        source: .bcu, origin: "https://cotizaciones.bcu.gub.uy",
        documents: .series(
            bcuNumbers.sorted { $0.value < $1.value }.map { number, code in
                (
                    Series(code, key: number),
                    .range(maxDays: 366) { days in
                        .post(
                            "/wscotizaciones/servlet/awsbcucotizaciones",
                            """
                            <?xml version="1.0" encoding="UTF-8"?>
                            <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:cot="Cotiza"><soapenv:Body>\
                            <cot:wsbcucotizaciones.Execute><cot:Entrada><cot:Moneda><cot:item>\(number)</cot:item></cot:Moneda>\
                            <cot:FechaDesde>\(days.lowerBound)</cot:FechaDesde><cot:FechaHasta>\(days.upperBound)</cot:FechaHasta>\
                            <cot:Grupo>0</cot:Grupo></cot:Entrada></cot:wsbcucotizaciones.Execute></soapenv:Body></soapenv:Envelope>
                            """, contentType: "text/xml; charset=utf-8")
                    }
                )
            }),
        minimumCurrencies: 1,
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["datoscotizaciones.dato"], what: "a Banco Central del Uruguay answer")
            guard document.fields["status"] == "1" else {
                throw .unreadable(
                    "the bank answers status \(document.fields["status"]?.prefix(10) ?? "none"): \(document.fields["mensaje"]?.prefix(80) ?? "")"
                )
            }
            var days = PublishedDays(.bcu)
            for record in document.records {
                let number = record["Moneda"] ?? ""
                guard let code = bcuNumbers[number] ?? bcuNumbers["0" + number] else {
                    throw .unreadable("the currency numbered \(number.prefix(10))")
                }
                guard let date = record["Fecha"].flatMap({ CalendarDate(iso8601: String($0.prefix(10))) }) else {
                    throw .unreadable("\(code) is dated \(record["Fecha"]?.prefix(20) ?? "nowhere")")
                }
                try days.addMean(code, bought: record["TCC"], sold: record["TCV"], on: date)
            }
            return days.isEmpty ? [] : try days.fetched()
        })

    /// The bank's numbers for the currencies it quotes.
    static let bcuNumbers = [
        "2225": "USD", "1111": "EUR", "1000": "BRL", "0500": "ARS", "2309": "CAD", "1300": "CLP", "4150": "CNY", "5500": "COP",
        "1800": "DKK",
        "5100": "HKD", "4300": "HUF", "5700": "INR", "2700": "GBP", "4900": "ISK", "3600": "JPY", "5300": "KRW", "5600": "MYR",
        "4200": "MXN",
        "4600": "NOK", "1490": "NZD", "4800": "PYG", "4000": "PEN", "5400": "RUB", "1620": "ZAR", "5800": "SEK", "5900": "CHF",
        "4400": "TRY",
    ]
}
