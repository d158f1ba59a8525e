import Core
import Foundation

extension RateSource {
    package static let bi = official(
        "bi", "Bank Indonesia", website: "https://www.bi.go.id/en/statistik/informasi-kurs/transaksi-bi/default.aspx", home: "IDR",
        quotation: .basePerUnit, country: "ID", rateType: "mean of buying and selling transaction rates",
        region: .asiaPacific, terms: "https://www.bi.go.id/en/", publishes: .init(hour: 10, minute: 0, timeZone: "Asia/Jakarta"),
        sides: true)
}

extension ProviderDeclaration {
    /// A SharePoint form searched per currency and run of days (`02-Mar-2026`), posted with the
    /// view state, event validation and request digest its page hands out; the currency is the
    /// form's option value (`AUD` and two spaces) and the fields are named after the rates web
    /// part (`…$g_6c89d4ad_…$ctl00$txtFrom`). The answer is the whole page with a table `Value,
    /// Sell, Buy, Date`, a row per day (`1.00, 11,949.58, 11,827.30, 5 Mar 2026`), rupiah per
    /// `Value` units; the mean of selling and buying is stored. A search of days without rates
    /// (a weekend) answers the page without the table. `CNH` is no ISO 4217 code: not asked for.
    static let bi = ProviderDeclaration(
        source: .bi, origin: "https://www.bi.go.id",
        series: [
            "AED", "AUD", "BND", "CAD", "CHF", "CNY", "DKK", "EUR", "GBP", "HKD", "JPY", "KRW", "KWD", "LAK", "MYR", "NOK", "NZD", "PGK",
            "PHP", "SAR", "SEK", "SGD", "THB", "USD", "VND",
        ].map { Series($0, key: "\($0)  ") },
        documents: { series in
            .range(maxDays: 92) { days in
                let part = "ctl00$PlaceHolderMain$g_6c89d4ad_107f_437d_bd54_8fda17b556bf$ctl00$"
                let fields = [
                    ("MSOWebPartPage_PostbackSource", ""), ("MSOTlPn_View", "0"), ("MSOTlPn_ShowSettings", "False"),
                    ("MSOTlPn_Button", "none"), ("__EVENTTARGET", ""), ("__EVENTARGUMENT", ""),
                    ("MSOSPWebPartManager_DisplayModeName", "Browse"), ("\(part)ddlmatauang1", series.key),
                    ("\(part)txtFrom", PublishedDate.withMonthName(days.lowerBound, separator: "-")),
                    ("\(part)txtTo", PublishedDate.withMonthName(days.upperBound, separator: "-")), ("\(part)txtTanggal", ""),
                    ("\(part)btnSearch1", "Search"),
                    ("\(part)hidSourceID", "\(part.replacingOccurrences(of: "$", with: "_"))btnSearch1"),
                ]
                return .form(
                    "/en/statistik/informasi-kurs/transaksi-bi/default.aspx",
                    page: "/en/statistik/informasi-kurs/transaksi-bi/default.aspx",
                    carrying: ["__VIEWSTATE", "__VIEWSTATEGENERATOR", "__EVENTVALIDATION", "__REQUESTDIGEST"],
                    fields.map { "\(FormPage.encoded($0.0))=\(FormPage.encoded($0.1))" }.joined(separator: "&"))
            }
        },
        // Each currency is searched for on its own: a day holds those the bank quoted on it.
        minimumCurrencies: 1,
        parse: { data, series throws(RatesProviderError) in
            let what = "a Bank Indonesia rates page"
            let page = try HTMLTables(data, what: what)
            guard let table = page.tables.first(where: { $0.first == ["Value", "Sell", "Buy", "Date"] }) else {
                // The form without results is a search of days without rates; anything else is not the page.
                guard String(decoding: data, as: UTF8.self).contains("$txtFrom\"") else { throw .unreadable("not \(what)") }
                return []
            }
            var days = PublishedDays(.bi)
            for row in table.dropFirst() {
                guard row.count == 4, let date = PublishedDate.withMonthName(row[3], separator: " "), let units = Self.wholeUnits(row[0])
                else { throw .unreadable("\(series.code) has a row \(row.joined(separator: " ").prefix(40))") }
                guard let sell = Decimal(thousandsSeparated: row[1]), let buy = Decimal(thousandsSeparated: row[2]), sell > 0, buy > 0
                else {
                    throw .unreadable("\(series.code) on \(date) is sold at \(row[1].prefix(16)), bought at \(row[2].prefix(16))")
                }
                try days.add(series.code, (sell + buy) / 2, units: units, on: date)
                try days.addSides(series.code, buying: buy, selling: sell, units: units, on: date)
            }
            return days.isEmpty ? [] : try days.fetched()
        })

    /// `100` for `100.00`: the units a rate is per, written as a number with cents.
    static func wholeUnits(_ text: String) -> Int? {
        let parts = text.replacingOccurrences(of: ",", with: "").split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.count == 1 || parts[1].allSatisfy({ $0 == "0" }), let units = Int(parts[0]), units > 0
        else { return nil }
        return units
    }
}
