import Core
import Foundation

/// A ledger being converted: its run over the spooled file (which lives as long as the job),
/// the settings and source it runs with, and what its receipt names. Rows are read once, by
/// whichever answer the request asked for (the preview, the streamed file, the zip, the API's).
struct LedgerJob: Sendable {
    let run: LedgerRun
    let spool: LedgerSpool
    let facts: LedgerSpool.Facts
    let settings: LedgerRun.Settings
    let sourceName: Message
    let providers: [String]
    /// The booking currency's decimals.
    let fractionDigits: Int
    let fileName: String?
    let appVersion: String
    let now: @Sendable () -> Date

    /// The receipt, once every row was read.
    func receipt() -> LedgerReceipt {
        run.receipt(
            facts: facts, file: fileName, sourceName: sourceName.english, providers: providers, appVersion: appVersion, now: now())
    }
}
