import Core
import Foundation

extension RateSource {
    // The day's weighted averages of the interbank trades are out in the evening.
    package static let bot = official(
        "bot", "Bank of Thailand", website: "https://app.bot.or.th/BTWS_STAT/statistics/ReportPage.aspx?reportID=123&language=eng",
        home: "THB", quotation: .basePerUnit, country: "TH", rateType: "weighted-average interbank mid rate",
        region: .asiaPacific, terms: "https://www.bot.or.th/en/",
        publishes: .init(hour: 18, minute: 0, timeZone: "Asia/Bangkok"), sides: true)
}

extension ProviderDeclaration {
    /// Needs a key (`BOT_API_KEY`, sent as `Authorization`). A range's JSON, `{"result": {"data":
    /// {"data_detail": [{"period": "2026-04-03", "currency_id": "JPY", "currency_name_eng":
    /// "JAPAN : YEN (100 YEN) (JPY)", "mid_rate": "20.4832000"}]}}}`: baht per unit, except where
    /// the name says otherwise (100 yen, 1,000 rupiah) although the report's header says per 1.
    static let bot: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .bot, origin: "https://gateway.api.bot.or.th",
            documents: .range(maxDays: 31) {
                "/Stat-ExchangeRate/v2/DAILY_AVG_EXG_RATE/?end_period=\($0.upperBound)&start_period=\($0.lowerBound)"
            },
            parse: { data throws(RatesProviderError) in
                struct Document: Decodable {
                    struct Result: Decodable { let data: Data }
                    struct Data: Decodable {
                        let dataDetail: [Row]
                        enum CodingKeys: String, CodingKey { case dataDetail = "data_detail" }
                    }
                    let result: Result
                }
                struct Row: Decodable {
                    let period: String
                    let currencyID: String
                    let name: String
                    let midRate: String
                    let buyingTransfer: String?
                    let selling: String?
                    enum CodingKeys: String, CodingKey {
                        case period, selling
                        case currencyID = "currency_id"
                        case name = "currency_name_eng"
                        case midRate = "mid_rate"
                        case buyingTransfer = "buying_transfer"
                    }
                }
                var days = PublishedDays(.bot)
                for row in try PublishedJSON.decode(Document.self, from: data, what: "Bank of Thailand rates").result.data.dataDetail
                where Currency.isWellFormedCode(row.currencyID) {
                    guard let date = CalendarDate(iso8601: row.period), let rate = Decimal(published: row.midRate) else {
                        throw .unreadable("\(row.currencyID) on \(row.period.prefix(20)) is \(row.midRate.prefix(20))")
                    }
                    // `(100 YEN)`, `(1,000 RUPIAH)`: the units a name gives before the code.
                    let units =
                        row.name.split(separator: "(").dropLast().last.flatMap {
                            Int($0.split(separator: " ").first?.replacingOccurrences(of: ",", with: "") ?? "")
                        } ?? 1
                    try days.add(row.currencyID, rate, units: units, on: date)
                    // The buying rate for transfers (not for sight bills), and the selling rate.
                    try days.addSides(row.currencyID, bought: row.buyingTransfer, sold: row.selling, units: units, on: date)
                }
                return try days.fetched()
            })
        declaration.key = .header("Authorization")
        return declaration
    }()
}
