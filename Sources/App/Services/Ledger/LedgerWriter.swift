import Core
import Foundation
import NIOCore

/// Writes the converted ledger in the dialect it came in (delimiter, decimal mark, date
/// style, byte-order mark, line ending): the input's cells in their order, then `rate`,
/// `rate_date`, `source`, `converted` and `error`. A cell is quoted when it holds the
/// delimiter, a quote or a line break (RFC 4180), as the contacts' CSV export does.
package struct LedgerWriter: Sendable {
    package static let addedColumns = ["rate", "rate_date", "source", "converted", "error"]

    package let dialect: LedgerRun.Dialect
    package let source: String
    package let fractionDigits: Int
    /// The error cell's words, in the page's language (`row 12: “x” is not a date`).
    package let describe: @Sendable (_ row: Int, _ problem: LedgerLineProblem) -> String

    package init(
        dialect: LedgerRun.Dialect, source: String, fractionDigits: Int,
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
        write(header + Self.addedColumns, width: header.count, into: &buffer)
    }

    package func write(_ row: LedgerRun.Row, width: Int, into buffer: inout ByteBuffer) {
        var cells = row.cells
        if cells.count < width { cells += Array(repeating: "", count: width - cells.count) }
        switch row.result {
        case .success(let line):
            cells += [
                dialect.decimalComma ? line.rate.text.replacingOccurrences(of: ".", with: ",") : line.rate.text,
                line.rate.day.map(dialect.dateStyle.write) ?? "", source,
                LedgerAmount.write(line.converted, fractionDigits: fractionDigits, decimalComma: dialect.decimalComma), "",
            ]
        case .failure(let problem):
            cells += ["", "", source, "", describe(row.number, problem)]
        }
        write(cells, width: width, into: &buffer)
    }

    private func write(_ cells: [String], width: Int, into buffer: inout ByteBuffer) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { buffer.writeInteger(dialect.delimiter) }
            writeCell(cell, into: &buffer)
        }
        buffer.writeStaticString(newline)
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
