import Fluent
import SQLKit
import Vapor

extension Application {
    /// What `serve` does before it listens: migrate the schema, store the bundled rates into an
    /// empty database, and load the current rates into memory. Instances starting together on one
    /// PostgreSQL take turns, so the schema is migrated and the bundled rates stored once.
    func prepareToServe() async throws {
        do {
            try await whileHoldingStartupLock {
                try await self.autoMigrate()
                try await self.storeBundledRatesIfEmpty()
            }
            try await appServices.currentRates.reload()
        } catch {
            throw StartupError(description: "Could not prepare the database (migrations, bundled rates): \(String(reflecting: error))")
        }
    }

    struct StartupError: Error, CustomStringConvertible {
        let description: String
    }

    private func storeBundledRatesIfEmpty() async throws {
        guard try await appServices.rateStore.isEmpty() else { return }
        let snapshot = try BundledRates.snapshot(storedAt: appServices.now())
        try await appServices.currentRates.store(snapshot)
        logger.notice("Stored the bundled rates of \(snapshot.effectiveDate) (\(snapshot.rates.count) currencies); an admin can refresh them.")
    }

    /// Runs `body` holding a PostgreSQL session-level advisory lock (SQLite: one process, no lock needed).
    private func whileHoldingStartupLock(_ body: @escaping @Sendable () async throws -> Void) async throws {
        guard let sql = db as? any SQLDatabase, sql.dialect.name == "postgresql" else {
            return try await body()
        }
        try await sql.withSession { session in
            try await session.raw("SELECT pg_advisory_lock(\(literal: Self.startupLockKey))").run()
            do {
                try await body()
            } catch {
                try? await session.raw("SELECT pg_advisory_unlock(\(literal: Self.startupLockKey))").run()
                throw error
            }
            try await session.raw("SELECT pg_advisory_unlock(\(literal: Self.startupLockKey))").run()
        }
    }

    /// Any fixed number the app owns; "CCstart" in ASCII.
    private static let startupLockKey: Int64 = 0x4343_7374_6172_74
}
