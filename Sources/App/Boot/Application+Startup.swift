import Fluent
import Persistence
import SQLKit
import ServiceInterfaces
import Vapor

extension Application {
    /// What `serve` does before it listens: migrate the schema, store the bundled rates into an
    /// empty database, create the configured admin, and load the current rates into memory.
    func prepareToServe() async throws {
        try await prepareDatabase()
        if let admin = appServices.configuration.initialAdmin {
            try await createInitialAdmin(admin)
        }
        do {
            try await appServices.currentRates.reload()
        } catch {
            throw StartupError(description: "Could not load the current rates: \(String(reflecting: error))")
        }
        // The server's load of the bundled history (a background job) stores what is missing;
        // from the first request on, answers that need those days wait for it.
        if appServices.configuration.role == .server {
            do {
                try await appServices.historyLoader.expectMissingDays()
            } catch {
                logger.warning("Could not tell which days of the bundled history are stored: \(String(reflecting: error))")
            }
        }
    }

    /// The last thing before the server listens, with every bundled day stored (else the load
    /// does it once it has stored them): the stored days read into memory and blended, so that
    /// the first page asking is as fast as the next, not the one that waits for them
    /// (docs/BENCHMARKS.md, *Stored days*). On PostgreSQL the
    /// change listener starts first: only what is read while it listens is kept; a start waits
    /// for it at most `listenerPatience`, then serves and reads the days when first asked.
    ///
    /// A long history takes longer to read and blend than a start may (ten years of every
    /// publisher, docs/BENCHMARKS.md, *History at scale*): the start waits for it at most `patience`, then
    /// serves while it goes on; pages that need the days wait for that one read, never a 503
    /// (docs/OPERATIONS.md, *Memory and start time*).
    func warmUpBeforeServing(listenerPatience: Duration = .seconds(3), patience: Duration = .seconds(3)) async {
        guard appServices.historyProgress.pending == nil else { return }
        if let listener = changeListener {
            listener.start(on: eventLoopGroup.any(), logger: logger)
            if await !listener.listening(within: listenerPatience) {
                logger.warning("Not listening for other instances' changes yet; the days are read when first asked for.")
                return
            }
        }
        let warmUp = appServices.warmUp, logger = logger
        let started = ContinuousClock.now
        let warming = Task<Bool, any Error> {
            await warmUp()
            let took = ContinuousClock.now - started
            if took > patience { logger.notice("The stored days are read and blended (\(took.formatted(.units(allowed: [.seconds])))).") }
            return true
        }
        if await warming.value(within: patience) == nil {
            logger.notice("Serving while the stored days are read and blended; pages that need them wait for that read.")
        }
    }

    /// Migrates the schema and stores the bundled rates into an empty database. Instances
    /// starting together on one PostgreSQL take turns, so both happen once.
    func prepareDatabase() async throws {
        do {
            try await whileHoldingStartupLock {
                try await self.autoMigrate()
                try await self.storeBundledRatesIfEmpty()
            }
        } catch {
            throw StartupError(description: "Could not prepare the database (migrations, bundled rates): \(String(reflecting: error))")
        }
    }

    /// `ADMIN_EMAIL`/`ADMIN_PASSWORD`: created if no account has that email; never changed after.
    private func createInitialAdmin(_ admin: AppConfiguration.InitialAdmin) async throws {
        let accounts = appServices.accounts
        do {
            guard try await accounts.user(withEmail: admin.email) == nil else { return }
            let user = try await accounts.register(email: admin.email, password: admin.password, role: .admin)
            logger.notice("Created the admin account \(user.email) from ADMIN_EMAIL.")
        } catch AccountError.emailTaken {
            return // another instance created it a moment ago
        } catch let error as AccountError {
            throw StartupError(description: "ADMIN_EMAIL/ADMIN_PASSWORD cannot make an account: \(error.description)")
        }
    }

    struct StartupError: Error, CustomStringConvertible {
        let description: String
    }

    /// The newest bundled day, when no rates are stored at all: the app converts at once, and
    /// the other days follow in the background (``BundledHistoryLoader``).
    private func storeBundledRatesIfEmpty() async throws {
        guard try await appServices.rateStore.isEmpty() else { return }
        let snapshot = try appServices.bundledRates.newestDay().snapshot(storedAt: appServices.now())
        try await appServices.currentRates.store(snapshot)
        logger.notice(
            "Stored the bundled rates of \(snapshot.effectiveDate) (\(snapshot.rates.count - 1) currencies against the euro); older days follow in the background; an admin can refresh them."
        )
    }

    /// Runs `body` holding a PostgreSQL session-level advisory lock (SQLite: one process, no lock needed).
    private func whileHoldingStartupLock(_ body: @escaping @Sendable () async throws -> Void) async throws {
        guard let sql = db(maintenanceDatabaseID) as? any SQLDatabase, sql.dialect.name == "postgresql" else {
            return try await body()
        }
        try await sql.withSession { session in
            // Keyed by the schema search path too, like the refresh lock.
            let key: SQLQueryString = "\(literal: Self.startupLockKey), hashtext(current_setting('search_path'))"
            try await session.raw("SELECT pg_advisory_lock(\(key))").run()
            do {
                try await body()
            } catch {
                try? await session.raw("SELECT pg_advisory_unlock(\(key))").run()
                throw error
            }
            try await session.raw("SELECT pg_advisory_unlock(\(key))").run()
        }
    }

    /// Any fixed number the app owns; "CCst" in ASCII.
    private static let startupLockKey: Int32 = 0x4343_7374
}
