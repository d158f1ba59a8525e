import Core
import Foundation
import ZIPFoundation

/// Reads the ECB's complete euro reference history as the ECB publishes it
/// (`eurofxref-hist.zip`): one CSV, `eurofxref-hist.csv`, a row per business day since
/// 1999-01-04, newest first, a column per currency ever quoted (units per 1 EUR), `N/A` where a
/// currency was not quoted that day, and a comma ending the header and every row.
package enum ECBHistoryArchive {
    package static let entryName = "eurofxref-hist.csv"

    /// The days in the archive, oldest first, each with the currencies quoted that day.
    package static func days(zip data: Data, source: RateSourceID) throws(RatesProviderError) -> [FetchedRates] {
        try days(csv: csv(zip: data), source: source)
    }

    /// The most the archive's CSV may inflate to. The ECB's 27 years are about 2 MB of CSV; a
    /// zip bomb of 5 MB (what a provider may send) inflates to gigabytes.
    package static let maxCSVBytes = 64 << 20

    /// The CSV inside the archive, inflated only as far as `maxBytes`: an archive stating a
    /// larger CSV is refused before a byte is inflated, and one that inflates past what it
    /// states is refused there. Memory stays within the stated size, whatever the archive holds.
    package static func csv(zip data: Data, maxBytes: Int = maxCSVBytes) throws(RatesProviderError) -> Data {
        do {
            let archive = try Archive(data: data, accessMode: .read)
            guard let entry = archive[entryName] else {
                throw RatesProviderError.unreadable("the archive holds no \(entryName)")
            }
            return try archive.unpack(
                entry, limit: maxBytes, tooLarge: .tooLarge(.archiveCSV(megabytes: maxBytes >> 20)),
                pastStated: "the archive's CSV is larger than the archive states")
        } catch let error as RatesProviderError {
            throw error
        } catch {
            throw .unreadable("not a readable zip archive (\(error))")
        }
    }

    /// The newest day of the CSV, read from its first and last rows only (the ECB's file is
    /// newest first; the later of the two is taken whichever way a file runs).
    package static func newestDay(csv data: Data, source: RateSourceID) throws(RatesProviderError) -> FetchedRates {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard let header = lines.first, lines.count > 1 else { throw .unreadable("the CSV holds no rates") }
        let ends =
            Data(header) + Data("\n".utf8) + Data(lines[1]) + Data("\n".utf8) + (lines.count > 2 ? Data(lines[lines.count - 1]) : Data())
        return try days(csv: ends, source: source).last!
    }

    /// The CSV's first and last days and how many rows it has, read from its first and last
    /// rows only: what a start needs to know which days a load will add, in a millisecond.
    package static func span(csv data: Data) throws(RatesProviderError) -> ArchiveSpan {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .filter { !$0.allSatisfy { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: " ") } }
        guard lines.count > 1 else { throw .unreadable("the CSV holds no rates") }
        func date(_ line: Data.SubSequence) throws(RatesProviderError) -> CalendarDate {
            let cell = line.prefix { $0 != UInt8(ascii: ",") }
            guard let date = CalendarDate(iso8601: String(decoding: cell, as: UTF8.self)) else {
                throw .unreadable("a row of the CSV does not start with a date")
            }
            return date
        }
        let first = try date(lines[1]), last = try date(lines[lines.count - 1])
        return ArchiveSpan(oldest: min(first, last), newest: max(first, last), days: lines.count - 1)
    }

    /// An archive's first and last days, and how many days it holds.
    package struct ArchiveSpan: Sendable, Equatable {
        package let oldest: CalendarDate
        package let newest: CalendarDate
        package let days: Int
    }

    /// The days of the CSV, oldest first.
    package static func days(csv data: Data, source: RateSourceID) throws(RatesProviderError) -> [FetchedRates] {
        guard let text = String(data: data, encoding: .utf8) else { throw .unreadable("the CSV is not UTF-8 text") }
        var lines = text.split(whereSeparator: \.isNewline)[...]
        guard let header = lines.popFirst() else { throw .unreadable("the CSV is empty") }
        let columns = fields(header)
        guard columns.first == "Date", columns.count > 1 else { throw .unreadable("the CSV does not start with a Date column") }
        let codes = columns.dropFirst().map(String.init)
        guard codes.allSatisfy(Currency.isWellFormedCode) else { throw .unreadable("the CSV's header names no currency codes") }
        var days: [FetchedRates] = []
        days.reserveCapacity(lines.count)
        for (offset, line) in lines.enumerated() {
            let cells = fields(line)
            let row = offset + 2
            guard cells.count == columns.count, let date = CalendarDate(iso8601: String(cells[0])) else {
                throw .unreadable("row \(row) of the CSV is malformed")
            }
            var rates: [String: Decimal] = [:]
            for (code, cell) in zip(codes, cells.dropFirst()) where cell != "N/A" && !cell.isEmpty {
                guard let rate = Decimal(plainText: cell), rate > 0 else {
                    throw .unreadable("row \(row) of the CSV has an invalid rate for \(code): \(cell)")
                }
                rates[code] = rate
            }
            guard !rates.isEmpty else { throw .unreadable("row \(row) of the CSV (\(date)) quotes no currency") }
            days.append(FetchedRates(source: source, baseCurrency: "EUR", effectiveDate: date, rates: rates))
        }
        guard !days.isEmpty else { throw .unreadable("the CSV holds no rates") }
        days.sort { $0.effectiveDate < $1.effectiveDate }
        for (earlier, later) in zip(days, days.dropFirst()) where earlier.effectiveDate == later.effectiveDate {
            throw .unreadable("the CSV has two rows for \(later.effectiveDate)")
        }
        return days
    }

    /// The line's comma-separated fields, without the empty one the trailing comma leaves.
    private static func fields(_ line: Substring) -> [Substring] {
        var fields = line.split(separator: ",", omittingEmptySubsequences: false)
        if fields.last?.isEmpty == true { fields.removeLast() }
        return fields
    }
}
