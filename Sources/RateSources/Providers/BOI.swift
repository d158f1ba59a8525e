import Core
import Foundation

extension RateSource {
    package static let boi = official(
        "boi", "Bank of Israel",
        website: "https://www.boi.org.il/en/economic-roles/statistics/foreign-exchange-market/exchange-rates/", home: "ILS",
        quotation: .basePerUnit, country: "IL", rateType: "representative rate", region: .middleEast,
        terms: "https://www.boi.org.il/en/terms-of-use",
        publishes: .init(hour: 14, minute: 0, timeZone: "Asia/Jerusalem"))
}

extension ProviderDeclaration {
    /// SDMX-CSV from the bank's SDMX service: a row per series and day, `RER_JPY_ILS, …,
    /// BASE_CURRENCY JPY, …, UNIT_MULT 2, …, TIME_PERIOD 2026-03-02, OBS_VALUE 1.971`: shekels per
    /// 10^UNIT_MULT units (per 100 JPY, per 10 LBP). Some days carry only the seven main
    /// series (the dollar, euro, pound, yen, Jordanian dinar, Egyptian and Lebanese pounds).
    static let boi = ProviderDeclaration(
        source: .boi, origin: "https://edge.boi.gov.il",
        documents: .range(maxDays: 366) {
            "/FusionEdgeServer/sdmx/v2/data/dataflow/BOI.STATISTICS/EXR/1.0/?c%5BDATA_TYPE%5D=OF00&endperiod=\($0.upperBound)&format=csv&startperiod=\($0.lowerBound)"
        },
        minimumCurrencies: 7,
        parse: { data throws(RatesProviderError) in
            let what = "Bank of Israel SDMX-CSV"
            let table = try CSVTable(
                PublishedCSV.rows(data, what: what),
                required: ["BASE_CURRENCY", "COUNTER_CURRENCY", "UNIT_MULT", "TIME_PERIOD", "OBS_VALUE"], what: what)
            var days = PublishedDays(.boi)
            for row in table.rows {
                let code = table.cell(row, "BASE_CURRENCY")
                guard table.cell(row, "COUNTER_CURRENCY") == "ILS", Currency.isWellFormedCode(code) else { continue }
                let multiplier = table.cell(row, "UNIT_MULT"), value = table.cell(row, "OBS_VALUE")
                guard let power = Int(multiplier), (0...6).contains(power) else {
                    throw .unreadable("\(code) is quoted per 10^\(multiplier.prefix(10)) units")
                }
                guard let date = CalendarDate(iso8601: table.cell(row, "TIME_PERIOD")) else {
                    throw .unreadable("\(code) is dated \(table.cell(row, "TIME_PERIOD").prefix(20))")
                }
                guard let rate = Decimal(plainText: value) else { throw .unreadable("\(code)'s rate is \(value.prefix(20))") }
                try days.add(code, rate, units: Int(pow(10, Double(power))), on: date)
            }
            return try days.fetched()
        })
}
