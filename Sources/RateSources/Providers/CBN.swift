import Core
import Foundation

extension RateSource {
    package static let cbn = official(
        "cbn", "Central Bank of Nigeria", website: "https://www.cbn.gov.ng/rates/exchratebycurrency.asp", home: "NGN",
        quotation: .basePerUnit, country: "NG", rateType: "central rate", region: .africa, terms: "https://www.cbn.gov.ng/Legal.html",
        publishes: .init(hour: 16, minute: 0, timeZone: "Africa/Lagos"), sides: true)
}

extension ProviderDeclaration {
    /// `[{"currency": "POUNDS STERLING", "ratedate": "2026-05-21", "buyingrate": "…",
    /// "centralrate": "1850.5", "sellingrate": "…"}]`: every day since it began in one answer,
    /// naira per unit; the central rate is the mid. Currencies go by name (`CFA` is the West
    /// African franc, `WAUA` the West African unit of account, no currency, left out).
    static let cbn = ProviderDeclaration(
        source: .cbn, origin: "https://www.cbn.gov.ng", documents: .whole("/api/GetAllExchangeRates"), minimumCurrencies: 8,
        parse: { data throws(RatesProviderError) in
            struct Row: Decodable {
                let currency: String
                let ratedate: String
                let centralrate: String
                let buyingrate: String?
                let sellingrate: String?
            }
            let codes = [
                "US DOLLAR": "USD", "POUNDS STERLING": "GBP", "EURO": "EUR", "SWISS FRANC": "CHF", "YEN": "JPY",
                "YUAN/RENMINBI": "CNY", "SOUTH AFRICAN RAND": "ZAR", "RIYAL": "SAR", "UAE DIRHAM": "AED", "DANISH KRONA": "DKK",
                "CFA": "XOF", "SDR": "XDR",
            ]
            var days = PublishedDays(.cbn)
            for row in try PublishedJSON.decode([Row].self, from: data, what: "Central Bank of Nigeria rates") {
                guard let code = codes[row.currency.trimmingCharacters(in: .whitespaces).uppercased()] else { continue }
                guard let date = CalendarDate(iso8601: row.ratedate) else {
                    throw .unreadable("\(code) is dated \(row.ratedate.prefix(20))")
                }
                guard let rate = Decimal(plainText: row.centralrate) else {
                    throw .unreadable("\(code)'s rate is \(row.centralrate.prefix(20))")
                }
                try days.add(code, rate, on: date)
                try days.addSides(code, bought: row.buyingrate, sold: row.sellingrate, on: date, read: { Decimal(plainText: $0) })
            }
            return try days.fetched()
        })
}
