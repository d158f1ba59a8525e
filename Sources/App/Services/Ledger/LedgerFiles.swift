import CompressNIO
import Core
import Foundation
import NIOCore
import ServiceInterfaces
import ZIPFoundation

/// The ledger's conversions (``LedgerConversions``): uploads spooled to disk as they arrive
/// (``LedgerSpool``), a conversion run over the spool a row at a time (``LedgerRun``, its rates
/// from ``LedgerRateBook``), and the converted file written out as an answer asks for it: CSV
/// or the API's JSON a few thousand rows a piece, zipped with its receipt, gzip'd to be kept,
/// or unpacked again. Each reads the conversion's rows once, as it writes.
struct LedgerFiles: LedgerConversions {
    /// Rows written per piece of a streamed answer.
    static let rowsPerPiece = 2_000
    /// Bytes per piece of a file sent from disk or unpacked.
    static let bytesPerPiece = 256 * 1024
    /// The version each receipt names.
    let appVersion: String
    let now: @Sendable () -> Date

    func newUpload() throws -> any LedgerUpload { try LedgerSpool() }

    func header(of upload: any LedgerUpload, facts: LedgerFileFacts) -> [String]? {
        (upload as? LedgerSpool).flatMap { try? LedgerRun.header(of: $0.url, delimiter: facts.delimiter) }
    }

    func start(
        _ upload: any LedgerUpload, fileName: String?, facts: LedgerFileFacts, settings: LedgerSettings, rates: LedgerRates
    ) throws(LedgerLayoutFailure) -> any LedgerConversion {
        guard let spool = upload as? LedgerSpool else { throw .noColumns(header: []) }
        let fractionDigits = rates.fractionDigits
        let book = LedgerRateBook(rates: rates, settings: settings)
        do {
            let run = try LedgerRun(url: spool.url, facts: facts, settings: settings, book: book, fractionDigits: fractionDigits)
            return LedgerJob(
                run: run, spool: spool, facts: facts, fileName: fileName, sourceName: rates.sourceName.english,
                providers: rates.days.providers + (rates.fallback?.days.providers ?? []), appVersion: appVersion,
                fractionDigits: fractionDigits, now: now)
        } catch let failure as LedgerLayoutFailure {
            throw failure
        } catch {
            // The spool could not be read back: nothing in it can be converted.
            throw .noColumns(header: [])
        }
    }

