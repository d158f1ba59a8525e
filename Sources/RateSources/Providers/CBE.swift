import Core
import Foundation

extension RateSource {
    package static let cbe = official(
        "cbe", "Central Bank of Egypt",
        website: "https://www.cbe.org.eg/en/economic-research/statistics/cbe-exchange-rates/historical-data", home: "EGP",
        quotation: .basePerUnit, country: "EG", rateType: "mean of buying and selling rates",
        region: .africa, terms: "https://www.cbe.org.eg/en/disclaimer", publishes: .init(hour: 11, minute: 0, timeZone: "Africa/Cairo"),
        sides: true)
}

extension ProviderDeclaration {
    /// The historical data form, posted for a run of days (`01/04/2026`, day first) and the
    /// currencies by the bank's names, with the antiforgery token and the data source the
    /// form page hands out. The answer is a workbook: `Date, Currency, Buy, Sell`, a row per
    /// currency and day, days as Excel serials, pounds per unit (per 100 for `Japanese Yen
    /// 100`); the mean of buying and selling is stored, as exact as the two figures.
    static let cbe = ProviderDeclaration(
        source: .cbe, origin: "https://www.cbe.org.eg",
        documents: .range(maxDays: 31) {
            .form(
                "/api/statistics/GetHistoricalData", page: "/en/economic-research/statistics/cbe-exchange-rates/historical-data",
                carrying: ["__RequestVerificationToken", "DataSourceId", "FallbackUrl", "LanguageName"],
                "FromDateRaw=\(FormPage.encoded(QueryDate.slashed($0.lowerBound)))"
                    + "&ToDateRaw=\(FormPage.encoded(QueryDate.slashed($0.upperBound)))&"
                    + cbeCodes.keys.sorted().map { "SelectedSelectOptions=\(FormPage.encoded($0))" }.joined(separator: "&")
                    + "&SubmitAction=2")
        },
        parse: { data throws(RatesProviderError) in
            let what = "a Central Bank of Egypt rates workbook"
            let sheet = try XLSXSheet(data, what: what)
            guard sheet.rows.values.contains(where: { $0["A"] == "Date" && $0["B"] == "Currency" && $0["C"] == "Buy" && $0["D"] == "Sell" })
            else { throw .unreadable("not \(what): no row of Date, Currency, Buy and Sell") }
            var days = PublishedDays(.cbe)
            for row in sheet.rows.values where row["A"] != "Date" {
                guard let name = row["B"], let serial = row["A"] else { continue }
                guard let (code, units) = cbeCodes[name] else { throw .unreadable("a currency is named \(name.prefix(30))") }
                guard let date = XLSXSheet.day(serial: serial) else { throw .unreadable("\(code) is dated \(serial.prefix(12))") }
                guard let buy = row["C"].flatMap(Decimal.init(plainText:)), let sell = row["D"].flatMap(Decimal.init(plainText:)),
                    buy > 0, sell > 0
                else { throw .unreadable("\(code) on \(date) is bought at \(row["C"] ?? "–"), sold at \(row["D"] ?? "–")") }
                try days.add(code, (buy + sell) / 2, units: units, on: date)
                try days.addSides(code, buying: buy, selling: sell, units: units, on: date)
            }
            return try days.fetched()
        })

    /// The Central Bank of Egypt's currency names, and the units each is quoted per.
    static let cbeCodes: [String: (String, Int)] = [
        "US Dollar": ("USD", 1), "Euro": ("EUR", 1), "Pound Sterling": ("GBP", 1), "Canadian Dollar": ("CAD", 1),
        "Danish Krone": ("DKK", 1), "Norwegian Krone": ("NOK", 1), "Swedish Krona": ("SEK", 1), "Swiss Franc": ("CHF", 1),
        "Japanese Yen 100": ("JPY", 100), "Saudi Riyal": ("SAR", 1), "Kuwaiti Dinar": ("KWD", 1), "UAE Dirham": ("AED", 1),
        "Australian Dollar": ("AUD", 1), "Bahraini Dinar": ("BHD", 1), "Omani Riyal": ("OMR", 1), "Qatari Riyal": ("QAR", 1),
        "Jordanian Dinar": ("JOD", 1), "Chinese Yuan": ("CNY", 1),
    ]
}
