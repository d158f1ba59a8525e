import CSV
import Foundation

/// A publisher's CSV read whole into rows with CSV.swift (its documents are tens of kilobytes,
/// bounded by the fetcher), fields separated by `separator`; a leading byte-order mark is
/// dropped, blank lines skipped.
enum PublishedCSV {
    static func rows(_ data: Data, separator: UnicodeScalar = ",", what: String) throws(RatesProviderError) -> [[String]] {
        guard var text = String(data: data, encoding: .utf8) else { throw .unreadable("not UTF-8 text") }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        do {
            let reader = try CSVReader(string: text, delimiter: separator)
            var rows: [[String]] = []
            while let row = reader.next() {
                if row.allSatisfy({ $0.isEmpty }) { continue }
                rows.append(row)
            }
            if let error = reader.error { throw error }
            return rows
        } catch {
            throw .unreadable("not \(what)")
        }
    }
}
