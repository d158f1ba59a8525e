import AsyncKit
import Core
import FluentPostgresDriver
import FluentSQLiteDriver
import NIOCore
import NIOPosix
import Vapor

/// The database cannot do this request's work now: it is down, not answering in time, or the
/// app is shutting down. Pages answer 503 with `Retry-After`; nothing was half-done.
package struct DatabaseUnavailable: Error, Equatable, AbortError {
    package enum Cause: Equatable, Sendable {
        /// No answer within the time limit (connecting, waiting for a connection, or a query).
        case timedOut(Duration)
        /// Refused, closed or reset connections; the server shutting down or starting up.
        case unreachable
        /// PostgreSQL cancelled a statement that ran past `statement_timeout`: it is answering,
        /// but too slowly for this request.
        case statementTimedOut
        /// Another request found it unavailable a moment ago; not tried again yet.
        case recentlyFailed
        /// The app is stopping.
        case shuttingDown
    }

    package let cause: Cause

    /// Seconds a client should wait before trying again.
    package static let retryAfterSeconds = 5

    package var status: HTTPResponseStatus { .serviceUnavailable }

    package var headers: HTTPHeaders { ["Retry-After": String(Self.retryAfterSeconds)] }

    /// What the page says; the converter still works from memory, so it says that too.
    package var reason: String { Self.message.english }

    package static let message = Message(
        "The database is not answering right now, so accounts, contacts and the admin pages are unavailable. The converter still works. Please try again in a few seconds."
    )

    /// For the log: what exactly happened.
    package var logDescription: String {
        switch cause {
        case .timedOut(let limit): "no answer from the database within \(limit)"
        case .unreachable: "the database is unreachable"
        case .statementTimedOut: "a statement ran past DATABASE_STATEMENT_TIMEOUT and was cancelled"
        case .recentlyFailed: "the database failed a moment ago; failing fast"
        case .shuttingDown: "the app is shutting down"
        }
    }

    package init(_ cause: Cause) {
        self.cause = cause
    }

    /// The outage behind `error`, or `nil` if the database answered with an error of another
    /// kind (a constraint, a bug): those stay what they are.
    package init?(classifying error: any Error) {
        switch error {
        case let error as DatabaseUnavailable:
            self = error
        case is ConnectionPoolTimeoutError:
            self.init(.timedOut(.zero))
        case let error as ConnectionPoolError where error == .shutdown:
            self.init(.shuttingDown)
        case let error as PSQLError:
            if error.code == .server, error.serverInfo?[.sqlState] == "57014" {
                self.init(.statementTimedOut)
                return
            }
            guard Self.isOutage(error) else { return nil }
            self.init(.unreachable)
        case is NIOConnectionError, is ChannelError, is IOError:
            self.init(.unreachable)
        case let error as SQLiteError where [.busy, .locked].contains(error.reason):
            self.init(.unreachable)
        default:
            return nil
        }
    }

    private static func isOutage(_ error: PSQLError) -> Bool {
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
            .queryCancelled:
            return true
        case .server:
            // Connection exceptions (08…), admin/crash shutdown, "starting up", too many connections.
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state)
        default:
            return false
        }
    }
}
