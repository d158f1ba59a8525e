import Core

/// The database cannot do this request's work now: it is down, not answering in time, or the
/// app is shutting down. Nothing was half-done. A plain error: the storage layer throws it
/// (classifying its drivers' errors), the web layer answers it with a 503 and `Retry-After`.
package struct DatabaseUnavailable: Error, Equatable {
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

    package init(_ cause: Cause) {
        self.cause = cause
    }

    /// Seconds a client should wait before trying again.
    package static let retryAfterSeconds = 5

    /// What a page says; the converter still works from memory, so it says that too.
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
}
