import CompressNIO
import Core
import Foundation
import NIOCore
import ZIPFoundation

/// The converted ledger written out as a request asks for it: streamed as CSV or as the API's
/// JSON a few thousand rows at a time, zipped with its receipt in a temporary folder, or gzip'd
/// to be kept for a signed-in user. Each reads the job's rows once, as it writes.
struct LedgerFiles: Sendable {
    /// Rows written per piece of a streamed answer.
    static let rowsPerPiece = 2_000

    /// The converted file, a piece at a time.
    func csv(_ job: LedgerJob, writer: LedgerWriter) -> Pieces {
        let width = job.run.header.count
        var started = false
        return Pieces { buffer in
            if !started {
                writer.writeHeader(job.run.header, into: &buffer)
                started = true
            }
            for _ in 0..<Self.rowsPerPiece {
                guard let row = job.run.next() else { return false }
                writer.write(row, width: width, into: &buffer)
            }
            return true
        }
    }

    /// The API's JSON: `{"lines":[…],"receipt":{…}}`, each line as `line` shapes it, the
    /// receipt (compact, as the rest) once every line was read.
    func json<Line: Encodable>(_ job: LedgerJob, line: @escaping @Sendable (LedgerRun.Row) -> Line) -> Pieces {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var first = true
        var finished = false
        return Pieces { buffer in
            guard !finished else { return false }
            if first { buffer.writeString("{\"lines\":[") }
            for _ in 0..<Self.rowsPerPiece {
                guard let row = job.run.next() else {
                    buffer.writeString("],\"receipt\":")
                    buffer.writeBytes((try? job.receipt().json(pretty: false)) ?? Data("{}".utf8))
                    buffer.writeString("}")
                    finished = true
                    return true
                }
                if !first { buffer.writeString(",") }
                first = false
                buffer.writeBytes((try? encoder.encode(line(row))) ?? Data("null".utf8))
            }
            return true
        }
    }

    /// The converted file and the receipt (``Ledger/receiptFileName``) in one zip, in a folder of
    /// its own under the temporary directory, which the caller removes once it is sent. Nothing
    /// half-made is left behind when writing fails.
    func zip(_ job: LedgerJob, writer: LedgerWriter, csvName: String, receiptName: String) async throws -> (archive: URL, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let archive = try await offThePool { () throws -> URL in
                let csvURL = folder.appendingPathComponent(csvName)
                guard FileManager.default.createFile(atPath: csvURL.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
                let handle = try FileHandle(forWritingTo: csvURL)
                var buffer = ByteBuffer()
                writer.writeHeader(job.run.header, into: &buffer)
                let width = job.run.header.count
                while let row = job.run.next() {
                    writer.write(row, width: width, into: &buffer)
                    if buffer.readableBytes > 256 * 1024 {
                        try handle.write(contentsOf: buffer.readableBytesView)
                        buffer.clear()
                    }
                }
                try handle.write(contentsOf: buffer.readableBytesView)
                try handle.close()
                try job.receipt().json().write(to: folder.appendingPathComponent(receiptName))
                let zipURL = folder.appendingPathComponent("ledger.zip")
                let archive = try Archive(url: zipURL, accessMode: .create)
                try archive.addEntry(with: csvName, relativeTo: folder, compressionMethod: .deflate)
                try archive.addEntry(with: receiptName, relativeTo: folder, compressionMethod: .deflate)
                return zipURL
            }
            return (archive, folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// The converted file gzip'd as its rows are written, for a signed-in user to download later.
    /// The converted file of `rows` (every row of `job`, read already), whole: for answers that
    /// carry it inside another document (the MCP tool's), which are small.
    static func text(_ job: LedgerJob, rows: [LedgerRun.Row], writer: LedgerWriter) -> String {
        var buffer = ByteBuffer()
        writer.writeHeader(job.run.header, into: &buffer)
        for row in rows { writer.write(row, width: job.run.header.count, into: &buffer) }
        return String(buffer: buffer)
    }

    struct Gzipped {
        private let writer: LedgerWriter
        private let width: Int
        private let compressor: ZlibCompressor
        private var file = ByteBuffer()
        private var gzip = ByteBuffer()

        init(_ job: LedgerJob, writer: LedgerWriter) throws {
            self.writer = writer
            width = job.run.header.count
            compressor = try ZlibCompressor(algorithm: .gzip, configuration: .init(compressionLevel: 6))
            writer.writeHeader(job.run.header, into: &file)
        }

        mutating func add(_ row: LedgerRun.Row) {
            writer.write(row, width: width, into: &file)
            if file.readableBytes > 64 * 1024 { compress(finish: false) }
        }

        mutating func finish() -> Data {
            compress(finish: true)
            return Data(gzip.readableBytesView)
        }

        private mutating func compress(finish: Bool) {
            var piece = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: file) + 64)
            try? compressor.deflate(from: &file, to: &piece, flush: finish ? .finish : .no)
            gzip.writeBuffer(&piece)
            file.clear()
        }
    }

    /// Pieces of an answer, each written by `write` into an empty buffer until it says there is
    /// no more (`false`, with nothing written). Read by one request, in order.
    struct Pieces: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        // One request reads it, in order: the state the closure keeps is never shared.
        private nonisolated(unsafe) let write: (inout ByteBuffer) -> Bool

        init(write: @escaping (inout ByteBuffer) -> Bool) {
            self.write = write
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            let write: (inout ByteBuffer) -> Bool

            mutating func next() async -> ByteBuffer? {
                var buffer = ByteBuffer()
                let more = write(&buffer)
                return more || buffer.readableBytes > 0 ? buffer : nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(write: write) }
    }
}
