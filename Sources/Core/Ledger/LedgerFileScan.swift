/// What a ledger file's bytes say as they arrive, a buffer at a time (nothing holds the whole
/// file): whether they can be a ledger at all (UTF-8 text, not a zip, gzip or PDF, at most
/// ``LedgerLimits/maxLines`` lines after the header, every quote closed), and what reading it
/// needs: the byte-order mark, the delimiter (the one of `,` `;` tab the header uses most,
/// outside quotes), the line ending and the rows.
package struct LedgerFileScan: Sendable {
    private var rows = 0
    private var inQuotes = false
    private var atRowStart = true
    private var firstRowDone = false
    private var delimiterCounts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
    private var crlf: Bool?
    private var previous: UInt8 = 0
    private var continuationBytes = 0
    private var start: [UInt8] = []

    package init() {}

    /// Reads the next piece of the file.
    package mutating func scan(_ piece: UnsafeRawBufferPointer) throws(LedgerRefusal) {
        for byte in piece {
            if start.count < 4 {
                start.append(byte)
                // A zip, gzip or PDF is refused by its signature, before anything else.
                if start == [0x50, 0x4B, 0x03, 0x04] || start.starts(with: [0x1F, 0x8B]) || start == Array("%PDF".utf8) {
                    throw .notText
                }
            }
            // UTF-8: a lead byte says how many continuation bytes follow.
            if continuationBytes > 0 {
                guard byte & 0xC0 == 0x80 else { throw .notText }
                continuationBytes -= 1
                previous = byte
                atRowStart = false
                continue
            }
            switch byte {
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F: throw .notText
            case 0x80...0xC1, 0xF5...0xFF: throw .notText
            case 0xC2...0xDF: continuationBytes = 1
            case 0xE0...0xEF: continuationBytes = 2
            case 0xF0...0xF4: continuationBytes = 3
            case UInt8(ascii: "\""): inQuotes.toggle()
            case UInt8(ascii: "\n") where !inQuotes:
                if crlf == nil { crlf = previous == UInt8(ascii: "\r") }
                rows += 1
                firstRowDone = true
                guard rows - 1 <= LedgerLimits.maxLines else { throw .tooManyLines }
                previous = byte
                atRowStart = true
                continue
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"):
                if !inQuotes, !firstRowDone { delimiterCounts[byte, default: 0] += 1 }
            default: break
            }
            previous = byte
            if !(atRowStart && byte == UInt8(ascii: "\r")) { atRowStart = false }
        }
    }

    /// The file's facts once its last piece is read (`bytes` of them, hashing to `sha256`), or
    /// why it is refused: cut inside a character or a quote, empty, or too long.
    package func facts(bytes: Int, sha256: String) throws(LedgerRefusal) -> LedgerFileFacts {
        guard continuationBytes == 0 else { throw .notText }
        guard !inQuotes else { throw .unclosedQuote }
        let total = rows + (atRowStart ? 0 : 1)
        guard bytes > 0, total > 0 else { throw .empty }
        guard total - 1 <= LedgerLimits.maxLines else { throw .tooManyLines }
        let counts = delimiterCounts
        let most = [UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: ",")].max { (counts[$0] ?? 0) < (counts[$1] ?? 0) }!
        // Equal counts (a one-column file, a tie) keep the comma.
        let delimiter = counts.values.allSatisfy({ $0 == counts[UInt8(ascii: ",")] }) ? UInt8(ascii: ",") : most
        return LedgerFileFacts(
            byteOrderMark: start.starts(with: [0xEF, 0xBB, 0xBF]), delimiter: delimiter, crlf: crlf ?? false, rows: total, bytes: bytes,
            sha256: sha256)
    }
}
