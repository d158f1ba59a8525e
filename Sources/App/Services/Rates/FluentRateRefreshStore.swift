import Fluent
import NIOConcurrencyHelpers
import SQLKit

/// Refreshes on the app's database. On PostgreSQL the lock is a transaction-scoped advisory
/// lock, so it holds across every instance and is released by commit or rollback even if the
/// instance dies; SQLite is one process, so an in-process flag does the same job there.
final class FluentRateRefreshStore: RateRefreshStore {
    private let database: @Sendable () -> any Database
    private let inProcessLock = NIOLockedValueBox(false)

    init(database: @escaping @Sendable () -> any Database) {
        self.database = database
    }

    func withRefreshLock<T: Sendable>(_ body: @escaping @Sendable (any RefreshTransaction) async throws -> T) async throws -> T? {
        let db = database()
        if let sql = db as? any SQLDatabase, sql.dialect.name == "postgresql" {
            return try await db.transaction { transaction in
                // Keyed by the schema search path too: deployments sharing one database in
                // different schemas are different apps and must not block each other.
                let row = try await (transaction as! any SQLDatabase).raw("""
                    SELECT pg_try_advisory_xact_lock(\(literal: Self.lockKey), hashtext(current_setting('search_path'))) AS locked
                    """).first()
                guard try row?.decode(column: "locked", as: Bool.self) == true else { return nil }
                return try await body(Transaction(database: transaction))
            }
        }
        guard inProcessLock.withLockedValue({ running in
            defer { running = true }
            return !running
        }) else { return nil }
        defer { inProcessLock.withLockedValue { $0 = false } }
        return try await db.transaction { try await body(Transaction(database: $0)) }
    }

    func record(_ attempt: RefreshAttempt) async throws {
        try await RefreshAttemptModel(attempt).create(on: database())
    }

    func recentAttempts(limit: Int) async throws -> [RefreshAttempt] {
        try await RefreshAttemptModel.query(on: database())
            .sort(\.$startedAt, .descending).range(..<limit).all()
            .map { try $0.toEntity() }
    }

    /// "CCra" in ASCII: any fixed number the app owns.
    private static let lockKey: Int32 = 0x4343_7261

    private struct Transaction: RefreshTransaction {
        let database: any Database

        private var snapshots: FluentRateSnapshotStore {
            let database = database
            return FluentRateSnapshotStore(database: { database })
        }

        func latest() async throws -> RateSnapshot? { try await snapshots.latest() }

        func save(_ snapshot: RateSnapshot) async throws -> RateSnapshot { try await snapshots.save(snapshot) }

        func storedDates(source: String) async throws -> Set<CalendarDate> {
            let rows = try await RateSnapshotModel.query(on: database).filter(\.$source == source)
                .field(\.$effectiveDate).all()
            return Set(rows.compactMap { CalendarDate(iso8601: $0.effectiveDate) })
        }

        func record(_ attempt: RefreshAttempt) async throws {
            try await RefreshAttemptModel(attempt).create(on: database)
        }
    }
}
