import Core
import Foundation

extension RateSource {
    package static let mas = official(
        "mas", "Monetary Authority of Singapore", website: "https://eservices.mas.gov.sg/statistics/msb/ExchangeRates.aspx",
        home: "SGD", quotation: .basePerUnit, country: "SG", rateType: "noon rate", region: .asiaPacific,
        terms: "https://www.mas.gov.sg/terms-of-use",
        publishes: .init(hour: 17, minute: 0, timeZone: "Asia/Singapore"))
}

extension ProviderDeclaration {
    /// An ASP.NET form posted with the view state its page hands out, for the daily rates of
    /// whole months (from the first day's month to the last's) with every currency's box ticked.
    /// The answer is a CSV: a title, then `End of Period,,,S$ Per Unit of Euro,…,S$ Per 100 Units
    /// of Japanese Yen,…`, a row per day whose year and month are written only where they change
    /// (`2026,Mar,02,…` then `,,03,…`), dollars per unit or per 100, and notes at the end; a
    /// file without its closing note is cut short and refused.
    static let mas = ProviderDeclaration(
        source: .mas, origin: "https://eservices.mas.gov.sg",
        documents: .range(maxDays: 366) { days in
            let field = "ctl00%24ContentPlaceHolder1%24"
            let boxes =
                (0..<3).map { "\(field)EndOfPeriodPerUnitCheckBoxList%24\($0)=on" }
                + (0..<18).map { "\(field)EndOfPeriodPer100UnitsCheckBoxList%24\($0)=on" }
            return .form(
                "/statistics/msb/ExchangeRates.aspx", page: "/statistics/msb/ExchangeRates.aspx",
                carrying: ["__VIEWSTATE", "__VIEWSTATEGENERATOR", "__EVENTVALIDATION"],
                "\(field)StartYearDropDownList=\(days.lowerBound.year)&\(field)StartMonthDropDownList=\(days.lowerBound.month)"
                    + "&\(field)EndYearDropDownList=\(days.upperBound.year)&\(field)EndMonthDropDownList=\(days.upperBound.month)"
                    + "&\(field)FrequencyDropDownList=D&" + boxes.joined(separator: "&") + "&\(field)DownloadButton=Download")
        },
        parse: { data throws(RatesProviderError) in
            let what = "a Monetary Authority of Singapore rates file"
            let rows = try PublishedCSV.rows(data, what: what)
            guard let start = rows.firstIndex(where: { $0.first == "End of Period" }) else {
                throw .unreadable("not \(what): no row of End of Period")
            }
            guard rows.last?.first?.hasPrefix("* ") == true else { throw .unreadable("not \(what): it is cut short") }
            let header = rows[start]
            var columns: [(index: Int, code: String, units: Int)] = []
            for (index, title) in header.enumerated().dropFirst(3) {
                let units = title.hasPrefix("S$ Per 100 Units of ") ? 100 : 1
                let name = title.replacingOccurrences(of: units == 100 ? "S$ Per 100 Units of " : "S$ Per Unit of ", with: "")
                guard let code = masCodes[name] else { throw .unreadable("not \(what): a column of \(title.prefix(40))") }
                columns.append((index, code, units))
            }
            var days = PublishedDays(.mas)
            var year = 0, month = 0
            for row in rows[(start + 1)...] where !(row.first ?? "").hasPrefix("*") {
                guard row.count == header.count else { throw .unreadable("a row has \(row.count) cells, not \(header.count)") }
                if !row[0].isEmpty { year = Int(row[0]) ?? 0 }
                if !row[1].isEmpty { month = PublishedDate.monthNumber(row[1]) ?? 0 }
                guard let day = Int(row[2]), let date = CalendarDate(year: year, month: month, day: day) else {
                    throw .unreadable("a day is written \(row.prefix(3).joined(separator: ",").prefix(20))")
                }
                for (index, code, units) in columns where !row[index].isEmpty {
                    guard let rate = Decimal(plainText: row[index]) else {
                        throw .unreadable("\(code) on \(date) is \(row[index].prefix(20))")
                    }
                    try days.add(code, rate, units: units, on: date)
                }
            }
            return try days.fetched()
        })

    /// The Monetary Authority's currency names, as its columns write them.
    static let masCodes = [
        "Euro": "EUR", "Pound Sterling": "GBP", "US Dollar": "USD", "Australian Dollar": "AUD", "Canadian Dollar": "CAD",
        "Chinese Renminbi": "CNY", "Hong Kong Dollar": "HKD", "Indian Rupee": "INR", "Indonesian Rupiah": "IDR",
        "Japanese Yen": "JPY", "Korean Won": "KRW", "Malaysian Ringgit": "MYR", "New Taiwan Dollar": "TWD",
        "New Zealand Dollar": "NZD", "Philippine Peso": "PHP", "Qatar Riyal": "QAR", "Saudi Arabia Riyal": "SAR",
        "Swiss Franc": "CHF", "Thai Baht": "THB", "UAE Dirham": "AED", "Vietnamese Dong": "VND",
    ]
}
