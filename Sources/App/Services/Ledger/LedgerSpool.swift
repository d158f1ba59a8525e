import Core
import Crypto
import Foundation
import NIOCore
import ServiceInterfaces

/// A ledger file as it arrives, written to a temporary file and checked on the way, a buffer at
/// a time (nothing holds the whole file in memory): at most ``maxBytes`` and ``maxLines`` lines
/// (413 past either), UTF-8 text (415 for bytes that are not: a zip, an image, NULs), every
/// quote closed (422). It learns what parsing needs: the byte-order mark, the delimiter (the
/// one of `,` `;` tab the header uses most, outside quotes), the line ending, the rows, the
/// SHA-256 of the bytes as sent. The file is removed when the spool is released.
///
/// Written by one task at a time (the request reading the upload), never shared.
package final class LedgerSpool: LedgerUpload, @unchecked Sendable {
    static let maxBytes = LedgerLimits.maxBytes
    /// Lines after the header.
    static let maxLines = LedgerLimits.maxLines

    package typealias Refusal = LedgerRefusal
    package typealias Facts = LedgerFileFacts

    package let url: URL
    private let handle: FileHandle
    private var hash = SHA256()
    private var bytes = 0
    private var scanner = Scanner()

    package init(directory: URL = FileManager.default.temporaryDirectory) throws {
        url = directory.appendingPathComponent("ledger-\(UUID().uuidString).csv")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        handle = try FileHandle(forWritingTo: url)
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }

    /// Checks and writes the next piece.
    package func append(_ piece: UnsafeRawBufferPointer) throws(LedgerRefusal) {
        guard piece.count > 0 else { return }
        guard bytes + piece.count <= Self.maxBytes else { throw Refusal.tooLarge }
        // The scan runs on a local copy: a class's stored properties are checked for exclusive
        // access on every read and write (docs/BENCHMARKS.md, *The ledger's loop*).
        var scanner = scanner
        defer { self.scanner = scanner }
        try scanner.scan(piece)
        bytes += piece.count
        hash.update(bufferPointer: piece)
        // A spool that cannot be written to holds nothing worth converting: refused as unreadable.
        do { try handle.write(contentsOf: piece) } catch { throw .notText }
    }

    /// Checks and writes the next piece.
    package func append(_ buffer: ByteBuffer) throws(LedgerRefusal) {
        try buffer.withUnsafeReadableBytes { (piece) throws(LedgerRefusal) in try append(piece) }
    }

    /// Ends the upload: the facts, or why the file is refused.
    package func finish() throws(LedgerRefusal) -> Facts {
        do { try handle.close() } catch { throw .notText }
        let scanner = scanner
        guard scanner.continuationBytes == 0 else { throw Refusal.notText }
        guard !scanner.inQuotes else { throw Refusal.unclosedQuote }
        let total = scanner.rows + (scanner.atRowStart ? 0 : 1)
        guard bytes > 0, total > 0 else { throw Refusal.empty }
        guard total - 1 <= Self.maxLines else { throw Refusal.tooManyLines }
        let delimiter =
            [UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: ",")].max {
                (scanner.delimiterCounts[$0] ?? 0) < (scanner.delimiterCounts[$1] ?? 0)
            }!
        let counts = scanner.delimiterCounts
        // Equal counts (a one-column file, a tie) keep the comma.
        let chosen = counts.values.allSatisfy({ $0 == counts[UInt8(ascii: ",")] }) ? UInt8(ascii: ",") : delimiter
        return Facts(
            byteOrderMark: scanner.start.starts(with: [0xEF, 0xBB, 0xBF]), delimiter: chosen, crlf: scanner.crlf ?? false, rows: total,
            bytes: bytes,
            sha256: hash.finalize().map { String(format: "%02x", $0) }.joined())
    }

    /// What the bytes so far say: rows, quotes, UTF-8 state, the header's delimiters, the start.
    private struct Scanner {
        var rows = 0
        var inQuotes = false
        var atRowStart = true
        var firstRowDone = false
        var delimiterCounts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var crlf: Bool?
        var previous: UInt8 = 0
        var continuationBytes = 0
        var start: [UInt8] = []

        mutating func scan(_ piece: some Collection<UInt8>) throws(LedgerRefusal) {
            for byte in piece {
                if start.count < 4 {
                    start.append(byte)
                    // A zip, gzip or PDF is refused by its signature, before anything else.
                    if start == [0x50, 0x4B, 0x03, 0x04] || start.starts(with: [0x1F, 0x8B]) || start == Array("%PDF".utf8) {
                        throw Refusal.notText
                    }
                }
                // UTF-8: a lead byte says how many continuation bytes follow.
                if continuationBytes > 0 {
                    guard byte & 0xC0 == 0x80 else { throw Refusal.notText }
                    continuationBytes -= 1
                    previous = byte
                    atRowStart = false
                    continue
                }
                switch byte {
                case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F: throw Refusal.notText
                case 0x80...0xC1, 0xF5...0xFF: throw Refusal.notText
                case 0xC2...0xDF: continuationBytes = 1
                case 0xE0...0xEF: continuationBytes = 2
                case 0xF0...0xF4: continuationBytes = 3
                case UInt8(ascii: "\""): inQuotes.toggle()
                case UInt8(ascii: "\n") where !inQuotes:
                    if crlf == nil { crlf = previous == UInt8(ascii: "\r") }
                    rows += 1
                    firstRowDone = true
                    guard rows - 1 <= LedgerSpool.maxLines else { throw Refusal.tooManyLines }
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
    }
}
