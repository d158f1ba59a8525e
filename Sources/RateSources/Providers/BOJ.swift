import Core
import Foundation

extension RateSource {
    // The Tokyo market's 17:00 rates are in the database that evening.
    package static let boj = official(
        "boj", "Bank of Japan", website: "https://www.stat-search.boj.or.jp/index_en.html", home: "USD", quotation: .unitsPerBase,
        country: "JP", rateType: "Tokyo market rate at 17:00", region: .asiaPacific,
        terms: "https://www.stat-search.boj.or.jp/info/api_notice_en.pdf",
        publishes: .init(hour: 19, minute: 0, timeZone: "Asia/Tokyo"))
}

extension ProviderDeclaration {
    /// The bank's time-series API, a month per request: `{"RESULTSET": [{"SERIES_CODE":
    /// "FXERD04", "UNIT": "Yen per U.S. Dollar", "VALUES": {"SURVEY_DATES": [20260302, …],
    /// "VALUES": [156.99, …]}}]}`: the yen per dollar (FXERD04) and the dollars per euro
    /// (FXERD34, stored the way it is written), both at 17:00 in Tokyo; `null` on days without
    /// a rate.
    static let boj = ProviderDeclaration(
        source: .boj, origin: "https://www.stat-search.boj.or.jp",
        documents: .month { year, month in
            let period = "\(year)\(PublishedDate.twoDigits(month))"
            return "/api/v1/getDataCode?code=FXERD04,FXERD34&db=FM08&endDate=\(period)&format=json&lang=en&startDate=\(period)"
        },
        minimumCurrencies: 1,
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                struct Series: Decodable {
                    struct Values: Decodable {
                        let dates: [Int]
                        let values: [FloatWritten?]
                        enum CodingKeys: String, CodingKey {
                            case dates = "SURVEY_DATES"
                            case values = "VALUES"
                        }
                    }
                    let code: String
                    let values: Values
                    enum CodingKeys: String, CodingKey {
                        case code = "SERIES_CODE"
                        case values = "VALUES"
                    }
                }
                let results: [Series]
                enum CodingKeys: String, CodingKey { case results = "RESULTSET" }
            }
            var days = PublishedDays(.boj)
            for series in try PublishedJSON.decode(Document.self, from: data, what: "a Bank of Japan time series").results {
                let (code, reversed) =
                    switch series.code {
                    case "FXERD04": ("JPY", false)
                    case "FXERD34": ("EUR", true)
                    default: throw RatesProviderError.unreadable("the series \(series.code.prefix(20))")
                    }
                guard series.values.dates.count == series.values.values.count else {
                    throw .unreadable("\(code)'s days and values differ in number")
                }
                for (written, value) in zip(series.values.dates, series.values.values) {
                    guard let value else { continue }
                    guard let date = CalendarDate(year: written / 10_000, month: written / 100 % 100, day: written % 100) else {
                        throw .unreadable("\(code) is dated \(written)")
                    }
                    try days.add(code, value.value, on: date, reversed: reversed)
                }
            }
            return try days.fetched()
        })
}
