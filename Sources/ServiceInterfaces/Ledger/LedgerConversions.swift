import Core
import Foundation

/// The ledger's conversions as its use case drives them: a file taken in as it arrives, a
/// conversion over a source's days read a row at a time, and the files an answer sends, written
/// as they are read. App's service does the work (a spool on disk, the CSV reader, zip and gzip);
/// the interactor sees this interface and the plain values, the View the pieces it streams.
package protocol LedgerConversions: Sendable {
    /// A new place for an upload's bytes, checked as they arrive.
    func newUpload() throws -> any LedgerUpload

    /// The header row of a finished upload (for choosing columns by their names).
    func header(of upload: any LedgerUpload, facts: LedgerFileFacts) -> [String]?

    /// A conversion of `upload` (its receipt naming `fileName`) as `settings` say over `rates`:
    /// the header and dialect read, nothing converted yet.
    func start(
        _ upload: any LedgerUpload, fileName: String?, facts: LedgerFileFacts, settings: LedgerSettings, rates: LedgerRates
    ) throws(LedgerLayoutFailure) -> any LedgerConversion

    /// The converted file as CSV, in the upload's dialect, `describe` wording each failed row.
    func csv(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> LedgerPieces

    /// `{"lines":[…],"receipt":{…}}`, each row as `line` shapes it.
    func json<Line: Encodable>(_ conversion: any LedgerConversion, line: @escaping @Sendable (LedgerRow) -> Line) -> LedgerPieces

    /// The converted file (`csvName`) and the receipt (`receiptName`) in one zip.
    func zip(
        _ conversion: any LedgerConversion, describe: @escaping LedgerRowWords, csvName: String, receiptName: String
    ) async throws -> LedgerPieces

    /// Every row read: the first `rows` of them, the first `problems` failed ones, and, when
    /// `keeping`, the converted file gzip'd to be kept.
    func read(
        _ conversion: any LedgerConversion, rows: Int, problems: Int, keeping: Bool, describe: @escaping LedgerRowWords
    ) async throws -> LedgerRead

    /// Every row read and written as CSV, whole (a small file, carried inside another answer).
    func text(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> String

    /// A kept conversion's file, unpacked from its gzip as it is sent.
    func unpacked(_ gzipped: Data) -> LedgerPieces
}

/// A failed row's words for the converted file's `error` cell (`row 12: “x” is not a date`).
package typealias LedgerRowWords = @Sendable (_ row: Int, _ problem: LedgerLineProblem) -> String

/// An upload's bytes as they arrive, checked on the way; written by one task at a time.
package protocol LedgerUpload: AnyObject, Sendable {
    /// Checks and keeps the next piece.
    func append(_ bytes: UnsafeRawBufferPointer) throws(LedgerRefusal)
    /// Ends the upload: what its scan learnt, or why it is refused.
    func finish() throws(LedgerRefusal) -> LedgerFileFacts
}

/// A ledger being converted: its layout, and its rows one by one. Read by one task, in order.
package protocol LedgerConversion: Sendable {
    var header: [String] { get }
    var dialect: LedgerDialect { get }
    var columns: LedgerColumns { get }
    var settings: LedgerSettings { get }
    /// The booking currency's decimals.
    var fractionDigits: Int { get }
    var fileName: String? { get }
    /// The next row, converted; `nil` after the last.
    func next() -> LedgerRow?
    /// The receipt, once every row was read.
    func receipt() -> LedgerReceipt
}

/// The days a ledger is converted over, and what it may fall back to.
package struct LedgerRates: Sendable {
    package let days: LedgerDays
    package let cadence: RateSource.Cadence
    /// A preset's second source (the NBP's table B), for currencies the first does not quote.
    package let fallback: (source: RateSourceID, days: LedgerDays, cadence: RateSource.Cadence)?
    /// The day the conversion runs on: no line converts at a later rate.
    package let today: CalendarDate
    /// The booking currency's decimals, to which each line is rounded.
    package let fractionDigits: Int
    /// The source's name, as the receipt gives it.
    package let sourceName: Message

    package init(
        days: LedgerDays, cadence: RateSource.Cadence, fallback: (source: RateSourceID, days: LedgerDays, cadence: RateSource.Cadence)?,
        today: CalendarDate, fractionDigits: Int, sourceName: Message
    ) {
        self.days = days
        self.cadence = cadence
        self.fallback = fallback
        self.today = today
        self.fractionDigits = fractionDigits
        self.sourceName = sourceName
    }
}

/// A conversion read to its end: its first rows, its first failed rows, its receipt, and the
/// converted file gzip'd when it is to be kept.
package typealias LedgerRead = (
    rows: [LedgerRow], problems: [(row: Int, problem: LedgerLineProblem)], receipt: LedgerReceipt, kept: Data?
)

/// An answer's bytes in pieces, each made by `next` as it is asked for (`nil` after the last).
/// Read by one request, in order.
package struct LedgerPieces: AsyncSequence, Sendable {
    package typealias Element = [UInt8]
    // One request reads it, in order: the state the closure keeps is never shared.
    private nonisolated(unsafe) let next: () async throws -> [UInt8]?

    package init(next: @escaping () async throws -> [UInt8]?) {
        self.next = next
    }

    package struct AsyncIterator: AsyncIteratorProtocol {
        let next: () async throws -> [UInt8]?
        package mutating func next() async throws -> [UInt8]? { try await next() }
    }

    package func makeAsyncIterator() -> AsyncIterator { AsyncIterator(next: next) }
}
