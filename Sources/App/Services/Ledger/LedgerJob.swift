import Core
import Foundation
import ServiceInterfaces

/// A ledger being converted: its run over the spooled file (which lives as long as the job),
/// the settings and source it runs with, and what its receipt names. Rows are read once, by
/// whichever answer the request asked for (the preview, the streamed file, the zip, the API's).
struct LedgerJob: LedgerConversion {
    let run: LedgerRun
    let spool: LedgerSpool
    let facts: LedgerFileFacts
    let fileName: String?
    /// What the receipt names beside its figures.
    let sourceName: String
    let providers: [String]
    let appVersion: String
    let fractionDigits: Int
    let now: @Sendable () -> Date

    var header: [String] { run.header }
    var dialect: LedgerDialect { run.dialect }
    var columns: LedgerColumns { run.columns }
    var settings: LedgerSettings { run.settings }

    func next() -> LedgerRow? { run.next() }

    /// The receipt, once every row was read.
    func receipt() -> LedgerReceipt {
        run.receipt(
            facts: facts, file: fileName, sourceName: sourceName, providers: providers, appVersion: appVersion, now: now())
    }
}
