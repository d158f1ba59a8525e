import Core
import Foundation

extension RateSource {
    package static let rba = official(
        "rba", "Reserve Bank of Australia", website: "https://www.rba.gov.au/statistics/historical-data.html#exchange-rates",
        home: "AUD", quotation: .unitsPerBase, country: "AU", rateType: "indicative rate",
        region: .asiaPacific, terms: "https://www.rba.gov.au/copyright/",
        publishes: PublicationTime(hour: 16, minute: 0, timeZone: "Australia/Sydney"), translated: Message("Reserve Bank of Australia"))
}

/// Reads the Reserve Bank of Australia's table F11.1 (`f11.1-data.csv`): a title line and ten
/// header lines (`Units` names each column's currency), then one line per day (`03-Jan-2023`)
/// of units of each currency per Australian dollar, blank where none was published. The
/// trade-weighted index (`Index`) and the SDR columns are not currencies and are skipped.
private enum RBADocument {
    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let rows = try PublishedCSV.rows(data, what: "the Reserve Bank of Australia's table F11.1")
        guard let units = rows.first(where: { $0.first == "Units" }) else {
            throw .unreadable("not the Reserve Bank of Australia's table F11.1 (no Units line)")
        }
        var days = PublishedDays(.rba)
        for row in rows {
            guard let first = row.first, let date = PublishedDate.withMonthName(first, separator: "-") else { continue }
            for (column, text) in row.enumerated().dropFirst() where column < units.count && !text.isEmpty {
                let code = units[column]
                guard Currency.isWellFormedCode(code), code != "SDR" else { continue }
                guard let rate = Decimal(published: text) else { throw .unreadable("\(code) on \(first) is \(text), not a number") }
                try days.add(code, rate, on: date)
            }
        }
        return try days.fetched()
    }
}

extension ProviderDeclaration {
    /// One file holds every day since 2023.
    static let rba = ProviderDeclaration(
        source: .rba, origin: "https://www.rba.gov.au", documents: .whole("/statistics/tables/csv/f11.1-data.csv"),
        parse: RBADocument.parse)
}
