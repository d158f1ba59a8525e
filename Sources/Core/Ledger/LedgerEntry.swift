import Foundation

/// One kept conversion, as the ledger page lists it.
package struct LedgerEntry: Sendable, Equatable {
    package let id: UUID
    package let createdAt: Date
    package let receipt: LedgerReceipt

    package init(id: UUID, createdAt: Date, receipt: LedgerReceipt) {
        self.id = id
        self.createdAt = createdAt
        self.receipt = receipt
    }
}
