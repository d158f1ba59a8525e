import Core
import Foundation

extension RateSource {
    // The indicative rates are announced at 15:30, Istanbul time.
    package static let tcmb = official(
        "tcmb", "Türkiye Cumhuriyet Merkez Bankası", website: "https://evds3.tcmb.gov.tr/", home: "TRY", quotation: .basePerUnit,
        country: "TR", rateType: "mean of indicative forex buying and selling rates", region: .europe, terms: "https://www.tcmb.gov.tr/",
        publishes: .init(hour: 15, minute: 45, timeZone: "Europe/Istanbul"), sides: true)
}

extension ProviderDeclaration {
    /// Needs a key (`TCMB_API_KEY`, sent as `key`). The EVDS series of each currency's forex
    /// buying (`TP.DK.USD.A.YTL`) and selling (`…S.YTL`) rate over a range, `{"items":
    /// [{"Tarih": "02-03-2026", "TP_DK_USD_A_YTL": "43.80000000", "TP_DK_USD_S_YTL":
    /// "43.87890000"}]}`: lira per unit (per 100 yen), their mean stored; every calendar day is
    /// listed, `null` on the days without rates; one side alone is refused.
    static let tcmb: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .tcmb, origin: "https://evds3.tcmb.gov.tr",
            documents: .range(maxDays: 366) {
                let series = tcmbCurrencies.map { "TP.DK.\($0).A.YTL-TP.DK.\($0).S.YTL" }.joined(separator: "-")
                return
                    "/igmevdsms-dis/series=\(series)&startDate=\(QueryDate.dashed($0.lowerBound))&endDate=\(QueryDate.dashed($0.upperBound))&type=json"
            },
            parse: { data throws(RatesProviderError) in
                struct Document: Decodable { let items: [Item] }
                /// A day's texts: its `Tarih` and its series' values (its `UNIXTIME` object left unread).
                struct Item: Decodable {
                    let texts: [String: String]
                    init(from decoder: any Decoder) throws {
                        let fields = try decoder.container(keyedBy: Field.self)
                        texts = try fields.allKeys.filter { $0.stringValue != "UNIXTIME" }.reduce(into: [:]) { texts, key in
                            texts[key.stringValue] = try fields.decodeIfPresent(String.self, forKey: key)
                        }
                    }
                    subscript(_ name: String) -> String? { texts[name] }
                }
                struct Field: CodingKey {
                    let stringValue: String
                    init(stringValue: String) { self.stringValue = stringValue }
                    var intValue: Int? { nil }
                    init?(intValue: Int) { nil }
                }
                var days = PublishedDays(.tcmb)
                for item in try PublishedJSON.decode(Document.self, from: data, what: "TCMB's EVDS series").items {
                    guard let written = item["Tarih"], let date = PublishedDate.dashed(written) else {
                        throw .unreadable("a day is dated \(item["Tarih"]?.prefix(20) ?? "nowhere")")
                    }
                    for code in tcmbCurrencies {
                        let buying = item["TP_DK_\(code)_A_YTL"], selling = item["TP_DK_\(code)_S_YTL"]
                        guard buying != nil || selling != nil else { continue }
                        try days.addMean(code, bought: buying, sold: selling, units: code == "JPY" ? 100 : 1, on: date)
                    }
                }
                return try days.fetched()
            })
        declaration.key = .header("key")
        return declaration
    }()

    /// The currencies the bank sets indicative rates for.
    static let tcmbCurrencies = [
        "USD", "AUD", "DKK", "EUR", "GBP", "CHF", "SEK", "CAD", "KWD", "NOK", "SAR", "JPY", "RON", "RUB", "CNY", "PKR", "QAR", "KRW",
        "AZN", "AED", "KZT",
    ]
}
