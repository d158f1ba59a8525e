import NIOCore
import Vapor

/// Starts the background jobs once the app has booted, and stops the app in an order that
/// never drops an accepted request (SIGTERM and SIGINT end `serve` through `asyncShutdown`):
///
/// 1. stop accepting connections and let requests in flight finish, up to `SHUTDOWN_TIMEOUT`;
/// 2. stop the background jobs and wait for them;
/// 3. refuse further database work (a 503, not a crash), then Vapor closes the pools.
///
/// Vapor would otherwise close the pools and the server in no fixed order, and a request
/// still running could reach a pool that is gone.
struct GracefulShutdown: LifecycleHandler {
    let jobs: RatesBackgroundJobs
    let database: DatabaseHealth

    func didBootAsync(_ application: Application) async throws {
        jobs.start(logger: application.logger)
    }

    func shutdownAsync(_ application: Application) async {
        let logger = application.logger
        if application.running != nil {
            let limit = application.http.server.configuration.shutdownTimeout
            logger.notice("Stopped accepting connections; letting requests in flight finish (at most \(Self.seconds(limit)) s).")
            let started = ContinuousClock.now
            await application.server.shutdown()
            let elapsed = ContinuousClock.now - started
            logger.notice("Requests in flight finished after \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))).")
        }
        await jobs.stop()
        database.close()
        logger.notice("Background jobs stopped; closing the database connections.")
    }

    private static func seconds(_ amount: TimeAmount) -> String {
        String(format: "%g", Double(amount.nanoseconds) / 1_000_000_000)
    }
}
