import Core
import Foundation

extension RateSource {
    package static let cbk = official(
        "cbk", "Central Bank of Kenya", website: "https://www.centralbank.go.ke/forex/", home: "KES", quotation: .basePerUnit,
        country: "KE", rateType: "indicative rate", region: .africa, terms: "https://www.centralbank.go.ke/disclaimer/",
        publishes: .init(hour: 11, minute: 0, timeZone: "Africa/Nairobi"))
}

extension ProviderDeclaration {
    /// Every day since 2024 in one answer to a POSTed table query: `{"data": [["05/01/2024",
    /// "STG POUND", "200.1950"]]}`, shillings per unit (per 100 for `JPY (100)`), currencies by
    /// the bank's own names. The East African currencies (`KES / USHS` …) are written the other
    /// way round, units per shilling, and kept so (``RateSnapshot/reversed``).
    static let cbk = ProviderDeclaration(
        source: .cbk, origin: "https://www.centralbank.go.ke",
        documents: .whole(
            .post(
                "/wp-admin/admin-ajax.php?action=get_wdtable&table_id=193", "draw=1&start=0&length=-1",
                contentType: "application/x-www-form-urlencoded")),
        parse: { data throws(RatesProviderError) in
            struct Table: Decodable {
                let data: [[String]]
            }
            let codes: [String: (String, Int)] = [
                "US DOLLAR": ("USD", 1), "STG POUND": ("GBP", 1), "EURO": ("EUR", 1), "SA RAND": ("ZAR", 1), "AE DIRHAM": ("AED", 1),
                "CAN $": ("CAD", 1), "S FRANC": ("CHF", 1), "JPY (100)": ("JPY", 100), "SW KRONER": ("SEK", 1),
                "NOR KRONER": ("NOK", 1), "DAN KRONER": ("DKK", 1), "IND RUPEE": ("INR", 1), "HONGKONG DOLLAR": ("HKD", 1),
                "SINGAPORE DOLLAR": ("SGD", 1), "SAUDI RIYAL": ("SAR", 1), "CHINESE YUAN": ("CNY", 1), "AUSTRALIAN $": ("AUD", 1),
            ]
            let perShilling = ["KES / USHS": "UGX", "KES / TSHS": "TZS", "KES / RWF": "RWF", "KES / BIF": "BIF"]
            var days = PublishedDays(.cbk)
            for row in try PublishedJSON.decode(Table.self, from: data, what: "Central Bank of Kenya rates").data {
                guard row.count >= 3 else { throw .unreadable("a row has \(row.count) cells") }
                let name = row[1].trimmingCharacters(in: .whitespaces)
                guard let (code, units) = codes[name] ?? perShilling[name].map({ ($0, 1) }) else { continue }
                guard let date = PublishedDate.slashed(row[0]) else { throw .unreadable("\(code) is dated \(row[0].prefix(20))") }
                guard let rate = Decimal(plainText: row[2]) else { throw .unreadable("\(code)'s rate is \(row[2].prefix(20))") }
                try days.add(code, rate, units: units, on: date, reversed: perShilling[name] != nil)
            }
            return try days.fetched()
        })
}
