import Core
import Foundation

extension RateSource {
    // A day's rates are the interbank spot rates at 16:00, Taipei time.
    package static let cbc = official(
        "cbc", "Central Bank of the Republic of China (Taiwan)", website: "https://cpx.cbc.gov.tw/Tables/TableDetail?id=BP01D01",
        home: "USD", quotation: .unitsPerBase, country: "TW", rateType: "interbank spot rate at 16:00", region: .asiaPacific,
        terms: "https://www.cbc.gov.tw/",
        publishes: .init(hour: 16, minute: 30, timeZone: "Asia/Taipei"))
}

extension ProviderDeclaration {
    /// One JSON of every day since 1993 (served as text): `{"data": {"structure": {"Table1":
    /// [{"data": "新台幣NTD/USD"}, {"data": "英鎊USD/GBP"}, …]}, "dataSets": [["20260226",
    /// "31.251", "1.3547", …]]}}`: each column against the dollar, units per dollar where its
    /// label reads `XXX/USD` and dollars per unit where it reads `USD/XXX` (stored the way each
    /// is written); `NTD` is the New Taiwan dollar; `-` for no rate. The mark, French franc and
    /// guilder, quoted until 2001, are left out. Read for the days wanted only.
    static let cbc = ProviderDeclaration(
        source: .cbc, origin: "https://cpx.cbc.gov.tw", documents: .whole("/API/DataAPI/Get?FileName=BP01D01"),
        parseDays: { data, wanted throws(RatesProviderError) in
            struct Document: Decodable {
                struct Content: Decodable {
                    struct Structure: Decodable {
                        struct Label: Decodable { let data: String }
                        let table1: [Label]
                        enum CodingKeys: String, CodingKey { case table1 = "Table1" }
                    }
                    let dataSets: [[String]]
                    let structure: Structure
                }
                let data: Content
            }
            let document = try PublishedJSON.decode(Document.self, from: data, what: "the Central Bank of the Republic of China's rates")
            // `JPY/USD` is yen per dollar; `USD/GBP` dollars per pound, written the other way.
            let columns = try document.data.structure.table1.map { label throws(RatesProviderError) -> (code: String, reversed: Bool) in
                let pair = label.data.suffix(7).split(separator: "/").map(String.init)
                guard pair.count == 2, pair.contains("USD") else { throw .unreadable("a column is labelled \(label.data.prefix(30))") }
                let code = pair[0] == "USD" ? pair[1] : pair[0]
                return (code == "NTD" ? "TWD" : code, pair[0] == "USD")
            }
            var days = PublishedDays(.cbc)
            for row in document.data.dataSets {
                guard row.count == columns.count + 1, let written = row.first, written.count == 8,
                    let date = CalendarDate(iso8601: "\(written.prefix(4))-\(written.dropFirst(4).prefix(2))-\(written.suffix(2))")
                else { throw .unreadable("a row of \(row.count) cells is dated \(row.first?.prefix(12) ?? "nowhere")") }
                if let wanted, !wanted.contains(date) { continue }
                for (column, value) in zip(columns, row.dropFirst()) where value != "-" && !["DEM", "FRF", "NLG"].contains(column.code) {
                    guard let rate = Decimal(thousandsSeparated: value) else {
                        throw .unreadable("\(column.code) on \(date) is \(value.prefix(20))")
                    }
                    try days.add(column.code, rate, on: date, reversed: column.reversed)
                }
            }
            return try days.fetched(heldAny: !document.data.dataSets.isEmpty)
        })
}
