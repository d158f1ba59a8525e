import Core
import Fluent
import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// Storage for refreshes, on the app's database: a lock so only one runs at a time across all
/// instances, a transaction for what one refresh stores, and the log of attempts. On PostgreSQL the lock is a transaction-scoped advisory
/// lock, so it holds across every instance and is released by commit or rollback even if the
/// instance dies; SQLite is one process, so an in-process flag does the same job there.
package struct FluentRateRefreshStore: Sendable {
    let database: DatabaseAccess
    /// How long a refresh may hold its transaction: the database's limit and the fetch's, as
    /// the provider is fetched while it does.
    let lockTimeout: Duration
    /// Called once a refresh's transaction has ended: caches of stored days forget them.
    var stored: @Sendable () -> Void = {}
    /// The configured provider's sources (``FluentRateSnapshotStore/currentSources``).
    var currentSources: [RateSourceID]? = nil
    /// SQLite's lock, shared by copies.
    private let inProcessLock = NIOLockedValueBox(false)

    /// Runs `body` in one transaction while holding the refresh lock; `nil` (without running
    /// `body`) when another refresh holds it. `timeout` is for work longer than a refresh
    /// (loading the bundled history).
    package func withRefreshLock<T: Sendable>(
        timeout: Duration? = nil, _ body: @escaping @Sendable (Transaction) async throws -> T
    ) async throws -> T? {
        let access = database, currentSources = currentSources
        defer { stored() }
        return try await access.transaction(timeout: timeout ?? lockTimeout) { transaction in
            if let sql = transaction as? any SQLDatabase, sql.dialect.name == "postgresql" {
                // Keyed by the schema search path too: deployments sharing one database in
                // different schemas are different apps and must not block each other.
                let row = try await sql.raw(
                    """
                    SELECT pg_try_advisory_xact_lock(\(literal: Self.lockKey), hashtext(current_setting('search_path'))) AS locked
                    """
                ).first()
                guard try row?.decode(column: "locked", as: Bool.self) == true else { return nil }
                return try await body(Transaction(access: access.pinned(to: transaction), currentSources: currentSources))
            }
            guard
                self.inProcessLock.withLockedValue({ running in
                    defer { running = true }
                    return !running
                })
            else { return nil }
            defer { self.inProcessLock.withLockedValue { $0 = false } }
            return try await body(Transaction(access: access.pinned(to: transaction), currentSources: currentSources))
        }
    }

    /// The days stored from any of `sources`, outside any refresh transaction.
    package func storedDates(sources: [RateSourceID]) async throws -> Set<CalendarDate> {
        try await Transaction(access: database).storedDates(sources: sources)
    }

    /// Logs an attempt outside any refresh transaction (failures, busy).
    package func record(_ attempt: RefreshAttempt) async throws {
        try await database.run { try await RefreshAttemptModel(attempt).create(on: $0) }
    }

    /// The newest attempts first.
    package func recentAttempts(limit: Int) async throws -> [RefreshAttempt] {
        try await database.run { database in
            try await RefreshAttemptModel.query(on: database)
                .sort(\.$startedAt, .descending).range(..<limit).all()
                .map { try $0.toEntity() }
        }
    }

    /// Each of `sources`' newest successful (stored, unchanged) and newest failed attempt, a
    /// refresh's or a backfill's, in two queries however many sources there are: each is found
    /// off the (source, outcome, started_at) index by a subquery of its own, then the rows read.
    package func newestAttempts(
        of sources: [RateSourceID]
    ) async throws -> [RateSourceID: (success: RefreshAttempt?, failure: RefreshAttempt?)] {
        guard !sources.isEmpty else { return [:] }
        let kinds = [RefreshAttempt.Kind.refresh.rawValue, RefreshAttempt.Kind.backfill.rawValue]
        let successes = [RefreshAttempt.Outcome.stored.rawValue, RefreshAttempt.Outcome.unchanged.rawValue]
        let failures = [RefreshAttempt.Outcome.failed.rawValue]
        let table = SQLIdentifier(RefreshAttemptModel.schema)
        // `VALUES` names its column `column1` on PostgreSQL and SQLite alike.
        let names: SQLQueryString = "(VALUES \(SQLList(sources.map { SQLGroupExpression(SQLBind($0.rawValue)) })))"
        @Sendable func newest(_ outcomes: [String]) -> SQLQueryString {
            """
            SELECT (SELECT a.id FROM \(table) a WHERE a.source = wanted.column1 AND a.outcome IN (\(binds: outcomes))
                AND a.kind IN (\(binds: kinds)) ORDER BY a.started_at DESC LIMIT 1) FROM \(names) AS wanted
            """
        }
        let models = try await database.run { database in
            let ids = try await (database as! any SQLDatabase).raw("\(newest(successes)) UNION ALL \(newest(failures))").all()
                .compactMap { try $0.decode(column: $0.allColumns[0], as: UUID?.self) }
            return try await RefreshAttemptModel.query(on: database).filter(\.$id ~~ ids).all()
        }
        var newest: [RateSourceID: (success: RefreshAttempt?, failure: RefreshAttempt?)] = [:]
        for model in models {
            let attempt = try model.toEntity()
            if attempt.outcome == .failed {
                newest[attempt.source, default: (nil, nil)].failure = attempt
            } else {
                newest[attempt.source, default: (nil, nil)].success = attempt
            }
        }
        return newest
    }

    /// Each source's days refused by validation in the attempts since `start` (sources without any left out).
    package func refusedDays(since start: Date) async throws -> [RateSourceID: Int] {
        try await database.run { database in
            let rows = try await (database as! any SQLDatabase).raw(
                """
                SELECT source, CAST(sum(refused_days) AS BIGINT) AS refused FROM \(ident: RefreshAttemptModel.schema)
                WHERE started_at >= \(bind: start) AND refused_days > 0 GROUP BY source
                """
            ).all()
            var refused: [RateSourceID: Int] = [:]
            for row in rows {
                guard let id = RateSourceID(try row.decode(column: "source", as: String.self)) else { continue }
                refused[id] = try row.decode(column: "refused", as: Int.self)
            }
            return refused
        }
    }

    /// "CCra" in ASCII: any fixed number the app owns.
    private static let lockKey: Int32 = 0x4343_7261

    /// What a refresh may do while it holds the lock; all of it commits or none of it does.
    package struct Transaction: Sendable {
        /// Pinned to the transaction.
        package let access: DatabaseAccess
        package var currentSources: [RateSourceID]? = nil

        private var snapshots: FluentRateSnapshotStore { FluentRateSnapshotStore(database: access, currentSources: currentSources) }

        package func latest() async throws -> RateSnapshot? { try await snapshots.latest() }

        /// The newest snapshot of `sources` (any source's when they have none).
        package func latest(of sources: [RateSourceID]) async throws -> RateSnapshot? {
            try await FluentRateSnapshotStore(database: access, currentSources: sources).latest()
        }

        package func save(_ snapshot: RateSnapshot) async throws -> RateSnapshot { try await snapshots.save(snapshot) }

        /// Stores many days at once (see ``FluentRateSnapshotStore/saveAll(_:daysPerBatch:stored:)``).
        package func saveAll(
            _ days: [RateSnapshot], daysPerBatch: Int = FluentRateSnapshotStore.daysPerBatch,
            stored: (@Sendable (Int) async -> Void)? = nil
        ) async throws {
            try await snapshots.saveAll(days, daysPerBatch: daysPerBatch, stored: stored)
        }

        /// The days already stored from any of `sources`.
        package func storedDates(sources: [RateSourceID]) async throws -> Set<CalendarDate> {
            let rows = try await access.run { database in
                try await RateSnapshotModel.query(on: database).filter(\.$source ~~ sources.map(\.rawValue)).field(\.$effectiveDate).all()
            }
            return Set(rows.compactMap { CalendarDate(iso8601: $0.effectiveDate) })
        }

        package func record(_ attempt: RefreshAttempt) async throws {
            try await access.run { try await RefreshAttemptModel(attempt).create(on: $0) }
        }
    }
}
