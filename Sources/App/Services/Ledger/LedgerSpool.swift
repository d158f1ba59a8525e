import Core
import Crypto
import Foundation
import NIOCore
import ServiceInterfaces

/// A ledger file as it arrives, written to a temporary file and checked on the way, a buffer at
/// a time (nothing holds the whole file in memory): at most ``maxBytes`` (413), and what
/// ``LedgerFileScan`` accepts (415 for bytes that are not text, 413 past ``maxLines`` lines,
/// 422 for an unclosed quote); it hashes the bytes as sent. The file is removed when the spool
/// is released.
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
    private var scan = LedgerFileScan()

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
        var scan = scan
        defer { self.scan = scan }
        try scan.scan(piece)
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
        return try scan.facts(bytes: bytes, sha256: hash.finalize().map { String(format: "%02x", $0) }.joined())
    }
}
