import Foundation
import ZIPFoundation

/// A copy of a zip archive (an XLSX workbook) with one text replaced in one of its parts: a
/// recorded workbook made hostile, a rate turned negative or zero.
package enum EditedArchive {
    package static func replacing(_ old: String, with new: String, in part: String, of archive: Data) throws -> Data {
        let source = try Archive(data: archive, accessMode: .read)
        let edited = try Archive(accessMode: .create)
        for entry in source {
            var contents = Data()
            _ = try source.extract(entry, skipCRC32: true) { contents.append($0) }
            if entry.path == part {
                let text = String(decoding: contents, as: UTF8.self)
                guard text.contains(old) else { throw CocoaError(.fileReadCorruptFile) }
                contents = Data(text.replacingOccurrences(of: old, with: new).utf8)
            }
            let bytes = contents
            try edited.addEntry(with: entry.path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) {
                position, size in bytes[Int(position)..<Int(position) + size]
            }
        }
        return edited.data!
    }
}
