import Core
import Foundation

extension RateSource {
    package static let dnb = official(
        "dnb", "Danmarks Nationalbank",
        website: "https://www.nationalbanken.dk/en/what-we-do/stable-prices-monetary-policy-and-the-danish-economy/exchange-rates",
        home: "DKK", quotation: .basePerUnit, country: "DK", rateType: "reference rate", region: .europe,
        terms: "https://www.nationalbanken.dk/en",
        publishes: .init(hour: 15, minute: 0, timeZone: "Europe/Copenhagen"))
}

extension ProviderDeclaration {
    /// Statistics Denmark's table DNVALD, asked for by a POSTed JSON query: `VALUTA;KURTYP;TID;
    /// INDHOLD` rows separated by `;`, `JPY;KBH;2026M03D31;4.0749`, kroner per 100 units, days
    /// written `2026M03D31`; `..` where a currency has no rate that day (the lev since the euro).
    static let dnb = ProviderDeclaration(
        source: .dnb, origin: "https://api.statbank.dk",
        documents: .range(maxDays: 366) {
            let codes = dnbCurrencies.map { "\"\($0)\"" }.joined(separator: ",")
            return .post(
                "/v1/data",
                #"{"table":"DNVALD","format":"BULK","lang":"en","valuePresentation":"Code","variables":[{"code":"VALUTA","values":["#
                    + codes + #"]},{"code":"KURTYP","values":["KBH"]},{"code":"Tid","values":[">="#
                    + "\(dnbDay($0.lowerBound))<=\(dnbDay($0.upperBound))\"]}]}",
                contentType: "application/json")
        },
        parse: { data throws(RatesProviderError) in
            let what = "a Statistics Denmark DNVALD table"
            let table = try CSVTable(
                PublishedCSV.rows(data, separator: ";", what: what), required: ["VALUTA", "TID", "INDHOLD"], what: what)
            var days = PublishedDays(.dnb)
            for row in table.rows {
                let code = table.cell(row, "VALUTA"), written = table.cell(row, "TID"), value = table.cell(row, "INDHOLD")
                guard value != "..", Currency.isWellFormedCode(code) else { continue }
                // 2026M03D31
                let parts = written.split(whereSeparator: { $0 == "M" || $0 == "D" })
                guard parts.count == 3, let date = CalendarDate(iso8601: parts.joined(separator: "-")) else {
                    throw .unreadable("\(code) is dated \(written.prefix(20))")
                }
                guard let rate = Decimal(plainText: value) else { throw .unreadable("\(code)'s rate is \(value.prefix(20))") }
                try days.add(code, rate, units: 100, on: date)
            }
            return try days.fetched()
        })

    static func dnbDay(_ date: CalendarDate) -> String {
        "\(date.year)M\(PublishedDate.twoDigits(date.month))D\(PublishedDate.twoDigits(date.day))"
    }

    static let dnbCurrencies = [
        "EUR", "USD", "GBP", "SEK", "NOK", "CHF", "CAD", "JPY", "AUD", "NZD", "PLN", "CZK", "HUF", "HKD", "SGD", "ZAR", "BGN", "RON",
        "TRY", "KRW", "THB", "MYR", "PHP", "IDR", "CNY", "BRL", "MXN", "INR", "ILS", "ISK",
    ]
}
