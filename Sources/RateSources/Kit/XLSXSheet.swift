import Core
import Foundation
import ZIPFoundation

/// The first worksheet of an XLSX workbook (a zip of XML parts), for the publishers whose rates
/// are a spreadsheet: each cell's text by its address, a shared string looked up, a number as
/// written in the cell. No maintained XLSX reader resolves here (CoreXLSX is not among the
/// packages this build may use); ZIPFoundation opens the zip and ``XMLRecords`` reads the two
/// parts a sheet of values needs, each inflated only up to ``maxPartBytes``.
struct XLSXSheet {
    /// Rows by number, each its cells' texts by column (`C`).
    private(set) var rows: [Int: [String: String]] = [:]

    /// A part's largest inflated size: the State Bank of Pakistan's 13 years are 3.6 MB.
    static let maxPartBytes = 32 << 20

    init(_ data: Data, what: String) throws(RatesProviderError) {
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read) } catch { throw .unreadable("not \(what): not a workbook") }
        let strings =
            try archive["xl/sharedStrings.xml"].map { entry throws(RatesProviderError) in
                try XMLRecords.read(Self.inflate(entry, of: archive, what: what), record: ["si"], what: what).records.map {
                    $0["t"] ?? $0.text
                }
            } ?? []
        guard let sheet = archive["xl/worksheets/sheet1.xml"] else { throw .unreadable("not \(what): no first sheet") }
        for cell in try XMLRecords.read(Self.inflate(sheet, of: archive, what: what), record: ["c"], what: what).records {
            guard let address = cell.attributes["r"], let value = cell["v"] else { continue }
            let column = String(address.prefix { $0.isLetter }), row = Int(address.drop { $0.isLetter })
            guard let row, !column.isEmpty else { throw .unreadable("not \(what): a cell at \(address.prefix(12))") }
            if cell.attributes["t"] == "s" {
                guard let index = Int(value), strings.indices.contains(index) else {
                    throw .unreadable("not \(what): string \(value.prefix(12))")
                }
                rows[row, default: [:]][column] = strings[index]
            } else {
                rows[row, default: [:]][column] = value
            }
        }
    }

    private static func inflate(_ entry: Entry, of archive: Archive, what: String) throws(RatesProviderError) -> Data {
        guard entry.uncompressedSize <= UInt64(maxPartBytes) else { throw .tooLarge(.answer(megabytes: maxPartBytes >> 20)) }
        let stated = Int(entry.uncompressedSize)
        var part = Data(capacity: stated)
        do {
            _ = try archive.extract(entry) { chunk in
                guard part.count + chunk.count <= stated else {
                    throw RatesProviderError.unreadable("a part inflates past its stated size")
                }
                part.append(chunk)
            }
        } catch let error as RatesProviderError {
            throw error
        } catch {
            throw .unreadable("not \(what): a part does not inflate")
        }
        return part
    }

    /// The day an Excel date serial stands for (1 is 1900-01-01, counting Excel's 29 February 1900).
    static func day(serial text: String) -> CalendarDate? {
        guard let serial = Int(text), serial > 60, serial < 2_958_466 else { return nil }
        return CalendarDate(year: 1899, month: 12, day: 30)?.adding(days: serial)
    }
}
