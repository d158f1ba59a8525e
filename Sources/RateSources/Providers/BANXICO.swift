import Core
import Foundation

extension RateSource {
    // The FIX is determined at noon, Mexico City time.
    package static let banxico = official(
        "banxico", "Banco de México", website: "https://www.banxico.org.mx/SieAPIRest/service/v1/", home: "MXN", quotation: .basePerUnit,
        country: "MX", rateType: "FIX (dollar); the SDR basket currencies' rates",
        region: .americas, terms: "https://www.banxico.org.mx/footer-en/terms-and-conditions.html",
        publishes: .init(hour: 12, minute: 30, timeZone: "America/Mexico_City"))
}

extension ProviderDeclaration {
    /// Needs a key (`BANXICO_API_KEY`, sent as `Bmx-Token`). Five series of the SIE API over a
    /// range, `{"bmx": {"series": [{"idSerie": "SF43718", "datos": [{"fecha": "02/03/2026",
    /// "dato": "17.3485"}]}]}}`: pesos per unit, the series named by the bank's ids rather than
    /// currencies (SF43718 the dollar's FIX, SF46410 the euro, SF46407 the pound, SF46406 the
    /// yen, SF60632 the Canadian dollar); `N/E` for a day without a figure.
    static let banxico: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .banxico, origin: "https://www.banxico.org.mx",
            documents: .range(maxDays: 366) {
                "/SieAPIRest/service/v1/series/\(banxicoSeries.keys.sorted().joined(separator: ","))/datos/\($0.lowerBound)/\($0.upperBound)"
            },
            parse: { data throws(RatesProviderError) in
                struct Document: Decodable {
                    struct Bmx: Decodable { let series: [Series] }
                    let bmx: Bmx
                }
                struct Series: Decodable {
                    struct Datum: Decodable {
                        let fecha: String
                        let dato: String
                    }
                    let idSerie: String
                    let datos: [Datum]?
                }
                var days = PublishedDays(.banxico)
                for series in try PublishedJSON.decode(Document.self, from: data, what: "Banco de México series").bmx.series {
                    guard let code = banxicoSeries[series.idSerie] else { throw .unreadable("the series \(series.idSerie.prefix(20))") }
                    for datum in series.datos ?? [] where datum.dato != "N/E" {
                        guard let date = PublishedDate.slashed(datum.fecha), let rate = Decimal(thousandsSeparated: datum.dato) else {
                            throw .unreadable("\(code) on \(datum.fecha.prefix(20)) is \(datum.dato.prefix(20))")
                        }
                        try days.add(code, rate, on: date)
                    }
                }
                return try days.fetched()
            })
        declaration.minimumCurrencies = 1
        declaration.key = .header("Bmx-Token")
        return declaration
    }()

    /// The bank's series ids and the currencies they are rates of.
    static let banxicoSeries = ["SF43718": "USD", "SF46410": "EUR", "SF46407": "GBP", "SF46406": "JPY", "SF60632": "CAD"]
}
