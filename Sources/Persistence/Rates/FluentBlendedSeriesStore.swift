import Core
import Fluent
import Foundation
import SQLKit
import ServiceInterfaces

/// The blend of every day kept in the database by the stored days it was blended from: a
/// restart, or another instance over the same database, reads it back in a fraction of the time
/// blending ten years of every publisher's days takes (docs/BENCHMARKS.md, *History at scale*).
/// The newest few are kept: instances a refresh apart each find theirs.
package struct FluentBlendedSeriesStore: Sendable {
    package let database: DatabaseAccess
    /// What else a series depends on than the days blended: the code that blends and its pegs
    /// (``RateBlender/identity``). A series kept by another build is not read back: an upgrade
    /// that changes the method never serves the old method's figures.
    package let build: String
    /// How many series are kept, newest first.
    static let kept = 3
    /// The largest archive read or kept, in bytes: far more than decades of every currency take.
    static let largestArchive = 256 << 20

    package init(database: DatabaseAccess, build: String) {
        self.database = database
        self.build = build
    }

    /// A series' row: its version and the build that made it.
    private func key(_ version: String) -> String { "\(version)|\(build)" }

    /// The series kept as `version`, if one is and it reads back whole.
    package func series(version: String) async throws -> BlendedSeries? {
        let stored = try await database.run { database in
            try await (database as! any SQLDatabase).raw(
                """
                SELECT archive FROM \(ident: BlendedSeriesModel.schema)
                WHERE version = \(bind: key(version)) AND length(archive) <= \(bind: Self.largestArchive)
                """
            ).first()?.decode(column: "archive", as: Data.self)
        }
        guard let stored else { return nil }
        // Tens of megabytes of rates put together again: off the pool, as building them is.
        let series = await offThePool { BlendedSeries(archive: [UInt8](stored)) }
        return series?.version == version ? series : nil
    }

    /// Keeps `archive` as `version` (unless it is kept already, perhaps by another instance just
    /// now), and forgets all but the newest few.
    package func keep(_ archive: [UInt8], version: String, at now: Date) async throws {
        guard archive.count <= Self.largestArchive else { return }
        try await database.run { database in
            let key = key(version)
            guard try await BlendedSeriesModel.query(on: database).filter(\.$version == key).count() == 0 else { return }
            do {
                try await BlendedSeriesModel(version: key, storedAt: now, archive: Data(archive)).create(on: database)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                return
            }
            // Their ids alone, newest first (SQLite takes no OFFSET without a LIMIT).
            let older = try await BlendedSeriesModel.query(on: database).field(\.$id).field(\.$storedAt)
                .sort(\.$storedAt, .descending).all().dropFirst(Self.kept).compactMap(\.id)
            if !older.isEmpty { try await BlendedSeriesModel.query(on: database).filter(\.$id ~~ older).delete() }
        }
    }
}
