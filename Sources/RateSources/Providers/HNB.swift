import Core
import Foundation

extension RateSource {
    package static let hnb = reference(
        "hnb", "Hrvatska narodna banka", website: "https://www.hnb.hr/en/core-functions/monetary-policy/exchange-rate-list",
        home: "HRK", quotation: .basePerUnit, country: "HR", rateType: "middle rate of the kuna (historical, until 2022)",
        cadence: .historical, terms: "https://www.hnb.hr/en/")
}

extension ProviderDeclaration {
    /// The kuna's exchange rate lists, which ended when Croatia took the euro in 2023 (the bank's
    /// euro lists since repeat the ECB's): `[{"datum": "2022-12-31", "valuta": "AUD",
    /// "jedinica": 1, "srednji_tecaj": "4,801185"}]`, kuna per `jedinica` units, a decimal comma;
    /// the middle rate stored. A list is dated the day it applies.
    static let hnb = ProviderDeclaration(
        source: .hnb, origin: "https://api.hnb.hr",
        documents: .range(maxDays: 366) { "/tecajn/v2?datum-do=\($0.upperBound)&datum-od=\($0.lowerBound)" },
        parse: { data throws(RatesProviderError) in
            struct Row: Decodable {
                let datum: String
                let valuta: String
                let jedinica: Int
                let srednjiTecaj: String
                enum CodingKeys: String, CodingKey {
                    case datum, valuta, jedinica
                    case srednjiTecaj = "srednji_tecaj"
                }
            }
            var days = PublishedDays(.hnb)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "a Hrvatska narodna banka rate list")
            where Currency.isWellFormedCode(row.valuta) {
                guard let date = CalendarDate(iso8601: row.datum), let rate = Decimal(published: row.srednjiTecaj) else {
                    throw .unreadable("\(row.valuta) on \(row.datum.prefix(20)) is \(row.srednjiTecaj.prefix(20))")
                }
                try days.add(row.valuta, rate, units: row.jedinica, on: date)
            }
            return try days.fetched()
        })
}
