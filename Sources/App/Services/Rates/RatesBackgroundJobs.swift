import Core
import NIOConcurrencyHelpers
import Persistence
import Vapor

/// Work that runs beside the server: storing the bundled history's missing days once at
/// start (``BundledHistoryLoader``) and then reading the stored days into memory (`warmUp`), so
/// the first history page does not wait for 27 years to be read; the scheduled refresh (`RATES_REFRESH_INTERVAL`) and
/// picking up snapshots other instances stored (`RATES_SYNC_INTERVAL`). Failures are logged
/// and retried later; they never stop the app.
struct RatesBackgroundJobs: Sendable {
    let refresher: RatesRefresher
    let currentRates: CurrentRates
    let refreshInterval: Int
    let syncInterval: Int
    var historyLoader: BundledHistoryLoader? = nil
    var warmUp: (@Sendable () async -> Void)? = nil
    /// The alerts' deliveries and evaluations.
    var alerts: AlertsWork? = nil
    var alertsInterval: Double = 2
    /// Shared by copies, so that any of them stops the jobs it started.
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])

    /// Starts the jobs that are turned on.
    func start(logger: Logger) {
        var started: [Task<Void, Never>] = []
        if historyLoader != nil || warmUp != nil {
            let historyLoader = historyLoader, warmUp = warmUp
            started.append(
                Task {
                    _ = await historyLoader?.storeMissingDays(logger: logger)
                    await warmUp?()
                })
        }
        if refreshInterval > 0 {
            let refresher = refresher, interval = refreshInterval
            started.append(
                Task {
                    var delay = Duration.seconds(interval)
                    while !Task.isCancelled {
                        try? await Task.sleep(for: delay)
                        if Task.isCancelled { break }
                        let attempts = await refresher.refreshIfDue(every: TimeInterval(interval))
                        // Every provider failing (no network at all) backs off; one failing does not.
                        let outcome: RefreshAttempt.Outcome? =
                            attempts.map { $0.allSatisfy { $0.outcome == .failed } ? .failed : .stored }
                        delay = Self.nextDelay(after: outcome, current: delay, interval: interval)
                        if outcome == .failed { logger.warning("Next scheduled refresh in \(delay)") }
                    }
                })
        }
        if syncInterval > 0 {
            let currentRates = currentRates, interval = syncInterval
            started.append(
                Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(interval))
                        if Task.isCancelled { break }
                        do { try await currentRates.syncWithStore() } catch {
                            logger.warning("Could not check for newer rates: \(String(reflecting: error))")
                        }
                    }
                })
        }
        if let alerts, alertsInterval > 0 {
            let interval = Duration.milliseconds(Int64(alertsInterval * 1000))
            started.append(Task { await alerts.run(every: interval) })
        }
        tasks.withLockedValue { $0 = started }
    }

    /// Cancels the jobs and waits for them, at most `grace`: none starts again, and a refresh
    /// caught mid-fetch is left to fail on its own (it stores nothing half-done).
    func stop(grace: Duration = .seconds(2)) async {
        let running = tasks.withLockedValue { tasks in
            defer { tasks = [] }
            return tasks
        }
        for task in running { task.cancel() }
        _ = try? await Deadline.run(within: grace) {
            for task in running { await task.value }
        }
    }

    /// After a failure the wait doubles (up to a day) so a broken upstream is not hammered;
    /// any success returns to the configured interval.
    static func nextDelay(after outcome: RefreshAttempt.Outcome?, current: Duration, interval: Int) -> Duration {
        guard outcome == .failed else { return .seconds(interval) }
        return min(current * 2, .seconds(max(interval, 86_400)))
    }
}
