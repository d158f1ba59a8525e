import Core
import Foundation

extension RateSource {
    // The observed dollar is computed from a day's trades and published that evening for the
    // next business day, which is the day it is dated.
    package static let bcch = official(
        "bcch", "Banco Central de Chile", website: "https://si3.bcentral.cl/Siete/es/Siete/API", home: "CLP", quotation: .basePerUnit,
        country: "CL", rateType: "observed dollar; other currencies at its parities", region: .americas, terms: "https://www.bcentral.cl/",
        publishes: .init(hour: 19, minute: 0, timeZone: "America/Santiago"), datesAhead: true)
}

extension ProviderDeclaration {
    /// Needs a key: `BCCH_API_KEY` is the account's `user:password`, sent as the query's `user`
    /// and `pass`. A series per currency over a range, `{"Codigo": 0, "Series": {"seriesId":
    /// "F073.TCO.PRE.Z.D", "Obs": [{"indexDateString": "02-03-2026", "value": "871.41",
    /// "statusCode": "OK"}]}}`: pesos per unit; a day without a figure is `ND` with the value
    /// `NaN`, left out; a `Codigo` other than 0 (a wrong password) is the reason nothing is read.
    static let bcch: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .bcch, origin: "https://si3.bcentral.cl",
            series: [.init("USD", key: "F073.TCO.PRE.Z.D")]
                + ["EUR", "GBP", "JPY", "CAD", "AUD", "CNY", "BRL"].map {
                    .init($0, key: "F072.CLP.\($0).N.O.D")
                },
            documents: { series in
                .range(maxDays: 366) {
                    "/SieteRestWS/SieteRestWS.ashx?firstdate=\($0.lowerBound)&function=GetSeries&lastdate=\($0.upperBound)&timeseries=\(series.key)"
                }
            },
            minimumCurrencies: 1,
            parse: { data, series throws(RatesProviderError) in
                struct Document: Decodable {
                    struct Answer: Decodable {
                        let seriesId: String
                        let observations: [Observation]?
                        enum CodingKeys: String, CodingKey {
                            case seriesId
                            case observations = "Obs"
                        }
                    }
                    let code: Int
                    let description: String
                    let series: Answer
                    enum CodingKeys: String, CodingKey {
                        case code = "Codigo"
                        case description = "Descripcion"
                        case series = "Series"
                    }
                }
                struct Observation: Decodable {
                    let indexDateString: String
                    let value: String
                    let statusCode: String
                }
                let document = try PublishedJSON.decode(Document.self, from: data, what: "a Banco Central de Chile series")
                guard document.code == 0 else { throw .unreadable("the bank answers \(document.description.prefix(80))") }
                guard document.series.seriesId == series.key else { throw .unreadable("the series \(document.series.seriesId.prefix(30))") }
                var days = PublishedDays(.bcch)
                for observation in document.series.observations ?? [] where observation.statusCode == "OK" {
                    guard let date = PublishedDate.dashed(observation.indexDateString), let rate = Decimal(published: observation.value)
                    else {
                        throw .unreadable("\(series.code) on \(observation.indexDateString.prefix(20)) is \(observation.value.prefix(20))")
                    }
                    try days.add(series.code, rate, on: date)
                }
                return try days.fetched()
            })
        declaration.key = .query { key in
            let (user, password) = key.firstIndex(of: ":").map { (key[..<$0], key[key.index(after: $0)...]) } ?? (key[...], "")
            return "user=\(FormPage.encoded(String(user)))&pass=\(FormPage.encoded(String(password)))"
        }
        return declaration
    }()
}
