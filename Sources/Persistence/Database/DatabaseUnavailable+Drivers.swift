import AsyncKit
import FluentPostgresDriver
import FluentSQLiteDriver
import NIOCore
import NIOPosix
import ServiceInterfaces

extension DatabaseUnavailable {
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
