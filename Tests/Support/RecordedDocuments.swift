import Core
import Foundation
import RateSources

/// Every declared provider's recorded documents (`Tests/RateSourcesTests/Resources/providers`,
/// the files named after it), each read as the document it is: a publisher's of one currency by
/// the currency or key its name ends with (`bcb-…-usd.json`, `sarb-excb120d.json`). Form pages
/// and other documents that hold no rates are skipped. What the coverage test adds up and the
/// blend's microbenchmark blends.
package enum RecordedDocuments {
    package static let folder = Fixtures.documents.appendingPathComponent("providers")

    /// Every day `declaration`'s recorded documents hold, a document's days at a time.
    package static func days(of declaration: ProviderDeclaration) throws -> [FetchedRates] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var days: [FetchedRates] = []
        for file in files where file.hasPrefix(prefix(of: declaration.source.id)) {
            let name = (file.split(separator: ".").first.map(String.init) ?? file).lowercased()
            let series = declaration.seriesList.first {
                name.hasSuffix("-\($0.code.lowercased())") || name.hasSuffix("-\($0.key.lowercased())")
            }
            // A document of a month that does not name it (InforEuro's) is read as of the month it was recorded in.
            let month = declaration.source.cadence == .monthly ? CalendarDate(year: 1998, month: 12, day: 1) : nil
            guard let read = try? declaration.parse(try Data(contentsOf: folder.appendingPathComponent(file)), series: series, month: month)
            else {
                continue
            }
            days += read
        }
        return days
    }

    /// The newest day `declaration`'s documents hold, with every currency any of them quotes on it.
    package static func newestDay(of declaration: ProviderDeclaration) throws -> FetchedRates? {
        let days = try days(of: declaration)
        guard let newest = days.map(\.effectiveDate).max() else { return nil }
        return days.filter { $0.effectiveDate == newest }.reduce(nil) { merged, day in merged?.adding(day) ?? day }
    }

    /// The start of its files' names: its id, or the name the first providers' files were given.
    private static func prefix(of id: RateSourceID) -> String {
        switch id.rawValue {
        case "nb": "norges-bank-"
        case "nbp": "nbp-table-a-"
        case "nbp.b": "nbp-table-b-"
        // The Kursliste fills three sources.
        case "ictax", "ictax-monthly", "ictax-mean": "ictax-kursliste-"
        default: "\(id.rawValue)-"
        }
    }
}
