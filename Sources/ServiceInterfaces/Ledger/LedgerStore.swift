import Core
import Foundation

/// Signed-in users' ledger conversions: each one's latest, for a while (the database's
/// `FluentLedgerStore` keeps 50 for 90 days).
package protocol LedgerStore: Sendable {
    func save(owner: UUID, receipt: LedgerReceipt, result: Data, at: Date) async throws -> UUID
    func entries(owner: UUID, now: Date) async throws -> [LedgerEntry]
    /// The gzip'd converted file and the receipt of one of `owner`'s conversions.
    func conversion(_ id: UUID, owner: UUID, now: Date) async throws -> (receipt: LedgerReceipt, result: Data)?
    func delete(_ id: UUID, owner: UUID) async throws -> Bool
}
