import Core
import Foundation

extension RateSource {
    package static let cbkkw = official(
        "cbkkw", "Central Bank of Kuwait", website: "https://www.cbk.gov.kw/en/monetary-policy/market-operations/exchange-rates/usd",
        home: "KWD", quotation: .basePerUnit, country: "KW", rateType: "official rate", region: .middleEast,
        terms: "https://www.cbk.gov.kw/",
        publishes: .init(hour: 12, minute: 0, timeZone: "Asia/Kuwait"))
}

extension ProviderDeclaration {
    /// A fragment per currency and run of days, POSTed with the currency's id on the bank's form
    /// (`selCurrency=USD:128735`, `27/09/2026` day first): a table `Date, KWD / USD` of rows
    /// `06.09.2026, 306.850`, fils per unit (thousandths of a dinar: 0.30685 dinars), weekends
    /// absent. The ids are the form's, as it listed them (2026-09); the Ecuadorian sucre and the
    /// Venezuelan bolívar fuerte, withdrawn, are not asked for.
    static let cbkkw = ProviderDeclaration(
        source: .cbkkw, origin: "https://www.cbk.gov.kw",
        series: cbkkwIDs.sorted { $0.key < $1.key }.map { Series($0.key, key: "\($0.key):\($0.value)") },
        documents: { series in
            .range(maxDays: 366) {
                .post(
                    "/en/monetary-policy/market-operations/exchange-rates/get-exchange-rates",
                    "formId=127906&selCurrency=\(FormPage.encoded(series.key))&txtDateFrom=\(FormPage.encoded(QueryDate.slashed($0.lowerBound)))"
                        + "&txtDateTo=\(FormPage.encoded(QueryDate.slashed($0.upperBound)))",
                    contentType: "application/x-www-form-urlencoded")
            }
        },
        // Each currency is asked for on its own and every answer is checked against its own
        // currency: a day holds the currencies the bank quoted on it, however few.
        minimumCurrencies: 1,
        parse: { data, series throws(RatesProviderError) in
            let what = "a Central Bank of Kuwait rates table"
            guard let table = try HTMLTables(data, what: what).tables.first, table.first == ["Date", "KWD / \(series.code)"] else {
                throw .unreadable("not \(what) of \(series.code)")
            }
            var days = PublishedDays(.cbkkw)
            for row in table.dropFirst() {
                guard row.count == 2, let date = PublishedDate.dotted(row[0]) else {
                    throw .unreadable("\(series.code) has a row \(row.joined(separator: " ").prefix(30))")
                }
                guard let fils = Decimal(plainText: row[1]) else { throw .unreadable("\(series.code) on \(date) is \(row[1].prefix(20))") }
                try days.add(series.code, fils, units: 1000, on: date)
            }
            return days.isEmpty ? [] : try days.fetched()
        })

    /// Each currency's id on the Central Bank of Kuwait's form.
    static let cbkkwIDs: [String: String] = [
        "AED": "128736", "AFN": "128518", "ALL": "128519", "AMD": "128520", "AOA": "128521", "ARS": "128522", "AUD": "128523",
        "AZN": "128524", "BAM": "144758", "BBD": "128525", "BDT": "128526", "BHD": "128680", "BIF": "128528", "BMD": "128529",
        "BND": "128530", "BOB": "128531", "BRL": "128532", "BSD": "128533", "BTN": "128534", "BWP": "128535", "BZD": "128536",
        "CAD": "128537", "CDF": "128538", "CHF": "128677", "CLP": "128539", "CNY": "128540", "COP": "128541", "CRC": "128542",
        "CUP": "128543", "CVE": "128544", "CZK": "128545", "DJF": "128546", "DKK": "128547", "DOP": "128548", "DZD": "128549",
        "EGP": "128551", "ERN": "128552", "ETB": "128553", "EUR": "128674", "FJD": "128554", "GBP": "128675", "GEL": "128555",
        "GHS": "128556", "GMD": "128557", "GNF": "128558", "GTQ": "128559", "GYD": "128560", "HKD": "128561", "HNL": "128562",
        "HTG": "128564", "HUF": "128565", "IDR": "128566", "INR": "127839", "IQD": "128567", "IRR": "128568", "ISK": "128569",
        "JMD": "128570", "JOD": "128571", "JPY": "128676", "KES": "128572", "KGS": "128573", "KHR": "128574", "KMF": "128575",
        "KPW": "128576", "KRW": "128577", "KZT": "128578", "LAK": "128579", "LBP": "128580", "LRD": "128582", "LSL": "128583",
        "LYD": "128584", "MAD": "128585", "MDL": "128586", "MGA": "128587", "MMK": "128588", "MNT": "128589", "MOP": "128590",
        "MRU": "128592", "MUR": "128593", "MVR": "128594", "MWK": "128595", "MXN": "128596", "MYR": "128597", "MZN": "128598",
        "NAD": "128599", "NGN": "128600", "NIO": "128601", "NOK": "128602", "NPR": "128603", "NZD": "128604", "OMR": "128681",
        "PAB": "128605", "PEN": "128606", "PGK": "128607", "PHP": "128608", "PKR": "128609", "PYG": "128611", "QAR": "128679",
        "SAR": "128678", "SVC": "128624", "USD": "128735",
    ]
}
