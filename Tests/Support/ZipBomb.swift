import Core
import Foundation
import RateSources
import ZIPFoundation

/// Zip archives that inflate far beyond their own size: what an attacker (or a broken mirror)
/// could serve as `ECB_FULL_HISTORY_URL` or leave as `BUNDLED_RATES_FILE`.
package enum ZipBomb {
    /// 100 MB of CSV in about 100 kB, made once per test process on a Dispatch thread: deflating it
    /// takes seconds in a debug build, which a `static let` would spend on the threads every
    /// test's async work shares (the tests waiting for it held them, and timing tests failed).
    private static let made = Task { await offThePool { try! archive(inflatedBytes: 100 << 20) } }

    package static func hundredMegabytes() async -> Data { await made.value }

    /// An `eurofxref-hist.csv` of `inflatedBytes` (a real header, then the same row over and over),
    /// deflated: about a thousandth of that on disk.
    package static func archive(inflatedBytes: Int, entryName: String = ECBHistoryArchive.entryName) throws -> Data {
        let header = Data("Date,USD,JPY,\n".utf8)
        let row = Data("2020-03-13,1.1104,119.11,\n".utf8)
        let archive = try Archive(accessMode: .create)
        try archive.addEntry(
            with: entryName, type: .file, uncompressedSize: Int64(inflatedBytes), compressionMethod: .deflate, bufferSize: 1 << 20
        ) { position, size in
            var chunk = Data(capacity: size)
            var offset = Int(position)
            while chunk.count < size {
                let source = offset < header.count ? header : row
                let start = offset < header.count ? offset : (offset - header.count) % row.count
                let piece = source[start..<min(source.count, start + size - chunk.count)]
                chunk.append(piece)
                offset += piece.count
            }
            return chunk
        }
        return archive.data!
    }

    /// `archive` with the CSV's stated size (in its local header and the central directory)
    /// replaced by `statedBytes`: an archive that lies about what it inflates to.
    package static func lying(_ archive: Data, statedBytes: UInt32) -> Data {
        var bytes = [UInt8](archive)
        func patch(_ offset: Int) {
            for index in 0..<4 { bytes[offset + index] = UInt8((statedBytes >> (8 * UInt32(index))) & 0xFF) }
        }
        // Local file header: signature 50 4B 03 04, uncompressed size at offset 22.
        patch(0 + 22)
        // Central directory header: signature 50 4B 01 02, uncompressed size at offset 24.
        let central = bytes.indices.dropLast(4).last {
            bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 1 && bytes[$0 + 3] == 2
        }!
        patch(central + 24)
        return Data(bytes)
    }
}
