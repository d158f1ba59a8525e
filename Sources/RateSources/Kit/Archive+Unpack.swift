import Foundation
import ZIPFoundation

extension Archive {
    /// `entry`'s bytes into `consume` a chunk at a time: refused with `tooLarge` when it states
    /// more than `limit` bytes (before a byte is unpacked), and as `pastStated` when it unpacks
    /// past what it states, so what is kept stays within the stated size whatever the archive
    /// holds. What else fails is ZIPFoundation's, for the caller to name.
    func unpack(
        _ entry: Entry, limit: Int, tooLarge: RatesProviderError, pastStated: String, into consume: (Data) throws -> Void
    ) throws {
        guard entry.uncompressedSize <= UInt64(limit) else { throw tooLarge }
        let stated = Int(entry.uncompressedSize)
        var unpacked = 0
        _ = try extract(entry) { chunk in
            unpacked += chunk.count
            guard unpacked <= stated else { throw RatesProviderError.unreadable(pastStated) }
            try consume(chunk)
        }
    }

    /// `entry`'s bytes in memory, bounded as ``unpack(_:limit:tooLarge:pastStated:into:)`` bounds them.
    func unpack(_ entry: Entry, limit: Int, tooLarge: RatesProviderError, pastStated: String) throws -> Data {
        var data = Data(capacity: Int(Swift.min(entry.uncompressedSize, UInt64(limit))))
        try unpack(entry, limit: limit, tooLarge: tooLarge, pastStated: pastStated) { data.append($0) }
        return data
    }
}
