import Foundation
import NIOConcurrencyHelpers
import TestSupport

@testable import Core
@testable import ServiceInterfaces

/// The ledger's conversions without a disk: an upload kept in memory and scanned by Core's rules,
/// a conversion that answers the rows it is given and fails as it is told, and a record of what
/// the interactor asked for, so its use case is tested apart from App's files.
final class RecordingLedgerConversions: LedgerConversions {
    /// What the interactor handed ``start(_:fileName:facts:settings:rates:)``.
    struct Started: Sendable {
        let fileName: String?
        let facts: LedgerFileFacts
        let settings: LedgerSettings
        let rates: LedgerRates
    }

    let started = NIOLockedValueBox<[Started]>([])
    /// The rows each conversion answers.
    let rows: [LedgerRow]
    /// What ``start(_:fileName:facts:settings:rates:)`` throws instead, when set.
    let failure: LedgerLayoutFailure?

    init(rows: [LedgerRow] = [], failure: LedgerLayoutFailure? = nil) {
        self.rows = rows
        self.failure = failure
    }

    func newUpload() throws -> any LedgerUpload { Upload() }

    func header(of upload: any LedgerUpload, facts: LedgerFileFacts) -> [String]? {
        (upload as? Upload).map { $0.text.split(separator: "\n").first.map { $0.split(separator: ",").map(String.init) } ?? [] }
    }

    func start(
        _ upload: any LedgerUpload, fileName: String?, facts: LedgerFileFacts, settings: LedgerSettings, rates: LedgerRates
    ) throws(LedgerLayoutFailure) -> any LedgerConversion {
        started.withLockedValue { $0.append(Started(fileName: fileName, facts: facts, settings: settings, rates: rates)) }
        if let failure { throw failure }
        return Conversion(
            header: header(of: upload, facts: facts) ?? [], facts: facts, settings: settings, fractionDigits: rates.fractionDigits,
            fileName: fileName, rows: rows)
    }

    func csv(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> LedgerPieces {
        Self.pieces(text(conversion, describe: describe))
    }

    func json<Line: Encodable>(_ conversion: any LedgerConversion, line: @escaping @Sendable (LedgerRow) -> Line) -> LedgerPieces {
        Self.pieces("{}")
    }

    func zip(
        _ conversion: any LedgerConversion, describe: @escaping LedgerRowWords, csvName: String, receiptName: String
    ) async throws -> LedgerPieces {
        Self.pieces(csvName + receiptName)
    }

    func read(
        _ conversion: any LedgerConversion, rows: Int, problems: Int, keeping: Bool, describe: @escaping LedgerRowWords
    ) async throws -> LedgerRead {
        var all: [LedgerRow] = []
        while let row = conversion.next() { all.append(row) }
        let failed = all.compactMap { row in
            if case .failure(let problem) = row.result { (row: row.number, problem: problem) } else { nil }
        }
        return (Array(all.prefix(rows)), Array(failed.prefix(problems)), conversion.receipt(), keeping ? Data("kept".utf8) : nil)
    }

    func text(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> String {
        var lines: [String] = []
        while let row = conversion.next() { lines.append(row.cells.joined(separator: ",")) }
        return lines.joined(separator: "\n")
    }

    func unpacked(_ gzipped: Data) -> LedgerPieces { Self.pieces(String(decoding: gzipped, as: UTF8.self)) }

    static func pieces(_ text: String) -> LedgerPieces {
        let sent = NIOLockedValueBox(false)
        return LedgerPieces {
            sent.withLockedValue { sent in
                defer { sent = true }
                return sent ? nil : Array(text.utf8)
            }
        }
    }

    /// An upload's bytes in memory, scanned as they arrive.
    final class Upload: LedgerUpload, @unchecked Sendable {
        private(set) var text = ""
        private var scan = LedgerFileScan()
        private var bytes = 0

        func append(_ piece: UnsafeRawBufferPointer) throws(LedgerRefusal) {
            try scan.scan(piece)
            bytes += piece.count
            text += String(decoding: piece, as: UTF8.self)
        }

        func finish() throws(LedgerRefusal) -> LedgerFileFacts { try scan.facts(bytes: bytes, sha256: "recorded") }
    }

    /// A conversion answering its rows in turn.
    final class Conversion: LedgerConversion, @unchecked Sendable {
        let header: [String]
        let facts: LedgerFileFacts
        let settings: LedgerSettings
        let fractionDigits: Int
        let fileName: String?
        private var rows: [LedgerRow]

        init(header: [String], facts: LedgerFileFacts, settings: LedgerSettings, fractionDigits: Int, fileName: String?, rows: [LedgerRow])
        {
            self.header = header
            self.facts = facts
            self.settings = settings
            self.fractionDigits = fractionDigits
            self.fileName = fileName
            self.rows = rows
        }

        var dialect: LedgerDialect {
            LedgerDialect(delimiter: UInt8(ascii: ","), decimalComma: false, dateStyle: .iso, byteOrderMark: false, crlf: false)
        }
        var columns: LedgerColumns { LedgerColumns(date: 0, amount: 1, currency: 2) }

        func next() -> LedgerRow? { rows.isEmpty ? nil : rows.removeFirst() }

        func receipt() -> LedgerReceipt {
            LedgerReceipt(
                file: fileName, facts: facts, settings: settings, tally: LedgerTally(), fractionDigits: fractionDigits, sourceName: "",
                providers: [], rates: [], appVersion: "test", createdAt: testNow)
        }
    }
}
