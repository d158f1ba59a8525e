import FluentPostgresDriver
import Foundation
import Logging
import SQLKit
import TestSupport
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

/// Quiet logs for every test process (``quietTestLogs``); metrics go to the app's registry, as
/// in the entry point.
let quietLogging: Void = {
    _ = quietTestLogs
    AppMetrics.bootstrap()
}()

enum TestDatabase {
    struct Missing: Error, CustomStringConvertible {
        let description = "DATABASE_URL is not set: page tests run on PostgreSQL. Run scripts/test, which starts one."
    }

    /// The PostgreSQL test database from `DATABASE_URL` (scripts/test sets it).
    static func url() throws -> URL {
        guard let text = ProcessInfo.processInfo.environment["DATABASE_URL"], let url = URL(string: text) else {
            throw Missing()
        }
        return url
    }

    /// PostgreSQL's errors in full: their description hides the server's message, which a
    /// failed test's log needs.
    struct ServerError: Error, CustomStringConvertible {
        let description: String
    }

    static func detailed(_ error: any Error) -> any Error {
        error is PSQLError ? ServerError(description: String(reflecting: error)) : error
    }

    /// Drops a test's schema on a connection of its own, waiting up to two minutes for its
    /// tables: they are free once the last query of an app that was shut down has ended.
    static func dropSchema(_ schema: String) async throws {
        var configuration = try SQLPostgresConfiguration(url: url()).coreConfiguration
        configuration.options.connectTimeout = .seconds(10)
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 0,
            logger: Logger(label: "test-schema")
        ).get()
        do {
            try await connection.query("SET statement_timeout = '120s'", logger: connection.logger)
            try await connection.query("DROP SCHEMA IF EXISTS \(unescaped: "\"" + schema + "\"") CASCADE", logger: connection.logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

/// Limits how many test apps hold PostgreSQL pools at once: the suites run in parallel, and
/// every app opens a few connections.
actor TestDatabaseGate {
    static let shared = TestDatabaseGate(permits: 8)

    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(permits: Int) { available = permits }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { available += 1 } else { waiting.removeFirst().resume() }
    }
}

/// How a test app starts.
enum TestStart {
    /// Like `serve`: migrate, store the bundled snapshot, load it.
    case served
    /// Migrated, with no rates at all.
    case emptyStore
    /// An empty schema: not even migrated.
    case bare
}

/// Runs `test` against a fully configured app on PostgreSQL, in a schema of its own that is
/// dropped afterwards, so suites run in parallel without seeing each other's rows.
extension AppConfiguration {
    /// Fast password hashing, short provider timeouts, no background jobs; only the default
    /// source's provider is fetched (and, with `providers`, those stubs stand in for), never the internet.
    static func forTests(
        allowSignup: Bool = true, initialAdmin: InitialAdmin? = nil, cookieSecure: Bool = false,
        ratesProvider: RateSource = .exchangeRateAPI, ratesProviderURL: URL? = refusedURL(),
        providers: [RateSourceID] = [], providerOrigins: [RateSourceID: URL] = [:],
        ecbDailyURL: URL = refusedURL(), ecbHistoryURL: URL = refusedURL(), ecbFullHistoryURL: URL = refusedURL(),
        bundledRatesFile: URL = Fixtures.oneDayArchive,
        ratesTimeout: TimeInterval = 10,
        sourceCodeURL: String = defaultSourceCodeURL,
        trustedProxies: [IPAddressRange] = []
    ) -> AppConfiguration {
        var configuration = AppConfiguration(
            sourceCodeURL: sourceCodeURL, cookieSecure: cookieSecure, allowSignup: allowSignup, initialAdmin: initialAdmin,
            passwordHashCost: 4, ratesProvider: ratesProvider.id, ratesProviderURL: ratesProviderURL,
            ratesProviders: providers, providerOrigins: providerOrigins,
            // The ECB's documents are fetched for `/v1` whatever the providers: never from the internet here.
            providerDocuments: [.ecb: ["latest": ecbDailyURL, "history": ecbHistoryURL, "full-history": ecbFullHistoryURL]],
            bundledRatesFile: bundledRatesFile,
            ratesTimeout: ratesTimeout,
            ratesRefreshInterval: 0, ratesSyncInterval: 0,
            trustedProxies: trustedProxies)
        // Work on a CI machine running a dozen tests at once can wait seconds for a thread: an
        // 11-second limit instead of 5 keeps that from passing for an outage (the tests of the
        // limits themselves set their own).
        configuration.databasePoolTimeout = 10
        // The alerts' deliveries and evaluations run when a test asks for them.
        configuration.alertsPollInterval = 0
        configuration.databaseStatementTimeout = 10
        return configuration
    }
}

func withPostgresApp(
    _ start: TestStart = .served,
    configuration: AppConfiguration = .forTests(),
    schema: String? = nil,
    now: @escaping @Sendable () -> Date = TestClock(tick: 0.001).closure,
    logger: Logger? = nil,
    _ test: (Application) async throws -> Void
) async throws {
    _ = quietLogging
    await TestDatabaseGate.shared.acquire()
    defer { Task { await TestDatabaseGate.shared.release() } }
    let schema = schema ?? "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    var configuration = configuration
    configuration.database = .postgres(url: try TestDatabase.url(), searchPath: schema)

    let app = try await Application.make(.testing)
    if let logger { app.logger = logger }
    var failure: (any Error)?
    do {
        try configure(app, configuration: configuration, now: now)
        let sql = app.db as! any SQLDatabase
        try await sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
        switch start {
        case .served: try await app.prepareToServe()
        case .emptyStore: try await app.autoMigrate()
        case .bare: break
        }
        try await test(app)
    } catch {
        failure = error
    }
    // The app stops first: its background work (a booted app's warm-up reads 27 years in one
    // transaction) ends with its connections, so the schema's tables are free to drop, whatever
    // the app was still doing. Dropping on the app's own pool raced that work and could wait out
    // the app's 4 s statement limit (a PSQLError in CI).
    do { try await app.asyncShutdown() } catch { failure = failure ?? error }
    do { try await TestDatabase.dropSchema(schema) } catch { failure = failure ?? error }
    if let failure { throw TestDatabase.detailed(failure) }
}

/// Runs `test` against the embedded default: an SQLite file in a temporary folder.
func withSQLiteApp(
    configuration: AppConfiguration = .forTests(),
    _ test: (Application, String) async throws -> Void
) async throws {
    _ = quietLogging
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cc-sqlite-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("nested/app.sqlite").path

    let app = try await Application.make(.testing)
    do {
        var configuration = configuration
        configuration.database = .sqlite(path: path)
        try configure(app, configuration: configuration, now: TestClock(tick: 0.001).closure)
        try await app.prepareToServe()
        try await test(app, path)
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
}

extension BundledHistoryLoader {
    /// The bundled history stored, as a test's set-up needs it: asked again (three times at most)
    /// when a try ends without an outcome, as one does when the database is slow to answer while
    /// the whole suite runs side by side; `nil` when none of the tries stored it.
    @discardableResult
    func storeForTest() async -> Outcome? {
        for _ in 0..<3 {
            if let outcome = await storeMissingDays(logger: Logger(label: "test")) { return outcome }
        }
        return nil
    }
}
