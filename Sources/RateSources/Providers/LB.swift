import Core
import Foundation

extension RateSource {
    package static let lb = reference(
        "lb", "Lietuvos bankas", website: "https://www.lb.lt/en/exchange-rates", home: "LTL", quotation: .basePerUnit, country: "LT",
        rateType: "official litas rate (historical, until 2014)", cadence: .historical, terms: "https://www.lb.lt/en/")
}

extension ProviderDeclaration {
    /// The litas's official rates, which ended when Lithuania took the euro in 2015: a day's
    /// XML, `<FxRate><Dt>2014-12-29</Dt><CcyAmt><Ccy>LTL</Ccy><Amt>7.6881</Amt></CcyAmt>
    /// <CcyAmt><Ccy>AED</Ccy><Amt>10</Amt></CcyAmt></FxRate>`: so many litai for so many units,
    /// each rate a pair whose first amount is the litas's.
    static let lb = ProviderDeclaration(
        source: .lb, origin: "https://www.lb.lt",
        documents: .day(latest: nil) { "/webservices/FxRates/FxRates.asmx/getFxRates?dt=\($0)&tp=LT" },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["FxRate"], what: "a Lietuvos bankas FxRates document")
            let amounts = try XMLRecords.read(data, record: ["CcyAmt"], what: "a Lietuvos bankas FxRates document").records
            guard amounts.count == document.records.count * 2 else { throw .unreadable("a rate is not a pair of amounts") }
            var days = PublishedDays(.lb)
            for (index, rate) in document.records.enumerated() {
                let litai = amounts[index * 2], other = amounts[index * 2 + 1]
                guard rate["Tp"] == "LT", let date = rate["Dt"].flatMap(CalendarDate.init(iso8601:)) else {
                    throw .unreadable("a rate of type \(rate["Tp"]?.prefix(10) ?? "none") dated \(rate["Dt"]?.prefix(20) ?? "nowhere")")
                }
                let code = other["Ccy"] ?? ""
                guard litai["Ccy"] == "LTL", let value = litai["Amt"].flatMap(Decimal.init(published:)),
                    let units = other["Amt"].flatMap(Int.init)
                else { throw .unreadable("\(code.prefix(10)) on \(date) is not litai per units") }
                guard Currency.isWellFormedCode(code) else { continue }
                try days.add(code, value, units: units, on: date)
            }
            return try days.fetched()
        })
}
