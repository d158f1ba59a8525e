import Core
import Foundation

extension RateSource {
    package static let hkma = official(
        "hkma", "Hong Kong Monetary Authority",
        website: "https://www.hkma.gov.hk/eng/data-publications-and-research/data-and-statistics/daily-monetary-statistics/",
        home: "HKD", quotation: .basePerUnit, country: "HK", rateType: "end-of-day rate",
        region: .asiaPacific, terms: "https://www.hkma.gov.hk/eng/disclaimer/",
        publishes: .init(hour: 19, minute: 0, timeZone: "Asia/Hong_Kong"))
}

extension ProviderDeclaration {
    /// `{"result": {"records": [{"end_of_day": "2026-02-28", "usd": 7.8245000000000005, "dem": null,
    /// "neeri_2020_trade_wgt": 101.2}]}}`: Hong Kong dollars per unit under lower-case codes, as
    /// binary floats with every digit (``FloatWritten``), beside retired currencies (null) and
    /// the effective exchange rate indices (longer names, not rates). The monthly bulletin comes
    /// out weeks after the days it holds: a range not out yet is empty, not an error.
    static let hkma = ProviderDeclaration(
        source: .hkma, origin: "https://api.hkma.gov.hk",
        documents: .range(maxDays: 100) {
            .get(
                "/public/market-data-and-statistics/monthly-statistical-bulletin/er-ir/er-eeri-daily?choose=end_of_day"
                    + "&from=\($0.lowerBound)&offset=0&pagesize=100&sortby=end_of_day&sortorder=desc&to=\($0.upperBound)")
        },
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                let header: Header
                let result: Result<[String: Field]>?
                let days: Result<Day>?

                init(from decoder: any Decoder) throws {
                    header = try Header(from: decoder)
                    result = try? Result(from: decoder)
                    days = try? Result(from: decoder)
                }
            }
            struct Header: Decodable {
                let header: Status
            }
            struct Status: Decodable {
                let success: Bool
                let errMsg: String?
            }
            struct Result<Record: Decodable>: Decodable {
                let result: Records<Record>
            }
            struct Records<Record: Decodable>: Decodable {
                let records: [Record]
            }
            struct Day: Decodable {
                let endOfDay: String
            }
            /// A rate, or what is not one (null, the day's own text).
            enum Field: Decodable {
                case rate(Decimal)
                case other

                init(from decoder: any Decoder) throws {
                    self = (try? FloatWritten(from: decoder)).map { .rate($0.value) } ?? .other
                }
            }
            let document = try PublishedJSON.decode(
                Document.self, from: data, what: "Hong Kong Monetary Authority rates", keys: .convertFromSnakeCase)
            guard document.header.header.success, let records = document.result?.result.records,
                let dates = document.days?.result.records, dates.count == records.count
            else { throw .providerError(String((document.header.header.errMsg ?? "no records").prefix(200))) }
            var days = PublishedDays(.hkma)
            for (record, day) in zip(records, dates) {
                guard let date = CalendarDate(iso8601: day.endOfDay) else { throw .unreadable("a day is \(day.endOfDay.prefix(20))") }
                for (key, field) in record where key.count == 3 {
                    if case .rate(let rate) = field { try days.add(key.uppercased(), rate, on: date) }
                }
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
