import Core
import Foundation

extension RateSource {
    package static let bcb = official(
        "bcb", "Banco Central do Brasil", website: "https://www.bcb.gov.br/estabilidadefinanceira/historicocotacoes", home: "BRL",
        quotation: .basePerUnit, country: "BR", rateType: "PTAX closing rate (mid)",
        region: .americas,
        terms: "https://www.bcb.gov.br/acessoinformacao/legado?url=https:%2F%2Fwww.bcb.gov.br%2Fdetalhenoticia%2F17%2Fnoticia",
        publishes: .init(hour: 13, minute: 0, timeZone: "America/Sao_Paulo"), sides: true)
}

extension ProviderDeclaration {
    /// A document per currency and run of days (the PTAX OData service): `{"value":
    /// [{"cotacaoCompra": 3.6693, "cotacaoVenda": 3.6702, "dataHoraCotacao": "2026-03-02
    /// 13:09:26.433", "tipoBoletim": "Fechamento"}]}`, reais per unit, four bulletins a day of
    /// which the closing one (`Fechamento`) is the PTAX rate; stored as the mean of its buying
    /// and selling rates.
    static let bcb = ProviderDeclaration(
        source: .bcb, origin: "https://olinda.bcb.gov.br",
        series: ["AUD", "CAD", "CHF", "DKK", "EUR", "GBP", "JPY", "NOK", "SEK", "USD"].map { Series($0) },
        documents: { series in
            .range(maxDays: 366) {
                .get(
                    "/olinda/servico/PTAX/versao/v1/odata/CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)"
                        + "?@moeda='\(series.key)'&@dataInicial='\(QueryDate.monthDayYear($0.lowerBound))'"
                        + "&@dataFinalCotacao='\(QueryDate.monthDayYear($0.upperBound))'&$format=json")
            }
        },
        parse: { data, series throws(RatesProviderError) in
            struct Document: Decodable {
                let value: [Bulletin]
            }
            struct Bulletin: Decodable {
                let cotacaoCompra: Decimal
                let cotacaoVenda: Decimal
                let dataHoraCotacao: String
                let tipoBoletim: String
            }
            var days = PublishedDays(.bcb)
            for bulletin in try PublishedJSON.decode(Document.self, from: data, what: "PTAX rates").value
            where bulletin.tipoBoletim == "Fechamento" {
                guard let date = CalendarDate(iso8601: String(bulletin.dataHoraCotacao.prefix(10))) else {
                    throw .unreadable("\(series.code) is dated \(bulletin.dataHoraCotacao.prefix(24))")
                }
                guard bulletin.cotacaoCompra > 0 else { throw .unreadable("\(series.code) is bought at \(bulletin.cotacaoCompra)") }
                try days.add(series.code, (bulletin.cotacaoCompra + bulletin.cotacaoVenda) / 2, on: date)
                try days.addSides(series.code, buying: bulletin.cotacaoCompra, selling: bulletin.cotacaoVenda, on: date)
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
