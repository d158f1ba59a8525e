import CoreMetrics
import Fluent
import FluentPostgresDriver
import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceInterfaces

/// How services reach the database: every piece of work runs on one connection within a time
/// limit, and a database that is down or silent becomes ``DatabaseUnavailable`` (a 503) instead
/// of a hung request, a 500 or a crash.
///
/// - A time limit covers waiting for a pooled connection, connecting and every query. When it
///   passes, the request gets its 503 at once and the connection is closed, so the pool replaces
///   it instead of lending out a connection that may never answer again.
/// - After an outage-like failure, work fails fast for ``DatabaseHealth/cooldown`` instead of
///   every request waiting out the limit; then one request at a time probes the database.
/// - After shutdown has begun (``DatabaseHealth/close()``), work fails the same way instead of
///   reaching database pools that are being torn down.
package struct DatabaseAccess: Sendable {
    private enum Target: Sendable {
        case pool(@Sendable () -> (any Database)?)
        /// Already inside `run` (a transaction): the work runs directly on it.
        case pinned(any Database)
    }

    private let target: Target
    package let timeout: Duration
    package let health: DatabaseHealth
    /// How long work waited for a pooled connection (connecting included), for `/metrics`. Made
    /// with each access, after the metrics system is bootstrapped: a static one, made by whatever
    /// ran first in the process (a test of the stores), could be bound to no metrics system at all.
    private let connectionWait = Timer(label: "database_connection_wait_seconds")

    /// Work on `database` as it is (a transaction already begun under another `run`).
    package func pinned(to database: any Database) -> DatabaseAccess {
        DatabaseAccess(target: .pinned(database), timeout: timeout, health: health)
    }

    /// Runs `work` on one connection within the time limit (`timeout` when given, for work that
    /// legitimately waits on something else while it holds the connection).
    package func run<T: Sendable>(
        timeout limit: Duration? = nil,
        _ work: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        let source: @Sendable () -> (any Database)?
        switch target {
        case .pinned(let database): return try await work(database)
        case .pool(let database): source = database
        }
        try health.admit()
        // The connection the work holds; it is looked up only if the limit passes.
        let pinned = NIOLockedValueBox<(any Database)?>(nil)
        let limit = limit ?? timeout
        do {
            let value = try await Deadline.run(
                within: limit,
                onExpiry: {
                    // A query that outlived its limit may never be answered: drop its connection.
                    guard let stuck = pinned.withLockedValue({ $0 }) as? any PostgresDatabase else { return }
                    stuck.withConnection { $0.close() }.whenComplete { _ in }
                }
            ) {
                guard let database = source() else { throw DatabaseUnavailable(.shuttingDown) }
                let asked = ContinuousClock.now
                return try await database.withConnection { connection in
                    connectionWait.record(duration: ContinuousClock.now - asked)
                    pinned.withLockedValue { $0 = connection }
                    return try await work(connection)
                }
            }
            health.recordAnswer()
            return value
        } catch {
            let outage =
                (error as? DeadlineExceeded).map { DatabaseUnavailable(.timedOut($0.limit)) }
                ?? DatabaseUnavailable(classifying: error)
            guard let outage else {
                health.recordAnswer() // it answered, with an error of another kind
                throw error
            }
            switch outage.cause {
            case .shuttingDown: break
            case .statementTimedOut: health.recordAnswer() // slow, but answering
            default: health.recordOutage(outage)
            }
            throw outage
        }
    }
}

extension DatabaseAccess {
    /// Runs `work` in one transaction (in the one already begun, when pinned to it).
    ///
    /// Use this, never `database.transaction` inside ``run(timeout:_:)``: fluent-postgres-driver
    /// marks every connection it hands out through `withConnection` as already in a transaction,
    /// so `transaction` on it would run without `BEGIN` — and nothing would be atomic.
    package func transaction<T: Sendable>(
        timeout limit: Duration? = nil,
        _ work: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        if case .pinned(let database) = target { return try await work(database) }
        return try await run(timeout: limit) { database in
            guard database is any PostgresDatabase, let control = database as? any TransactionControlDatabase else {
                return try await database.transaction(work)
            }
            try await control.beginTransaction().get()
            let value: T
            do {
                value = try await work(database)
            } catch {
                try? await control.rollbackTransaction().get()
                throw error
            }
            try await control.commitTransaction().get()
            return value
        }
    }
}

extension DatabaseAccess {
    /// The app's databases; `database` answers `nil` once they are shut down.
    package init(database: @escaping @Sendable () -> (any Database)?, timeout: Duration, health: DatabaseHealth) {
        self.init(target: .pool(database), timeout: timeout, health: health)
    }
}

/// Whether the database is worth asking right now: a small circuit breaker shared by every
/// ``DatabaseAccess`` of the app, plus the switch that ends database work at shutdown.
package final class DatabaseHealth: Sendable {
    /// How long work fails fast after an outage-like failure before one request probes again.
    package let cooldown: Duration
    /// Gets one line when the database stops answering and one when it is back.
    private let logger: Logger?

    private enum State {
        case healthy
        /// Failing fast until the instant; then the next caller probes.
        case failing(until: ContinuousClock.Instant)
        /// One caller is finding out whether the database is back; the others fail fast.
        case probing
        case closed
    }

    private let state = NIOLockedValueBox(State.healthy)

    package init(cooldown: Duration = .seconds(2), logger: Logger? = nil) {
        self.cooldown = cooldown
        self.logger = logger
    }

    /// Throws at once when the database is known to be unavailable.
    package func admit() throws(DatabaseUnavailable) {
        let refusal: DatabaseUnavailable.Cause? = state.withLockedValue { state in
            switch state {
            case .healthy: return nil
            case .closed: return .shuttingDown
            case .probing: return .recentlyFailed
            case .failing(let until):
                guard ContinuousClock.now >= until else { return .recentlyFailed }
                state = .probing
                return nil
            }
        }
        if let refusal { throw DatabaseUnavailable(refusal) }
    }

    package func recordAnswer() {
        let recovered = state.withLockedValue { state in
            switch state {
            case .healthy, .closed: return false
            case .failing, .probing:
                state = .healthy
                return true
            }
        }
        if recovered { logger?.notice("The database is answering again.") }
    }

    package func recordOutage(_ outage: DatabaseUnavailable) {
        let cooldown = cooldown
        let started = state.withLockedValue { state in
            switch state {
            case .closed: return false
            case .healthy:
                state = .failing(until: .now + cooldown)
                return true
            case .failing, .probing:
                state = .failing(until: .now + cooldown)
                return false
            }
        }
        if started {
            logger?.warning(
                "The database is unavailable (\(outage.logDescription)); pages that need it answer 503, probing every \(cooldown).")
        }
    }

    /// Shutdown: no more database work from here on.
    package func close() {
        state.withLockedValue { $0 = .closed }
    }

    /// `false` while failing fast or closed.
    package var isAvailable: Bool {
        state.withLockedValue { if case .healthy = $0 { true } else { false } }
    }
}
