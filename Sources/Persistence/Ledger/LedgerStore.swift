import Core
import Fluent
import Foundation
import ServiceInterfaces

/// The ledger conversions in the database.
package struct FluentLedgerStore: LedgerStore {
    package static let kept = 50
    package static let keptDays = 90
    let database: DatabaseAccess

    private static func oldest(_ now: Date) -> Date { now.addingTimeInterval(-Double(keptDays) * 86_400) }

    /// Stores a conversion, then forgets the owner's beyond the newest ``kept`` and any past ``keptDays``.
    package func save(owner: UUID, receipt: LedgerReceipt, result: Data, at now: Date) async throws -> UUID {
        let model = LedgerConversionModel(owner: owner, createdAt: now, receipt: try receipt.json(), result: result)
        try await database.run { database in
            try await database.transaction { database in
                try await model.create(on: database)
                let keep = try await LedgerConversionModel.query(on: database).filter(\.$owner.$id == owner)
                    .sort(\.$createdAt, .descending).range(..<Self.kept).field(\.$id).all().compactMap(\.id)
                try await LedgerConversionModel.query(on: database).filter(\.$owner.$id == owner).filter(\.$id !~ keep).delete()
                try await LedgerConversionModel.query(on: database).filter(\.$createdAt < Self.oldest(now)).delete()
            }
        }
        return model.id!
    }

    package func entries(owner: UUID, now: Date) async throws -> [LedgerEntry] {
        try await database.run { database in
            try await LedgerConversionModel.query(on: database).filter(\.$owner.$id == owner).filter(\.$createdAt >= Self.oldest(now))
                .sort(\.$createdAt, .descending).range(..<Self.kept)
                .field(\.$id).field(\.$createdAt).field(\.$receipt).field(\.$owner.$id)
                .all()
                .compactMap { model in
                    (try? LedgerReceipt.decode(model.receipt)).map { LedgerEntry(id: model.id!, createdAt: model.createdAt, receipt: $0) }
                }
        }
    }

    package func conversion(_ id: UUID, owner: UUID, now: Date) async throws -> (receipt: LedgerReceipt, result: Data)? {
        try await database.run { database in
            guard
                let model = try await LedgerConversionModel.query(on: database).filter(\.$id == id).filter(\.$owner.$id == owner)
                    .filter(\.$createdAt >= Self.oldest(now)).first(),
                let receipt = try? LedgerReceipt.decode(model.receipt)
            else { return nil }
            return (receipt, model.result)
        }
    }

    package func delete(_ id: UUID, owner: UUID) async throws -> Bool {
        try await database.run { database in
            let found = try await LedgerConversionModel.query(on: database).filter(\.$id == id).filter(\.$owner.$id == owner).count()
            try await LedgerConversionModel.query(on: database).filter(\.$id == id).filter(\.$owner.$id == owner).delete()
            return found > 0
        }
    }
}
