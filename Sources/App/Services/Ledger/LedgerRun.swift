import CSV
import Core
import Foundation

/// One conversion of a ledger, a row at a time, over a spooled file: the header and dialect are
/// read first (the columns by their names unless chosen, the date style and decimal mark from
/// the first rows), then each row is converted as it is read, so a million rows never sit in
/// memory. Rows come out in their order, every one of them, with the reason where one cannot
/// be converted; the totals and the rate days used are kept for the receipt.
///
/// A run is read by one task at a time (the request converting it), never shared.
package final class LedgerRun: @unchecked Sendable {
    package typealias Settings = LedgerSettings
    package typealias Dialect = LedgerDialect
    package typealias Row = LedgerRow
    package typealias Converted = LedgerRow.Converted
    package typealias Failure = LedgerLayoutFailure

    /// Rows read to learn the date style and the decimal mark.
    static let sampleRows = 500

    package let header: [String]
    let columns: LedgerColumns
    package let dialect: Dialect
    let settings: Settings
    private let reader: CSVReader
    private var book: LedgerRateBook
    private let fractionDigits: Int
    private var number = 1
    private var tally = LedgerTally()

    /// Reads the header and the first rows of the spooled file at `url`.
    package init(
        url: URL, facts: LedgerFileFacts, settings: Settings, book: LedgerRateBook, fractionDigits: Int
    ) throws {
        let sampler = try Self.reader(url, facts.delimiter)
        let header = (sampler.next() ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
        let columns: LedgerColumns
        if let chosen = settings.columns {
            guard [chosen.date, chosen.amount, chosen.currency].allSatisfy(header.indices.contains) else {
                throw Failure.badColumns(header: header)
            }
            columns = chosen
        } else if let found = LedgerColumns.find(in: header) {
            columns = found
        } else {
            throw Failure.noColumns(header: header)
        }
        var dates: [String] = [], amounts: [String] = []
        while dates.count < Self.sampleRows, let row = sampler.next() {
            if row.indices.contains(columns.date) { dates.append(row[columns.date]) }
            if row.indices.contains(columns.amount) { amounts.append(row[columns.amount]) }
        }
        let sniffed = LedgerDateStyle.sniff(dates)
        let style: LedgerDateStyle
        if let chosen = settings.dateStyle, sniffed.ambiguous || sniffed.style == chosen {
            style = chosen
        } else if let found = sniffed.style {
            style = found
        } else if sniffed.ambiguous {
            let example = dates.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            throw Failure.ambiguousDates(example: example, header: header)
        } else {
            style = .iso
        }
        self.header = header
        self.columns = columns
        self.settings = settings
        self.book = book
        self.fractionDigits = fractionDigits
        dialect = Dialect(facts: facts, amounts: amounts, dateStyle: style)
        reader = try Self.reader(url, facts.delimiter)
        _ = reader.next() // the header
    }

    /// The header row of a spooled file (for choosing columns by their names).
    static func header(of url: URL, delimiter: UInt8) throws -> [String] {
        (try reader(url, delimiter).next() ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func reader(_ url: URL, _ delimiter: UInt8) throws -> CSVReader {
        guard let stream = InputStream(url: url) else { throw CocoaError(.fileReadNoSuchFile) }
        return try CSVReader(stream: stream, hasHeaderRow: false, trimFields: false, delimiter: UnicodeScalar(delimiter))
    }

    /// The next row, converted; `nil` after the last.
    package func next() -> Row? {
        guard let cells = reader.next() else { return nil }
        number += 1
        let result = convert(cells)
        tally.count(result)
        return Row(number: number, cells: cells, result: result)
    }

    private func convert(_ cells: [String]) -> Result<Converted, LedgerLineProblem> {
        guard cells.count > max(columns.date, columns.amount, columns.currency) else { return .failure(.missingCells) }
        let dateText = cells[columns.date]
        guard let date = dialect.dateStyle.parse(dateText) else { return .failure(.badDate(Self.quoted(dateText))) }
        let amountText = cells[columns.amount]
        guard let parts = LedgerAmount.parts(amountText, decimalComma: dialect.decimalComma), let amount = parts.decimal else {
            return .failure(.badAmount(Self.quoted(amountText)))
        }
        guard let code = Self.currencyCode(cells[columns.currency]) else {
            return .failure(.badCurrency(Self.quoted(cells[columns.currency])))
        }
        return book.rate(of: code, on: date).flatMap { rate in
            guard let converted = Converted(amount: amount, parts: parts, currency: code, rate: rate, fractionDigits: fractionDigits) else {
                return .failure(.badAmount(Self.quoted(amountText)))
            }
            return .success(converted)
        }
    }

    /// The three letters of a currency cell (`usd`, ` EUR `), upper-cased; `nil` for anything else.
    /// Read as bytes: trimming and upper-casing the `String` took a microsecond a line.
    static func currencyCode(_ cell: String) -> String? {
        var letters: [UInt8] = [0, 0, 0]
        var count = 0, ended = false
        for byte in cell.utf8 {
            if byte == 0x20 || byte == 0x09 {
                ended = count > 0
                continue
            }
            // No-break spaces around the letters are trimmed the slow way, as `.whitespaces` does.
            if byte > 0x7F { return currencyCode(trimming: cell) }
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
            guard !ended, count < 3, upper >= UInt8(ascii: "A"), upper <= UInt8(ascii: "Z") else { return nil }
            letters[count] = upper
            count += 1
        }
        return count == 3 ? String(decoding: letters, as: UTF8.self) : nil
    }

    private static func currencyCode(trimming cell: String) -> String? {
        let trimmed = cell.trimmingCharacters(in: .whitespaces)
        return trimmed.utf8.allSatisfy { $0 <= 0x7F } ? currencyCode(trimmed) : nil
    }

    /// A cell as an error quotes it: at most 40 characters.
    private static func quoted(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 40 ? String(trimmed.prefix(39)) + "…" : trimmed
    }

    /// The receipt, once every row was read.
    func receipt(
        facts: LedgerFileFacts, file: String?, sourceName: String, providers: [String], appVersion: String, now: Date
    ) -> LedgerReceipt {
        LedgerReceipt(
            file: file, facts: facts, settings: settings, tally: tally, fractionDigits: fractionDigits, sourceName: sourceName,
            providers: providers, rates: book.ratesUsed(), appVersion: appVersion, createdAt: now)
    }
}
