import NIOConcurrencyHelpers
import Vapor

/// Work that runs beside the server: the scheduled refresh (`RATES_REFRESH_INTERVAL`) and
/// picking up snapshots other instances stored (`RATES_SYNC_INTERVAL`). Failures are logged
/// and retried later; they never stop the app.
final class RatesBackgroundJobs: LifecycleHandler, Sendable {
    private let refresher: RatesRefresher
    private let currentRates: CurrentRates
    private let refreshInterval: Int
    private let syncInterval: Int
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])

    init(refresher: RatesRefresher, currentRates: CurrentRates, refreshInterval: Int, syncInterval: Int) {
        self.refresher = refresher
        self.currentRates = currentRates
        self.refreshInterval = refreshInterval
        self.syncInterval = syncInterval
    }

    func didBootAsync(_ application: Application) async throws {
        var started: [Task<Void, Never>] = []
        if refreshInterval > 0 {
            let refresher = refresher, interval = refreshInterval, logger = application.logger
            started.append(Task {
                var delay = Duration.seconds(interval)
                while !Task.isCancelled {
                    try? await Task.sleep(for: delay)
                    if Task.isCancelled { break }
                    let outcome = await refresher.refreshIfDue(every: TimeInterval(interval))?.outcome
                    delay = Self.nextDelay(after: outcome, current: delay, interval: interval)
                    if outcome == .failed { logger.warning("Next scheduled refresh in \(delay)") }
                }
            })
        }
        if syncInterval > 0 {
            let currentRates = currentRates, interval = syncInterval, logger = application.logger
            started.append(Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(interval))
                    if Task.isCancelled { break }
                    do { try await currentRates.syncWithStore() } catch {
                        logger.warning("Could not check for newer rates: \(String(reflecting: error))")
                    }
                }
            })
        }
        tasks.withLockedValue { $0 = started }
    }

    func shutdownAsync(_ application: Application) async {
        tasks.withLockedValue { $0 }.forEach { $0.cancel() }
    }

    /// After a failure the wait doubles (up to a day) so a broken upstream is not hammered;
    /// any success returns to the configured interval.
    static func nextDelay(after outcome: RefreshAttempt.Outcome?, current: Duration, interval: Int) -> Duration {
        guard outcome == .failed else { return .seconds(interval) }
        return min(current * 2, .seconds(max(interval, 86_400)))
    }
}
