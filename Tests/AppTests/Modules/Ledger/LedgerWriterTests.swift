import Foundation
import NIOCore
import TestSupport
import Testing

@testable import App
@testable import Core

/// The converted file, byte for byte, in the dialect it came in: numbers with the file's decimal
/// mark, short rows padded to the header, cells quoted where they must be.
@Suite("Ledger writer")
struct LedgerWriterTests {
    static func writer(delimiter: Character, decimalComma: Bool, bom: Bool = false, crlf: Bool = true) -> LedgerWriter {
        let dialect = LedgerRun.Dialect(
            delimiter: delimiter.asciiValue!, decimalComma: decimalComma, dateStyle: decimalComma ? .dots : .iso,
            byteOrderMark: bom, crlf: crlf)
        return LedgerWriter(dialect: dialect, source: "ecb", fractionDigits: 2) { row, _ in "row \(row): no" }
    }

    static let rate = LedgerRate(
        numerator: 1, denominator: Fixtures.decimal("1.1805"), day: CalendarDate(iso8601: "2026-02-27"), text: "0.8471")

    static func converted(_ number: Int, _ cells: [String], _ amount: String, _ result: String) -> LedgerRun.Row {
        LedgerRun.Row(
            number: number, cells: cells,
            result: .success(.init(amount: Fixtures.decimal(amount), currency: "USD", rate: rate, converted: Fixtures.decimal(result))))
    }

    static func written(_ writer: LedgerWriter, header: [String]? = nil, _ rows: [LedgerRun.Row], width: Int) -> String {
        var buffer = ByteBufferAllocator().buffer(capacity: 256)
        if let header { writer.writeHeader(header, into: &buffer) }
        for row in rows { writer.write(row, width: width, into: &buffer) }
        return String(buffer: buffer)
    }

    @Test("a German file: semicolons, decimal commas, dotted dates, a byte-order mark and CRLF")
    func german() {
        let text = Self.written(
            Self.writer(delimiter: ";", decimalComma: true, bom: true), header: ["Rechnung", "Datum", "Betrag", "Währung"],
            [Self.converted(2, ["R-1", "02.03.2026", "1.234,56", "USD"], "1234.56", "1045.79")], width: 4)
        #expect(
            text == "\u{FEFF}Rechnung;Datum;Betrag;Währung;rate;rate_date;source;converted;error\r\n"
                + "R-1;02.03.2026;1.234,56;USD;0,8471;27.02.2026;ecb;1045,79;\r\n")
    }

    @Test("a short row is padded to the header; an empty one too; a failed one says why in its last cell")
    func shortRows() {
        let writer = Self.writer(delimiter: ",", decimalComma: false, crlf: false)
        let text = Self.written(
            writer,
            [
                LedgerRun.Row(number: 7, cells: ["R-9"], result: .failure(.missingCells)),
                LedgerRun.Row(number: 8, cells: [], result: .failure(.missingCells)),
                Self.converted(9, ["a", "b"], "-3", "-2.5"),
            ], width: 3)
        #expect(text == "R-9,,,,,ecb,,row 7: no\n" + ",,,,,ecb,,row 8: no\n" + "a,b,,0.8471,2026-02-27,ecb,-2.50,\n")
        // Without a header to pad to, the added cells follow the row's own.
        #expect(
            Self.written(writer, [LedgerRun.Row(number: 2, cells: [], result: .failure(.missingCells))], width: 0) == ",,ecb,,row 2: no\n")
    }

    @Test("quotes where the cell needs them: the delimiter, a quote, a line break, a decimal comma in a comma-separated file")
    func quoting() {
        let text = Self.written(
            Self.writer(delimiter: ",", decimalComma: true, crlf: false),
            [Self.converted(2, ["R-4, Rest", "say \"hi\"", "two\nlines"], "7", "5.93")], width: 3)
        #expect(text == "\"R-4, Rest\",\"say \"\"hi\"\"\",\"two\nlines\",\"0,8471\",27.02.2026,ecb,\"5,93\",\n")
    }
}
