import Testing

@testable import Core

/// What a ledger file must be to be read at all, and what its bytes say about reading it, a
/// piece at a time however the pieces fall.
@Suite("Ledger file scan: refusals and facts")
struct LedgerFileScanTests {
    /// `text`'s facts, scanned in pieces of `size` bytes.
    static func facts(_ bytes: [UInt8], pieces size: Int = 3) throws(LedgerRefusal) -> LedgerFileFacts {
        var scan = LedgerFileScan()
        var start = 0
        while start < bytes.count {
            let piece = Array(bytes[start..<min(start + size, bytes.count)])
            let refusal: LedgerRefusal? = piece.withUnsafeBytes { buffer in
                do throws(LedgerRefusal) { try scan.scan(buffer) } catch { return error }
                return nil
            }
            if let refusal { throw refusal }
            start += size
        }
        return try scan.facts(bytes: bytes.count, sha256: "-")
    }

    static func facts(_ text: String, pieces size: Int = 3) throws(LedgerRefusal) -> LedgerFileFacts {
        try facts(Array(text.utf8), pieces: size)
    }

    @Test("the header's delimiter outside quotes, the line ending, the rows and the byte-order mark")
    func facts() throws {
        let semicolons = try Self.facts("\u{FEFF}date;\"a,b,c\";currency\r\n2026-03-05;1,5;USD\r\n")
        #expect(semicolons.delimiter == UInt8(ascii: ";") && semicolons.crlf && semicolons.byteOrderMark && semicolons.rows == 2)
        let commas = try Self.facts("date,amount,currency\n2026-03-05,\"line\nbreak\",USD", pieces: 1)
        #expect(commas.delimiter == UInt8(ascii: ",") && !commas.crlf && !commas.byteOrderMark && commas.rows == 2)
        #expect(try Self.facts("amount\n5\n").delimiter == UInt8(ascii: ","), "one column keeps the comma")
        #expect(try Self.facts("Zürich;€\n").rows == 1, "characters split across pieces")
    }

    @Test("refused: not text, a zip or PDF, a quote left open, nothing, a character cut short")
    func refusals() {
        #expect(throws: LedgerRefusal.notText) { try Self.facts([0x50, 0x4B, 0x03, 0x04, 0x14]) }
        #expect(throws: LedgerRefusal.notText) { try Self.facts("%PDF-1.7") }
        #expect(throws: LedgerRefusal.notText) { try Self.facts([0x61, 0x00, 0x62]) }
        #expect(throws: LedgerRefusal.notText) { try Self.facts([0x61, 0xC3]) }
        #expect(throws: LedgerRefusal.unclosedQuote) { try Self.facts("date,\"amount\n") }
        #expect(throws: LedgerRefusal.empty) { try Self.facts("") }
    }
}
