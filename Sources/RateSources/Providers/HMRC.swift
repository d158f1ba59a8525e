import Core
import Foundation

extension RateSource {
    package static let hmrc = taxAndCustoms(
        "hmrc", "HM Revenue & Customs", website: "https://www.trade-tariff.service.gov.uk/exchange_rates/monthly", home: "GBP",
        quotation: .unitsPerBase, country: "GB", rateType: "monthly exchange rate for customs and VAT", cadence: .monthly,
        terms: "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
        publishes: .init(hour: 0, minute: 5, timeZone: "Europe/London"))
}

extension ProviderDeclaration {
    /// A month's rates, units per pound for one calendar month, stored on its first day; a
    /// currency of several countries (the CFA francs, the dirham of Abu Dhabi, Dubai and the
    /// Emirates) is listed once for each, at one rate. A month not published yet is a 404. Read
    /// in either of HMRC's forms, whichever was served:
    /// - the CSV (from January 2021, the first month it serves): `Country/Territories,Currency,
    ///   Currency Code,Currency Units per £1,Start date,End date`, in force `01/09/2026` to `30/09/2026`;
    /// - the XML (asked for the months before): `<exchangeRateMonthList Period="01/Aug/2025 to
    ///   31/Aug/2025">` of `<exchangeRate>`s with `currencyCode` and `rateNew`, the form HMRC
    ///   published its months in before the Trade Tariff service (`exrates-monthly-0120.xml`).
    static let hmrc: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .hmrc, origin: "https://www.trade-tariff.service.gov.uk",
            documents: .month { year, month in
                year >= firstCSVYear
                    ? "/uk/api/exchange_rates/files/monthly_csv_\(year)-\(month).csv"
                    : "/api/v2/exchange_rates/files/monthly_xml_\(year)-\(PublishedDate.twoDigits(month)).xml"
            },
            minimumCurrencies: 100,
            parse: { data throws(RatesProviderError) in
                data.first(where: { !Character(UnicodeScalar($0)).isWhitespace }) == UInt8(ascii: "<")
                    ? try hmrcXML(data) : try hmrcCSV(data)
            })
        declaration.emptyStatus = 404
        return declaration
    }()

    /// The first year of HMRC's months the Trade Tariff service serves as CSV.
    static let firstCSVYear = 2021

    private static func hmrcCSV(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let what = "HMRC's monthly exchange rates"
        let table = try CSVTable(
            PublishedCSV.rows(data, what: what), required: ["Currency Code", "Currency Units per £1", "Start date", "End date"], what: what)
        var days = PublishedDays(.hmrc)
        for row in table.rows {
            let code = table.cell(row, "Currency Code")
            let start = try hmrcMonth(from: table.cell(row, "Start date"), to: table.cell(row, "End date"), of: code, PublishedDate.slashed)
            try days.addHMRC(code, table.cell(row, "Currency Units per £1"), on: start)
        }
        return try days.fetched()
    }

    private static func hmrcXML(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let document = try XMLRecords.read(data, record: ["exchangeRate"], what: "HMRC's monthly exchange rates")
        let period = (document.attributes["Period"] ?? "").components(separatedBy: " to ")
        let start = try hmrcMonth(
            from: period.first ?? "", to: period.count == 2 ? period[1] : "", of: "the list"
        ) {
            PublishedDate.withMonthName($0, separator: "/")
        }
        var days = PublishedDays(.hmrc)
        for record in document.records {
            try days.addHMRC(record["currencyCode"] ?? "", record["rateNew"] ?? "", on: start)
        }
        return try days.fetched()
    }

    /// The first day of the calendar month `start` to `end` spans, or the document is refused.
    private static func hmrcMonth(
        from start: String, to end: String, of what: String, _ read: (String) -> CalendarDate?
    ) throws(RatesProviderError) -> CalendarDate {
        guard let first = read(start), first.day == 1, let last = read(end), last == RateSource.Cadence.monthly.lastDayInForce(of: first)
        else { throw .unreadable("\(what.prefix(8)) is in force \(start.prefix(12))–\(end.prefix(12)), not a calendar month") }
        return first
    }
}

extension PublishedDays {
    /// One of HMRC's rates: a currency's code and its units per pound, as written.
    fileprivate mutating func addHMRC(_ code: String, _ value: String, on month: CalendarDate) throws(RatesProviderError) {
        guard Currency.isWellFormedCode(code) else { throw .unreadable("“\(code.prefix(12))” is not a currency code") }
        guard let rate = Decimal(plainText: value) else { throw .unreadable("\(code)'s rate is \(value.prefix(20))") }
        try add(code, rate, on: month)
    }
}
