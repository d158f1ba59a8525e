import Core
import Foundation

extension RateSource {
    package static let sarb = official(
        "sarb", "South African Reserve Bank", website: "https://custom.resbank.co.za/SarbWebApi/WebIndicators/HistoricalExchangeRatesDaily",
        home: "ZAR", quotation: .basePerUnit, country: "ZA", rateType: "weighted average rate",
        region: .africa, terms: "https://www.resbank.co.za/en/home/legal",
        publishes: .init(hour: 11, minute: 30, timeZone: "Africa/Johannesburg"))
}

extension ProviderDeclaration {
    /// A JSON list per series and run of days: `[{"Period": "2026-03-27T00:00:00", "Timeseries":
    /// "Rand per US Dollar", "Value": 17.1302}]`, newest first, the banks' weighted average at
    /// about 10:30 (a day without one has `null`). The dollar, pound and euro are rands per unit;
    /// the twenty others the other way round (`Japan: Yen per Rand`), each kept as the bank wrote
    /// it (``RateSnapshot/reversed``). A series whose name is not its code's is refused.
    static let sarb = ProviderDeclaration(
        source: .sarb, origin: "https://custom.resbank.co.za",
        series: sarbSeries.map { Series($0.code, key: $0.key) },
        documents: { series in
            .range(maxDays: 366) {
                "/SarbWebApi/WebIndicators/Shared/GetTimeseriesObservations/\(series.key)/\($0.lowerBound)/\($0.upperBound)"
            }
        },
        minimumCurrencies: 1,
        parse: { data, series throws(RatesProviderError) in
            struct Observation: Decodable {
                let period: String
                let timeseries: String
                let value: Decimal?

                enum CodingKeys: String, CodingKey {
                    case period = "Period"
                    case timeseries = "Timeseries"
                    case value = "Value"
                }
            }
            guard let name = sarbSeries.first(where: { $0.key == series.key })?.name else { throw .unreadable("no series \(series.key)") }
            var days = PublishedDays(.sarb)
            for row in try PublishedJSON.decode([Observation].self, from: data, what: "South African Reserve Bank observations") {
                guard row.timeseries == name else { throw .unreadable("\(series.key) is “\(row.timeseries.prefix(40))”, not “\(name)”") }
                guard let date = CalendarDate(iso8601: String(row.period.prefix(10))), row.period.dropFirst(10).hasPrefix("T00:00") else {
                    throw .unreadable("\(series.code) is dated \(row.period.prefix(20))")
                }
                guard let value = row.value else { continue }
                try days.add(series.code, value, on: date, reversed: !name.hasPrefix("Rand per "))
            }
            return days.isEmpty ? [] : try days.fetched()
        })

    /// Each series: its code at the bank, its currency and its name, which says which way it reads.
    static let sarbSeries: [(key: String, code: String, name: String)] = [
        ("EXCX135D", "USD", "Rand per US Dollar"), ("EXCZ001D", "GBP", "Rand per British Pound"), ("EXCZ002D", "EUR", "Rand per Euro"),
        ("EXCB003D", "DKK", "Denmark: Krone per Rand"), ("EXCB013D", "NOK", "Norway: Krone per Rand"),
        ("EXCB015D", "SEK", "Sweden: Krona per Rand"), ("EXCB016D", "CHF", "Switzerland: Franc per Rand"),
        ("EXCB031D", "CAD", "Canada: Dollar per Rand"), ("EXCB036D", "BRL", "Brazil: Real per Rand"),
        ("EXCB051D", "BWP", "Botswana: Pula per Rand"), ("EXCB059D", "KES", "Kenya: Schilling per Rand"),
        ("EXCB063D", "MWK", "Malawi: Kwacha per Rand"), ("EXCB071D", "ZMW", "Zambia: Kwacha per Rand"),
        ("EXCB080D", "AUD", "Australia: Dollar per Rand"), ("EXCB081D", "NZD", "New Zealand: Dollar per Rand"),
        ("EXCB094D", "ILS", "Israel: Shekel per Rand"), ("EXCB115D", "THB", "Thailand: Baht per Rand"),
        ("EXCB118D", "KRW", "South Korea: Won per Rand"), ("EXCB120D", "JPY", "Japan: Yen per Rand"),
        ("EXCB121D", "CNY", "China: Yuan per Rand"), ("EXCB122D", "HKD", "Hong Kong: Dollar per Rand"),
        ("EXCB123D", "INR", "India: Rupee per Rand"), ("EXCB126D", "TWD", "Taiwan: NT Dollar per Rand"),
    ]
}