    func csv(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> LedgerPieces {
        let writer = Self.writer(conversion, describe: describe)
        let width = conversion.header.count
        var started = false
        return Self.pieces { buffer in
            if !started {
                writer.writeHeader(conversion.header, into: &buffer)
                started = true
            }
            for _ in 0..<Self.rowsPerPiece {
                guard let row = conversion.next() else { return false }
                writer.write(row, width: width, into: &buffer)
            }
            return true
        }
    }

    func json<Line: Encodable>(_ conversion: any LedgerConversion, line: @escaping @Sendable (LedgerRow) -> Line) -> LedgerPieces {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var first = true
        var finished = false
        return Self.pieces { buffer in
            guard !finished else { return false }
            if first { buffer.writeString("{\"lines\":[") }
            for _ in 0..<Self.rowsPerPiece {
                guard let row = conversion.next() else {
                    buffer.writeString("],\"receipt\":")
                    buffer.writeBytes((try? conversion.receipt().json(pretty: false)) ?? Data("{}".utf8))
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

    func zip(
        _ conversion: any LedgerConversion, describe: @escaping LedgerRowWords, csvName: String, receiptName: String
    ) async throws -> LedgerPieces {
        let folder = TemporaryFolder()
        let writer = Self.writer(conversion, describe: describe)
        let archive = try await offThePool { () throws -> URL in
            let csvURL = folder.url.appendingPathComponent(csvName)
            guard FileManager.default.createFile(atPath: csvURL.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            let handle = try FileHandle(forWritingTo: csvURL)
            var buffer = ByteBuffer()
            writer.writeHeader(conversion.header, into: &buffer)
            let width = conversion.header.count
            while let row = conversion.next() {
                writer.write(row, width: width, into: &buffer)
                if buffer.readableBytes > Self.bytesPerPiece {
                    try handle.write(contentsOf: buffer.readableBytesView)
                    buffer.clear()
                }
            }
            try handle.write(contentsOf: buffer.readableBytesView)
            try handle.close()
            try conversion.receipt().json().write(to: folder.url.appendingPathComponent(receiptName))
            let zipURL = folder.url.appendingPathComponent("ledger.zip")
            let archive = try Archive(url: zipURL, accessMode: .create)
            try archive.addEntry(with: csvName, relativeTo: folder.url, compressionMethod: .deflate)
            try archive.addEntry(with: receiptName, relativeTo: folder.url, compressionMethod: .deflate)
            return zipURL
        }
        // The folder goes when the answer is done with it, sent or abandoned.
        let handle = try FileHandle(forReadingFrom: archive)
        return LedgerPieces {
            _ = folder
            let piece = try handle.read(upToCount: Self.bytesPerPiece) ?? Data()
            return piece.isEmpty ? nil : Array(piece)
        }
    }

    func read(
        _ conversion: any LedgerConversion, rows: Int, problems: Int, keeping: Bool, describe: @escaping LedgerRowWords
    ) async throws -> LedgerRead {
        let writer = Self.writer(conversion, describe: describe)
        return try await offThePool { () throws -> LedgerRead in
            var kept = keeping ? try Gzipped(header: conversion.header, writer: writer) : nil
            var first: [LedgerRow] = []
            var failed: [(row: Int, problem: LedgerLineProblem)] = []
            while let row = conversion.next() {
                if first.count < rows { first.append(row) }
                if case .failure(let problem) = row.result, failed.count < problems { failed.append((row.number, problem)) }
                kept?.add(row)
            }
            return (rows: first, problems: failed, receipt: conversion.receipt(), kept: kept?.finish())
        }
    }

    func text(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> String {
        let writer = Self.writer(conversion, describe: describe)
        var buffer = ByteBuffer()
        writer.writeHeader(conversion.header, into: &buffer)
        while let row = conversion.next() { writer.write(row, width: conversion.header.count, into: &buffer) }
        return String(buffer: buffer)
    }

    func unpacked(_ gzipped: Data) -> LedgerPieces {
        var input = ByteBuffer(data: gzipped)
        let inflater = try? ZlibDecompressor(algorithm: .gzip)
        var ended = false
        return LedgerPieces {
            guard !ended, let inflater else { return nil }
            var piece = ByteBufferAllocator().buffer(capacity: Self.bytesPerPiece)
            do {
                try inflater.inflate(from: &input, to: &piece)
                ended = true // the stream's end, or the input's
            } catch let error as CompressNIOError where error == .bufferOverflow {
                // A full piece; more follows.
            }
            return piece.readableBytes > 0 ? Array(piece.readableBytesView) : nil
        }
    }

    // MARK: Writing

    private static func writer(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> LedgerWriter {
        LedgerWriter(
            dialect: conversion.dialect, source: conversion.settings.source.rawValue, fractionDigits: conversion.fractionDigits,
            describe: describe)
    }

    /// Pieces each written by `write` into an empty buffer until it says there is no more
    /// (`false`, with nothing written).
    private static func pieces(_ write: @escaping (inout ByteBuffer) -> Bool) -> LedgerPieces {
        LedgerPieces {
            var buffer = ByteBuffer()
            let more = write(&buffer)
            return more || buffer.readableBytes > 0 ? Array(buffer.readableBytesView) : nil
        }
    }

    /// The converted file gzip'd as its rows are written, for a signed-in user to download later.
    struct Gzipped {
        private let writer: LedgerWriter
        private let width: Int
        private let compressor: ZlibCompressor
        private var file = ByteBuffer()
        private var gzip = ByteBuffer()

        init(header: [String], writer: LedgerWriter) throws {
            self.writer = writer
            width = header.count
            compressor = try ZlibCompressor(algorithm: .gzip, configuration: .init(compressionLevel: 6))
            writer.writeHeader(header, into: &file)
        }

        mutating func add(_ row: LedgerRow) {
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

    /// A folder of its own under the temporary directory, removed when nothing holds it any more.
    final class TemporaryFolder: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")

        init() {
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }
}
