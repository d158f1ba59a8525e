import Foundation

/// An uploaded file written to a temporary file as it arrives (readable by this user only), at
/// most `limit` bytes: what a ``StreamedForm`` part's sink writes to, removed once handled.
final class UploadSpool: @unchecked Sendable {
    struct TooLarge: Error {}

    let url: URL
    private let limit: Int
    private let handle: FileHandle
    private var written = 0

    init(limit: Int, directory: URL = FileManager.default.temporaryDirectory) throws {
        self.limit = limit
        url = directory.appendingPathComponent("upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        handle = try FileHandle(forWritingTo: url)
    }

    /// Writes the next piece, or refuses it past the limit.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard written + bytes.count <= limit else { throw TooLarge() }
        written += bytes.count
        try handle.write(contentsOf: Data(bytes))
    }

    /// Every byte written: the file is whole.
    func close() throws {
        try handle.close()
    }

    func remove() {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
