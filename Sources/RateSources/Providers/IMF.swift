import Core
import Foundation

extension RateSource {
    package static let imf = reference(
        "imf", "International Monetary Fund", website: "https://www.imf.org/external/np/fin/data/param_rms_mth.aspx", home: "USD",
        quotation: .unitsPerBase, country: nil, rateType: "representative rates reported by central banks; the SDR's value",
        cadence: .daily, terms: "https://www.imf.org/external/terms.htm",
        publishes: .init(hour: 18, minute: 0, timeZone: "America/New_York"))
}

extension ProviderDeclaration {
    /// Two tab-separated reports of a month (served as Excel): the representative rates central
    /// banks report to the Fund, units per dollar except the rows marked `(1)`, dollars per unit
    /// (stored the way each is written), and the SDRs per currency unit, of which the dollar's
    /// row gives the SDR. Currencies by English name only; a column per business day headed
    /// `March 02, 2026`, the table continued under a second header; `NA` for no rate.
    static let imf = ProviderDeclaration(
        source: .imf, origin: "https://www.imf.org",
        series: [.init("USD", key: "REP"), .init("XDR", key: "SDRCV")],
        documents: { report in
            .month { year, month in
                "/external/np/fin/data/rms_mth.aspx?SelectDate=\(CalendarDate(year: year, month: month, day: 1)!)&reportType=\(report.key)&tsvflag=Y"
            }
        },
        minimumCurrencies: 1,
        parse: { data, report throws(RatesProviderError) in
            guard let text = String(data: data, encoding: .utf8), text.contains("Currency\t") else {
                throw .unreadable("not an IMF rates report")
            }
            // The notes end every report: without them it is cut short, and its first columns would pass for the month.
            guard text.contains("\nNotes:") else { throw .unreadable("the IMF report is cut short") }
            var days = PublishedDays(.imf)
            var dates: [CalendarDate?] = []
            for line in text.split(whereSeparator: \.isNewline) {
                let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                if cells.first == "Currency" {
                    // `March 02, 2026`: the month first.
                    dates = cells.dropFirst().map { header in
                        let parts = header.replacingOccurrences(of: ",", with: "").split(separator: " ")
                        return parts.count == 3 ? PublishedDate.withFullMonthName("\(parts[1]) \(parts[0]) \(parts[2])") : nil
                    }
                    guard dates.allSatisfy({ $0 != nil }) else { throw .unreadable("a column is headed \(line.prefix(60))") }
                    continue
                }
                guard cells.count > 1, !dates.isEmpty, let name = cells.first else { continue }
                let written = name.hasSuffix("(1)") ? String(name.dropLast(3)) : name
                guard let code = imfNames[written] else { throw .unreadable("a currency named \(written.prefix(40))") }
                // The SDR report: the dollar's row, SDRs per dollar, is the SDR's rate.
                if report.key == "SDRCV", code != "USD" { continue }
                for (date, value) in zip(dates, cells.dropFirst()) where value != "NA" {
                    guard let date, let rate = Decimal(thousandsSeparated: value) else {
                        throw .unreadable("\(code) is \(value.prefix(20))")
                    }
                    if report.key == "SDRCV" {
                        try days.add("XDR", rate, on: date)
                    } else if code != "USD" {
                        try days.add(code, rate, on: date, reversed: name.hasSuffix("(1)"))
                    }
                }
            }
            return try days.fetched()
        })

    /// The reports' English names of the currencies they list.
    static let imfNames = [
        "Chinese yuan": "CNY", "Euro": "EUR", "Japanese yen": "JPY", "U.K. pound": "GBP", "U.S. dollar": "USD", "Algerian dinar": "DZD",
        "Australian dollar": "AUD", "Botswana pula": "BWP", "Brazilian real": "BRL", "Brunei dollar": "BND", "Canadian dollar": "CAD",
        "Chilean peso": "CLP", "Czech koruna": "CZK", "Danish krone": "DKK", "Indian rupee": "INR", "Israeli New Shekel": "ILS",
        "Korean won": "KRW", "Kuwaiti dinar": "KWD", "Malaysian ringgit": "MYR", "Mauritian rupee": "MUR", "Mexican peso": "MXN",
        "New Zealand dollar": "NZD", "Norwegian krone": "NOK", "Omani rial": "OMR", "Peruvian sol": "PEN", "Philippine peso": "PHP",
        "Polish zloty": "PLN", "Qatari riyal": "QAR", "Saudi Arabian riyal": "SAR", "Singapore dollar": "SGD", "Swedish krona": "SEK",
        "Swiss franc": "CHF", "Thai baht": "THB", "Trinidadian dollar": "TTD", "U.A.E. dirham": "AED", "Uruguayan peso": "UYU",
    ]
}
