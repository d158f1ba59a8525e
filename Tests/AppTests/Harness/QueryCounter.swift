import Foundation
import Logging
import NIOConcurrencyHelpers

/// Counts the SQL statements an app sends, from the line PostgresKit logs for each at `debug`
/// ("Executing query"): give an app ``logger`` (``withPostgresApp(_:configuration:schema:now:logger:_:)``).
final class QueryCounter: Sendable {
    private let count = NIOLockedValueBox(0)

    var logger: Logger {
        var logger = Logger(label: "query-counter") { _ in Handler(counter: self) }
        logger.logLevel = .debug
        return logger
    }

    /// The statements sent while `work` ran.
    func queries(during work: () async throws -> Void) async rethrows -> Int {
        let before = count.withLockedValue { $0 }
        try await work()
        return count.withLockedValue { $0 } - before
    }

    private struct Handler: LogHandler {
        let counter: QueryCounter
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            if event.message.description == "Executing query" {
                counter.count.withLockedValue { $0 += 1 }
                if ProcessInfo.processInfo.environment["SHOW_QUERIES"] != nil { print("SQL:", event.metadata?["sql"] ?? "") }
            }
        }
    }
}
