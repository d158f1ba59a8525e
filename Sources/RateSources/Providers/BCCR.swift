import Core
import Foundation

extension RateSource {
    // The reference rates for a day are set the evening before.
    package static let bccr = official(
        "bccr", "Banco Central de Costa Rica", website: "https://sdd.bccr.fi.cr/es/IndicadoresEconomicos/Inicio/Contenedor/6", home: "CRC",
        quotation: .basePerUnit, country: "CR", rateType: "mean of the reference buying and selling rates",
        region: .americas, terms: "https://sdd.bccr.fi.cr/es/IndicadoresEconomicos/Inicio/TerminosDeUso",
        publishes: .init(hour: 18, minute: 0, timeZone: "America/Costa_Rica"), datesAhead: true, sides: true)
}

extension ProviderDeclaration {
    /// Two steps: a GET of `GenereCSRF` hands out an anonymous short-lived token, sent back as
    /// `Token-Csrf` with the request for the statistics table of a range: columns headed
    /// `15 dec 2025`, rows `Compra` (buying) and `Venta` (selling) with a figure per column
    /// (`serie1Ingles: "494.34"`), colones per dollar; their mean is stored.
    static let bccr = ProviderDeclaration(
        source: .bccr, origin: "https://apim.bccr.fi.cr",
        // The table shows at most 100 days (columns), as the site asks for.
        documents: .range(maxDays: 100) {
            DocumentRequest.get(
                "/SDDE/api/Bccr.GE.SDDE.IndicadoresSitioExterno.GrupoVariables.API/CuadroGrupoVariables/ObtenerDatosCuadro"
                    + "?CantidadSeriesAMostrar=100&FechaFin=\($0.upperBound)"
                    + "&FechaInicio=\($0.lowerBound)&IdGrupoVariable=1"
            ).with(token: "/SDDE/api/Bccr.GE.SDDE.IndicadoresSitioExterno.ServiciosUsuario.API/Token/GenereCSRF", header: "Token-Csrf")
        },
        minimumCurrencies: 1,
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                struct Column: Decodable {
                    let field: String
                    let tituloIngles: String
                }
                struct Row: Decodable {
                    let nombreIngles: String
                    let series: [String: String?]
                }
                let columnas: [Column]
                let indicadoresRaiz: [Row]
            }
            let document = try PublishedJSON.decode(Document.self, from: data, what: "a Banco Central de Costa Rica statistics table")
            guard let buying = document.indicadoresRaiz.first(where: { $0.nombreIngles == "Buy" }),
                let selling = document.indicadoresRaiz.first(where: { $0.nombreIngles == "Sell" })
            else { throw .unreadable("the table has no Buy and Sell rows") }
            var days = PublishedDays(.bccr)
            for column in document.columnas where column.field.hasPrefix("serie") {
                guard let date = PublishedDate.withFullMonthName(column.tituloIngles) else {
                    throw .unreadable("a column is headed \(column.tituloIngles.prefix(20))")
                }
                let bought = buying.series[column.field + "Ingles"] ?? nil, sold = selling.series[column.field + "Ingles"] ?? nil
                guard bought != nil || sold != nil else { continue }
                try days.addMean("USD", bought: bought, sold: sold, on: date) { Decimal(thousandsSeparated: $0) }
            }
            return try days.fetched()
        })
}
