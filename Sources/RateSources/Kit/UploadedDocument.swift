import Core
import Foundation
import ZIPFoundation

/// A publisher's file that no script may fetch, which an operator downloads and uploads on the
/// admin page (the ESTV's Kursliste, whose site allows no automated access): read from a file on
/// this machine, as sent or zipped as the publisher serves it, into the days of each source it
/// fills (one file, several sources: the Kursliste's year-end rates, monthly means and year means).
package struct UploadedDocument: Sendable {
    /// Its stable name, as the admin's form sends it (`kursliste`).
    package let name: String
    /// The sources it fills, each a provider whose ``ProviderDeclaration/Documents/uploaded(_:)`` it is.
    package let sources: [RateSourceID]
    /// The largest upload, zipped or not.
    package let maxBytes: Int
    /// The largest file a zip may unpack to: it is unpacked to disk, never into memory.
    package let maxInflatedBytes: Int
    /// Reads the document (unzipped) at a path on this machine into the days of its sources.
    let readFile: @Sendable (URL) throws(RatesProviderError) -> [FetchedRates]

    /// The days the file at `url` holds, each under its own source: a zip is unpacked first (its
    /// one XML entry, at most ``maxInflatedBytes``, to a temporary file removed after).
    package func read(_ url: URL) throws(RatesProviderError) -> [FetchedRates] {
        guard Self.isZip(url) else { return try readFile(url) }
        let unpacked = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: unpacked) }
        try unzip(url, to: unpacked)
        return try readFile(unpacked)
    }

    private static func isZip(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data([0x50, 0x4B, 0x03, 0x04])
    }

    /// The zip's one `.xml` entry to `target`, refused past ``maxInflatedBytes`` (stated or unpacked).
    private func unzip(_ url: URL, to target: URL) throws(RatesProviderError) {
        do {
            let archive = try Archive(url: url, accessMode: .read)
            let entries = archive.filter { $0.type == .file && $0.path.lowercased().hasSuffix(".xml") }
            guard entries.count == 1, let entry = entries.first else {
                throw RatesProviderError.unreadable("the zip holds \(entries.count) XML files, not one")
            }
            let tooLarge = RatesProviderError.tooLarge(.inflated(megabytes: maxInflatedBytes >> 20))
            guard entry.uncompressedSize <= UInt64(maxInflatedBytes) else { throw tooLarge } // before a file is made
            guard FileManager.default.createFile(atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw RatesProviderError.unreadable("the zip could not be unpacked here")
            }
            let handle = try FileHandle(forWritingTo: target)
            defer { try? handle.close() }
            try archive.unpack(
                entry, limit: maxInflatedBytes, tooLarge: tooLarge, pastStated: "the zip's file is larger than the zip states"
            ) {
                try handle.write(contentsOf: $0)
            }
        } catch let error as RatesProviderError {
            throw error
        } catch {
            throw .unreadable("not a readable zip archive (\(error))")
        }
    }
}
