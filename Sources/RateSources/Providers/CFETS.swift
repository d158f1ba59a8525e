import Core
import Foundation

extension RateSource {
    package static let cfets = official(
        "cfets", "China Foreign Exchange Trade System (CNY central parity)",
        website: "https://www.chinamoney.com.cn/english/bmkcpr/", home: "CNY", quotation: .basePerUnit, country: "CN",
        rateType: "central parity rate", region: .asiaPacific, terms: "https://www.chinamoney.com.cn/english/",
        publishes: .init(hour: 9, minute: 15, timeZone: "Asia/Shanghai"))
}

extension ProviderDeclaration {
    /// The central parity rates of a run of days, POSTed for: `{"data": {"head": ["USD/CNY", …,
    /// "100JPY/CNY", …, "CNY/MOP", …], "pageTotal": 1}, "records": [{"date": "2026-08-31",
    /// "values": ["6.7828", …]}]}`, a value per pair of the head, newest first, at most 50 days
    /// a page (a run of at most 50 days is one page). `X/CNY` is yuan per unit (per 100 for
    /// `100JPY`); `CNY/X`, the other way round, units per yuan, kept so (``RateSnapshot/reversed``).
    static let cfets = ProviderDeclaration(
        source: .cfets, origin: "https://www.chinamoney.com.cn",
        documents: .range(maxDays: 50) {
            .post(
                "/ags/ms/cm-u-bk-ccpr/CcprHisNew?currency=&startDate=\($0.lowerBound)&endDate=\($0.upperBound)&pageNum=1&pageSize=50", "",
                contentType: "application/x-www-form-urlencoded")
        },
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                let data: Header
                let records: [Day]
            }
            struct Header: Decodable {
                let head: [String]
                let pageTotal: Int
            }
            struct Day: Decodable {
                let date: String
                let values: [String]
            }
            let document = try PublishedJSON.decode(Document.self, from: data, what: "CFETS central parity rates")
            guard document.data.pageTotal <= 1 else { throw .unreadable("the days fill \(document.data.pageTotal) pages, not one") }
            var days = PublishedDays(.cfets)
            for day in document.records {
                guard let date = CalendarDate(iso8601: day.date), day.values.count == document.data.head.count else {
                    throw .unreadable("a day is \(day.date.prefix(20)) with \(day.values.count) values")
                }
                for (pair, value) in zip(document.data.head, day.values) {
                    let perYuan = pair.hasPrefix("CNY/")
                    guard perYuan || pair.hasSuffix("/CNY") else { throw .unreadable("a pair is \(pair.prefix(12))") }
                    let foreign = perYuan ? pair.dropFirst(4) : pair.dropLast(4)
                    let units = foreign.hasPrefix("100") ? 100 : 1
                    let code = String(foreign.dropFirst(units == 100 ? 3 : 0))
                    guard Currency.isWellFormedCode(code), let rate = Decimal(plainText: value) else {
                        throw .unreadable("\(pair.prefix(12)) is \(value.prefix(20))")
                    }
                    try days.add(code, rate, units: units, on: date, reversed: perYuan)
                }
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
