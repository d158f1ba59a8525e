import Core
import Foundation

extension RateSource {
    package static let bdp = reference(
        "bdp", "Banco de Portugal", website: "https://bpstat.bportugal.pt/", home: "PTE", quotation: .basePerUnit, country: "PT",
        rateType: "the escudo's daily reference rate (historical, until 1998)", cadence: .historical,
        terms: "https://www.bportugal.pt/en/")
}

extension ProviderDeclaration {
    /// The escudo's daily reference rates, which ended with 1998, from BPstat: JSON-stat, its
    /// `value` array the cube of counterparty currency by day (every other dimension one
    /// category: the escudo as reference, the bank as source, daily), escudos per unit. The 25
    /// series come ten a page, three pages; a currency is named only in its series' label
    /// (`US, Dollars (USD) against Escudo - daily`), and a page's currencies may include one
    /// whose series is on the next page, read there. `ECU` is the ECU's XEU.
    static let bdp: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .bdp, origin: "https://bpstat.bportugal.pt",
            documents: .pages(3, maxDays: unlimited) { days, page in
                "/data/v1/domains/29/datasets/23e0cdd56bddb4ad3016a9c3ad63a539/?dim_cats=13:794&dim_cats=18:35&dim_cats=40:4263&lang=EN&obs_since=\(days.lowerBound)&obs_to=\(days.upperBound)&page=\(page)"
            },
            // A page holds as few as four of the escudo's currencies; the day is all three.
            minimumCurrencies: 4,
            parse: { data throws(RatesProviderError) in
                let cube = try PublishedJSON.decode(BPstatCube.self, from: data, what: "a BPstat dataset")
                guard cube.extension.nextPage == nil || !cube.href.contains("page=3") else {
                    throw .unreadable("BPstat has more than the three pages of the escudo's series")
                }
                guard let currencies = cube.dimension["12"]?.category.index, let dates = cube.dimension["reference_date"]?.category.index,
                    cube.id.last == "reference_date", cube.id.first == "12",
                    cube.size == [currencies.count] + Array(repeating: 1, count: cube.id.count - 2) + [dates.count],
                    cube.dimension["70"]?.category.label?.values.first == "Portuguese Escudo",
                    cube.value.count == currencies.count * dates.count
                else { throw .unreadable("not the escudo's daily rates by currency and day") }
                var codes: [String: String] = [:]
                for series in cube.extension.series {
                    guard let category = series.dimensionCategory.first(where: { $0.dimensionID == 12 }),
                        let open = series.label.lastIndex(of: "("), series.label[open...].count > 4
                    else { throw .unreadable("a series named \(series.label.prefix(60))") }
                    let written = String(series.label[open...].dropFirst().prefix(3))
                    codes[String(category.categoryID)] = written == "ECU" ? "XEU" : written
                }
                var days = PublishedDays(.bdp)
                for (row, category) in currencies.enumerated() {
                    guard let code = codes[category], Currency.isWellFormedCode(code) else { continue }
                    for (column, text) in dates.enumerated() {
                        guard let rate = cube.value[row * dates.count + column] else { continue }
                        guard let date = CalendarDate(iso8601: text) else { throw .unreadable("a day written \(text.prefix(20))") }
                        try days.add(code, rate, on: date)
                    }
                }
                return try days.fetched()
            })
        declaration.firstDay = CalendarDate(year: 1987, month: 1, day: 2)
        return declaration
    }()
}

/// The parts of a BPstat JSON-stat dataset the escudo's rates need.
private struct BPstatCube: Decodable {
    let id: [String]
    let size: [Int]
    let value: [Decimal?]
    let href: String
    let dimension: [String: Dimension]
    let `extension`: Extension

    struct Dimension: Decodable {
        let category: Category
    }

    struct Category: Decodable {
        let index: [String]
        let label: [String: String]?
    }

    struct Extension: Decodable {
        let series: [Series]
        let nextPage: String?

        enum CodingKeys: String, CodingKey {
            case series
            case nextPage = "next_page"
        }
    }

    struct Series: Decodable {
        let label: String
        let dimensionCategory: [DimensionCategory]

        enum CodingKeys: String, CodingKey {
            case label
            case dimensionCategory = "dimension_category"
        }
    }

    struct DimensionCategory: Decodable {
        let dimensionID: Int
        let categoryID: Int

        enum CodingKeys: String, CodingKey {
            case dimensionID = "dimension_id"
            case categoryID = "category_id"
        }
    }
}
