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
        let workbook = try Workbook(data, what: what)
        guard let sheet = workbook.archive["xl/worksheets/sheet1.xml"] else { throw .unreadable("not \(what): no first sheet") }
        try self.init(sheet, of: workbook, what: what)
    }

    /// Every sheet of the workbook (or those `isWanted` names), by its name, in the workbook's
    /// order (a publisher's sheet per currency or per year).
    static func sheets(
        _ data: Data, what: String, named isWanted: (String) -> Bool = { _ in true }
    ) throws(RatesProviderError) -> [(name: String, sheet: XLSXSheet)] {
        let workbook = try Workbook(data, what: what)
        guard let list = workbook.archive["xl/workbook.xml"], let relations = workbook.archive["xl/_rels/workbook.xml.rels"] else {
            throw .unreadable("not \(what): no list of sheets")
        }
        let targets = Dictionary(
            try XMLRecords.read(inflate(relations, of: workbook.archive, what: what), record: ["Relationship"], what: what).records
                .compactMap {
                    record in record.attributes["Id"].flatMap { id in record.attributes["Target"].map { (id, $0) } }
                }, uniquingKeysWith: { first, _ in first })
        var parts: [(name: String, part: Entry)] = []
        for sheet in try XMLRecords.read(inflate(list, of: workbook.archive, what: what), record: ["sheet"], what: what).records {
            guard let name = sheet.attributes["name"], let id = sheet.attributes["r:id"] ?? sheet.attributes["id"], let target = targets[id]
            else {
                throw .unreadable("not \(what): a sheet without its part")
            }
            let path = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
            guard let part = workbook.archive[path] else { throw .unreadable("not \(what): no part \(path.prefix(60))") }
            parts.append((name, part))
        }
        // Every sheet together within one part's bound: many sheets must not add up to more.
        guard parts.map(\.part.uncompressedSize).reduce(0, +) <= UInt64(maxPartBytes) else {
            throw .tooLarge(.answer(megabytes: maxPartBytes >> 20))
        }
        var sheets: [(name: String, sheet: XLSXSheet)] = []
        for (name, part) in parts where isWanted(name) { sheets.append((name, try XLSXSheet(part, of: workbook, what: what))) }
        return sheets
    }

    /// The zip and its shared strings, which every sheet's cells point into.
    private struct Workbook {
        let archive: Archive
        let strings: [String]

        init(_ data: Data, what: String) throws(RatesProviderError) {
            do { archive = try Archive(data: data, accessMode: .read) } catch { throw .unreadable("not \(what): not a workbook") }
            let archive = archive
            strings =
                try archive["xl/sharedStrings.xml"].map { entry throws(RatesProviderError) in
                    // A string of several runs (`<r><t>…</t></r>`, a heading on two lines) is all of them.
                    try XMLRecords.read(XLSXSheet.inflate(entry, of: archive, what: what), record: ["si"], what: what).records.map {
                        $0.allText.trimmingCharacters(in: .whitespacesAndNewlines)
                    }
                } ?? []
        }
    }

    private init(_ sheet: Entry, of workbook: Workbook, what: String) throws(RatesProviderError) {
        let strings = workbook.strings
        guard let cells = XLSXCells.read(try Self.inflate(sheet, of: workbook.archive, what: what)) else {
            throw .unreadable("not \(what) (a sheet is not complete XML)")
        }
        for cell in cells {
            let column = String(cell.address.prefix { $0.isLetter }), row = Int(cell.address.drop { $0.isLetter })
            guard let row, !column.isEmpty else { throw .unreadable("not \(what): a cell at \(cell.address.prefix(12))") }
            if cell.isSharedString {
                guard let index = Int(cell.value), strings.indices.contains(index) else {
                    throw .unreadable("not \(what): string \(cell.value.prefix(12))")
                }
                rows[row, default: [:]][column] = strings[index]
            } else {
                rows[row, default: [:]][column] = cell.value
            }
        }
    }

    private static func inflate(_ entry: Entry, of archive: Archive, what: String) throws(RatesProviderError) -> Data {
        do {
            return try archive.unpack(
                entry, limit: maxPartBytes, tooLarge: .tooLarge(.answer(megabytes: maxPartBytes >> 20)),
                pastStated: "a part inflates past its stated size")
        } catch let error as RatesProviderError {
            throw error
        } catch {
            throw .unreadable("not \(what): a part does not inflate")
        }
    }

    /// A column's number: `A` is 1, `Z` 26, `AA` 27.
    static func columnNumber(_ letters: String) -> Int {
        letters.uppercased().unicodeScalars.reduce(0) { $0 * 26 + Int($1.value) - 64 }
    }

    /// A column's letters: 1 is `A`, 26 `Z`, 27 `AA` (``columnNumber(_:)`` the other way).
    static func columnLetters(_ number: Int) -> String {
        var letters = "", rest = number
        while rest > 0 {
            letters.insert(Character(UnicodeScalar(UInt8(65 + (rest - 1) % 26))), at: letters.startIndex)
            rest = (rest - 1) / 26
        }
        return letters
    }

    /// The day an Excel date serial stands for (1 is 1900-01-01, counting Excel's 29 February 1900).
    static func day(serial text: String) -> CalendarDate? {
        guard let serial = Int(text), serial > 60, serial < 2_958_466 else { return nil }
        return CalendarDate(year: 1899, month: 12, day: 30)?.adding(days: serial)
    }
}
