import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Logging
import NIOPosix
import SQLKit
import ServiceInterfaces
import TestSupport

@testable import Persistence

/// The PostgreSQL test database from `DATABASE_URL` (scripts/test starts one and sets it).
enum TestDatabase {
    struct Missing: Error, CustomStringConvertible {
        let description = "DATABASE_URL is not set: the stores' tests run on PostgreSQL. Run scripts/test, which starts one."
    }

    static func url() throws -> URL {
        guard let text = ProcessInfo.processInfo.environment["DATABASE_URL"], let url = URL(string: text) else { throw Missing() }
        return url
    }
}

/// A password hasher that hashes nothing: for stores whose tests do not sign in.
struct PlainHasher: PasswordHashing {
    func hash(_ password: String) async throws -> String { password }
    func verify(_ password: String, against hash: String) async throws -> Bool { password == hash }
}

/// The databases the app runs on: PostgreSQL in production, SQLite for the zero set-up run.
enum TestEngine: CaseIterable, Sendable { case postgres, sqlite }

/// Runs `test` on the stores over a schema of its own on the test database, migrated as the app
/// migrates it and dropped afterwards, so suites run side by side without seeing each other's
/// rows (on SQLite, a database in memory of its own). No app, no HTTP: Fluent's databases and
/// migrator alone, as Persistence uses them.
func withStores(
    on engine: TestEngine = .postgres, now: @escaping @Sendable () -> Date = { testNow }, hasher: any PasswordHashing = PlainHasher(),
    _ test: (Stores, any Database) async throws -> Void
) async throws {
    _ = quietTestLogs
    let schema = "stores_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    let loops = MultiThreadedEventLoopGroup.singleton
    let threadPool = NIOThreadPool(numberOfThreads: 1)
    threadPool.start()
    let databases = Databases(threadPool: threadPool, on: loops)
    switch engine {
    case .postgres:
        var configuration = try SQLPostgresConfiguration(url: TestDatabase.url())
        configuration.searchPath = [schema]
        databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: 2), as: .psql)
    case .sqlite:
        databases.use(.sqlite(.memory), as: .sqlite)
    }
    let logger = Logger(label: "persistence-tests")
    let database = databases.database(logger: logger, on: loops.any())!
    var failure: (any Error)?
    do {
        if engine == .postgres { try await (database as! any SQLDatabase).raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run() }
        let migrations = Fluent.Migrations()
        migrations.add(Persistence.Migrations.all)
        let migrator = Migrator(databases: databases, migrations: migrations, logger: logger, on: loops.any())
        try await migrator.setupIfNeeded().get()
        try await migrator.prepareBatch().get()
        let access = DatabaseAccess(
            database: { databases.database(logger: logger, on: loops.any()) }, timeout: .seconds(30),
            health: DatabaseHealth(logger: logger))
        let stores = Stores(
            database: access, onPostgres: engine == .postgres, sessionCacheSize: 0, contactPageCacheSize: 0, rateHistoryCache: false,
            providers: 1,
            fetchTimeout: .seconds(10), hasher: hasher, unknownUserHash: "nobody's", now: now)
        try await test(stores, database)
    } catch {
        failure = error
    }
    if engine == .postgres {
        do { try await (database as! any SQLDatabase).raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run() } catch {
            failure = failure ?? error
        }
    }
    await databases.shutdownAsync()
    try? await threadPool.shutdownGracefully()
    if let failure { throw failure }
}
