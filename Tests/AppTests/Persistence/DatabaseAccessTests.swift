import AsyncKit
import Fluent
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SQLKit
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("Deadlines and the database circuit breaker")
struct DeadlineTests {
    @Test func returnsTheResultInTime() async throws {
        // A limit far beyond any wait for a thread while hundreds of tests start together: this
        // checks what comes back, not how soon.
        #expect(try await Deadline.run(within: .seconds(300)) { 42 } == 42)
        await #expect(throws: CancellationError.self) { try await Deadline.run(within: .seconds(300)) { throw CancellationError() } }
    }

    @Test("returns at the deadline even when the work cannot be cancelled, and says so once")
    func expires() async throws {
        let expiries = ManagedCounter()
        let gate = Gate(), workEnded = ManagedCounter()
        // Should the caller wait for the work after all, this ends the wait (and fails below).
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { gate.open() }
        await #expect(throws: DeadlineExceeded(limit: .milliseconds(200))) {
            try await Deadline.run(within: .milliseconds(200), onExpiry: { expiries.increment() }) {
                await gate.wait() // ignores cancellation, like a future on a silent socket
                workEnded.increment()
            }
        }
        // The caller has its answer while the work still waits: no clock to blur on a busy machine.
        #expect(workEnded.value == 0)
        #expect(expiries.value == 1)
        gate.open()
    }

    @Test("after an outage work fails fast; after the cooldown one caller probes while others still fail fast")
    func breaker() throws {
        let health = DatabaseHealth(cooldown: .milliseconds(100))
        try health.admit()
        health.recordOutage(DatabaseUnavailable(.unreachable))
        #expect(throws: DatabaseUnavailable(.recentlyFailed)) { try health.admit() }
        #expect(!health.isAvailable)
        Thread.sleep(forTimeInterval: 0.15)
        try health.admit() // the probe
        #expect(throws: DatabaseUnavailable(.recentlyFailed)) { try health.admit() }
        health.recordAnswer()
        try health.admit()
        #expect(health.isAvailable)
        health.close()
        #expect(throws: DatabaseUnavailable(.shuttingDown)) { try health.admit() }
        health.recordAnswer() // stays closed
        #expect(throws: DatabaseUnavailable(.shuttingDown)) { try health.admit() }
    }

    @Test("outages are told apart from other database errors")
    func classification() {
        #expect(DatabaseUnavailable(classifying: ConnectionPoolTimeoutError.connectionRequestTimeout)?.cause == .timedOut(.zero))
        #expect(DatabaseUnavailable(classifying: ChannelError.ioOnClosedChannel)?.cause == .unreachable)
        #expect(DatabaseUnavailable(classifying: ConnectionPoolError.shutdown)?.cause == .shuttingDown)
        #expect(DatabaseUnavailable(classifying: CancellationError()) == nil)
        let outage = DatabaseUnavailable(.unreachable)
        #expect(outage.status == .serviceUnavailable && outage.headers.first(name: "Retry-After") == "5")
        #expect(outage.reason.contains("The converter still works."))
    }
}

/// A wait that ignores cancellation and ends only when the gate is opened.
final class Gate: Sendable {
    private let state = NIOLockedValueBox<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLockedValue { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLockedValue { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// A thread-safe count for callbacks.
final class ManagedCounter: Sendable {
    private let count = NIOLockedValueBox(0)
    func increment() { count.withLockedValue { $0 += 1 } }
    var value: Int { count.withLockedValue { $0 } }
}

@Suite("Database work on PostgreSQL: time limits, transactions, shutdown")
struct DatabaseAccessTests {
    func access(_ app: Application, timeout: Duration = .seconds(1)) -> DatabaseAccess {
        let base = app.appServices.database
        let databases = app.databases, logger = app.logger, loops = app.eventLoopGroup
        return DatabaseAccess(
            database: { databases.database(logger: logger, on: loops.any()) }, timeout: timeout,
            health: base.health)
    }

    @Test("a query that outlives the limit is a 503 at the limit, and the pool recovers")
    func timeLimit() async throws {
        try await withPostgresApp(.emptyStore) { app in
            let access = access(app)
            let started = ContinuousClock.now
            await #expect(throws: DatabaseUnavailable(.timedOut(.seconds(1)))) {
                try await access.run { try await ($0 as! any SQLDatabase).raw("SELECT pg_sleep(30)").run() }
            }
            // Far sooner than the statement's 30 s, with room for the seconds a thread can take to
            // come free while hundreds of tests start together.
            #expect(ContinuousClock.now - started < .seconds(15))
            #expect(!access.health.isAvailable)
            try await Task.sleep(for: access.health.cooldown)
            let answer = try await access.run {
                try await ($0 as! any SQLDatabase).raw("SELECT 7 AS n").first()?.decode(column: "n", as: Int.self)
            }
            #expect(answer == 7)
            #expect(access.health.isAvailable)
        }
    }

    @Test("PostgreSQL's statement_timeout cancels a slow statement, and that is a 503 too")
    func statementTimeout() async throws {
        var configuration = AppConfiguration.forTests()
        configuration.databaseStatementTimeout = 0.5
        try await withPostgresApp(.emptyStore, configuration: configuration) { app in
            let access = app.appServices.database
            await #expect(throws: DatabaseUnavailable(.statementTimedOut)) {
                try await access.run { try await ($0 as! any SQLDatabase).raw("SELECT pg_sleep(2)").run() }
            }
            #expect(access.health.isAvailable) // slow is not down: other requests still try
        }
    }

    @Test("a transaction is one: a failure inside it leaves nothing behind")
    func atomic() async throws {
        struct Boom: Error {}
        try await withPostgresApp(.emptyStore) { app in
            let access = app.appServices.database
            let attempt = RefreshAttempt(
                kind: .refresh, source: "ecb", startedAt: testNow, duration: 0, actor: nil,
                outcome: .failed, message: "x")
            await #expect(throws: Boom.self) {
                try await access.transaction { database in
                    try await RefreshAttemptModel(attempt).create(on: database)
                    throw Boom()
                }
            }
            #expect(try await RefreshAttemptModel.query(on: app.db).count() == 0)
            try await access.transaction { try await RefreshAttemptModel(attempt).create(on: $0) }
            #expect(try await RefreshAttemptModel.query(on: app.db).count() == 1)
        }
    }

    @Test("after shutdown began, work is refused as a 503 without touching the pools")
    func closed() async throws {
        try await withPostgresApp(.emptyStore) { app in
            let access = app.appServices.database
            access.health.close()
            await #expect(throws: DatabaseUnavailable(.shuttingDown)) { try await access.run { _ in 1 } }
            await #expect(throws: DatabaseUnavailable(.shuttingDown)) {
                try await DatabaseAccess(database: { nil }, timeout: .seconds(1), health: DatabaseHealth()).run { _ in 1 }
            }
        }
    }
}
