import Foundation
import Logging

/// Quiet logs for every test process (once, as `LoggingSystem` allows): `LOG_LEVEL` to see more.
package let quietTestLogs: Void = {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
        return handler
    }
}()
