import NIOConcurrencyHelpers
import NIOCore
import Persistence
import Vapor

/// Starts the background jobs once the app has booted, and stops the app in an order that
/// never drops an accepted request (SIGTERM and SIGINT end `serve` through `asyncShutdown`):
///
/// 0. with `SHUTDOWN_DELAY`: keep serving, `/health/ready` answering 503, so that a load
///    balancer stops sending new connections (a connection the kernel accepted but the server
///    never read would otherwise be reset when it stops listening);
/// 1. stop accepting connections and let requests in flight finish, up to `SHUTDOWN_TIMEOUT`;
/// 2. stop the background jobs and wait for them;
/// 3. refuse further database work (a 503, not a crash), then Vapor closes the pools.
///
/// Vapor would otherwise close the pools and the server in no fixed order, and a request
/// still running could reach a pool that is gone.
struct GracefulShutdown: LifecycleHandler {
    /// The server's jobs; `nil` for a command, which starts none.
    let jobs: RatesBackgroundJobs?
    let database: DatabaseHealth
    let draining: DrainingFlag
    let delay: TimeInterval

    func didBootAsync(_ application: Application) async throws {
        jobs?.start(logger: application.logger)
    }

    func shutdownAsync(_ application: Application) async {
        let logger = application.logger
        if application.running != nil {
            draining.set()
            if delay > 0 {
                logger.notice(
                    "Draining: /health/ready answers 503 for \(Self.seconds(.milliseconds(Int64(delay * 1000)))) s while requests are still served."
                )
                try? await Task.sleep(for: .milliseconds(Int64(delay * 1000)))
            }
            let limit = application.http.server.configuration.shutdownTimeout
            logger.notice("Stopped accepting connections; letting requests in flight finish (at most \(Self.seconds(limit)) s).")
            let started = ContinuousClock.now
            await application.server.shutdown()
            let elapsed = ContinuousClock.now - started
            if elapsed >= .nanoseconds(limit.nanoseconds) {
                logger.warning("Requests still running after \(Self.seconds(limit)) s (SHUTDOWN_TIMEOUT) are cut off.")
            } else {
                logger.notice(
                    "Requests in flight finished after \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))).")
            }
        }
        await jobs?.stop()
        database.close()
        logger.notice("Background jobs stopped; closing the database connections.")
    }

    private static func seconds(_ amount: TimeAmount) -> String {
        String(format: "%g", Double(amount.nanoseconds) / 1_000_000_000)
    }
}

/// Set when the app has begun to shut down; `/health/ready` then answers 503.
final class DrainingFlag: Sendable {
    private let value = NIOLockedValueBox(false)
    var isSet: Bool { value.withLockedValue { $0 } }
    func set() { value.withLockedValue { $0 = true } }
}
