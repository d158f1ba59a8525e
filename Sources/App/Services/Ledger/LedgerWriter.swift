import Core
import Foundation
import NIOCore

/// Writes the converted ledger in the dialect it came in (delimiter, decimal mark, date
/// style, byte-order mark, line ending): the input's cells in their order, then `rate`,
/// `rate_date`, `source`, `converted` and `error`. A cell is quoted when it holds the
/// delimiter, a quote or a line break (RFC 4180), as the contacts' CSV export does.
package struct LedgerWriter: Sendable {
    static let addedColumns = ["rate", "rate_date", "source", "converted", "error"]

    let dialect: LedgerDialect
    let source: String
    let fractionDigits: Int
    /// The error cell's words, in the page's language (`row 12: “x” is not a date`).
    let describe: @Sendable (_ row: Int, _ problem: LedgerLineProblem) -> String

    package init(
        dialect: LedgerDialect, source: String, fractionDigits: Int,
        describe: @escaping @Sendable (_ row: Int, _ problem: LedgerLineProblem) -> String
    ) {
        self.dialect = dialect
        self.source = source
        self.fractionDigits = fractionDigits
        self.describe = describe
    }

    private var newline: StaticString { dialect.crlf ? "\r\n" : "\n" }

    /// The header row (after the byte-order mark, if the input had one).
    package func writeHeader(_ header: [String], into buffer: inout ByteBuffer) {
        if dialect.byteOrderMark { buffer.writeBytes([0xEF, 0xBB, 0xBF]) }
        writeCells(header + Self.addedColumns, into: &buffer)
        buffer.writeStaticString(newline)
    }

    /// A row: its cells (padded to the header's `width`), then the added ones. Numbers are
    /// written straight into the buffer with the file's decimal mark, not made `String`s and
    /// edited (docs/BENCHMARKS.md, *The ledger's loop*; `LedgerBenchmarks`).
    package func write(_ row: LedgerRow, width: Int, into buffer: inout ByteBuffer) {
        writeCells(row.cells, into: &buffer)
        let count = max(width, row.cells.count)
        for index in row.cells.count..<count where index > 0 { buffer.writeInteger(dialect.delimiter) }
        if count > 0 { buffer.writeInteger(dialect.delimiter) }
        switch row.result {
        case .success(let line):
            writeNumber(line.rate.text, into: &buffer)
            buffer.writeInteger(dialect.delimiter)
            if let day = line.rate.day { buffer.writeString(dialect.dateStyle.write(day)) }
            buffer.writeInteger(dialect.delimiter)
            writeCell(line.rate.source?.rawValue ?? source, into: &buffer)
            buffer.writeInteger(dialect.delimiter)
            writeNumber(line.converted.plainText(fractionDigits: fractionDigits), into: &buffer)
            buffer.writeInteger(dialect.delimiter)
        case .failure(let problem):
            buffer.writeInteger(dialect.delimiter)
            buffer.writeInteger(dialect.delimiter)
            writeCell(source, into: &buffer)
            buffer.writeInteger(dialect.delimiter)
            buffer.writeInteger(dialect.delimiter)
            writeCell(describe(row.number, problem), into: &buffer)
        }
        buffer.writeStaticString(newline)
    }

    private func writeCells(_ cells: [String], into buffer: inout ByteBuffer) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { buffer.writeInteger(dialect.delimiter) }
            writeCell(cell, into: &buffer)
        }
    }

    /// A number written with `.`, with the file's decimal mark (quoted where that mark is the
    /// delimiter too).
    private func writeNumber(_ text: String, into buffer: inout ByteBuffer) {
        guard dialect.decimalComma else {
            buffer.writeString(text)
            return
        }
        let quoted = dialect.delimiter == UInt8(ascii: ",") && text.utf8.contains(UInt8(ascii: "."))
        if quoted { buffer.writeInteger(UInt8(ascii: "\"")) }
        for byte in text.utf8 { buffer.writeInteger(byte == UInt8(ascii: ".") ? UInt8(ascii: ",") : byte) }
        if quoted { buffer.writeInteger(UInt8(ascii: "\"")) }
    }

    private func writeCell(_ cell: String, into buffer: inout ByteBuffer) {
        let delimiter = dialect.delimiter
        let needsQuotes = cell.utf8.contains {
            $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }
        guard needsQuotes else {
            buffer.writeString(cell)
            return
        }
        buffer.writeInteger(UInt8(ascii: "\""))
        for byte in cell.utf8 {
            if byte == UInt8(ascii: "\"") { buffer.writeInteger(byte) }
            buffer.writeInteger(byte)
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }
}
