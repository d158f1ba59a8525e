import Core
import Foundation
import Logging
import Persistence
import RateSources

/// Stores the bundled history's days that are not stored yet, in the background after start:
/// the first start has stored only the newest day (the app converts at once), and this adds the
/// rest in one transaction under the refresh lock, so instances starting together load it once.
/// Every start runs it, so an interrupted load is finished and an upgrade's newer archive adds
/// its new days; days already stored (bundled or fetched from the ECB) are left alone.
struct BundledHistoryLoader: Sendable {
    let bundled: BundledRates
    let store: FluentRateRefreshStore
    /// Told how far the load has come, for the admin page and refreshes that find it running.
    let progress: BundledHistoryProgress
    let now: @Sendable () -> Date
    /// Days stored per round trip: the progress moves each time.
    var daysPerBatch = FluentRateSnapshotStore.daysPerBatch
    /// Awaited after each batch, inside the transaction; tests hold the load there.
    var afterBatch: @Sendable () async -> Void = {}
    /// Awaited once the days are stored, before answers stop waiting for them: the app reads
    /// them into memory and blends them here, so that the first chart is as fast as the next.
    var afterStoring: @Sendable () async -> Void = {}

    /// The longest the load may hold its transaction; it takes a few seconds.
    static let timeout: Duration = .seconds(300)
    /// While another instance holds the refresh lock: how long to wait before asking again, and how often.
    static let retryDelay: Duration = .seconds(10)
    static let retries = 30

    enum Outcome: Equatable {
        case stored(days: Int)
        case complete
        /// Another instance kept the lock for every try.
        case busy
    }

    /// Before the server listens: which of the archive's days are not stored yet (from its first
    /// and last rows and the stored dates, in milliseconds), so that answers needing them wait
    /// for ``storeMissingDays(logger:)`` from the first request on.
    func expectMissingDays() async throws {
        let span = try bundled.span()
        let stored = try await store.storedDates(sources: Self.sources).filter { span.oldest <= $0 && $0 <= span.newest }
        let oldest = stored.min() ?? span.newest.adding(days: 1)
        guard oldest > span.oldest else { return }
        progress.expect(.init(through: oldest.adding(days: -1), stored: stored.count, total: span.days))
    }

    /// Whether every day of the archive is stored: as many stored days of its span (its own or
    /// the ECB's fetched ones, which are the same days) as it has, read from its first and last
    /// rows and the stored dates.
    func isStored() async throws -> Bool {
        let span = try bundled.span()
        let stored = try await store.storedDates(sources: Self.sources)
        return stored.count(where: { span.oldest <= $0 && $0 <= span.newest }) >= span.days
    }

    /// The sources whose days are the archive's: its own, and the ECB's fetched ones.
    static let sources = [RateSource.bundledECB.id, RateSource.ecb.id]

    /// Stores the missing days; logs what it did, and any failure (the next start tries again).
    @discardableResult
    func storeMissingDays(logger: Logger) async -> Outcome? {
        let started = ContinuousClock.now
        progress.set(.reading)
        defer { progress.set(nil) }
        do {
            // Every start asks; after the first, the stored dates say so without reading 27 years.
            // (Stored by another instance while answers here waited for them: read them first.)
            if try await isStored() {
                if progress.pending != nil { await afterStoring() }
                return .complete
            }
            let bundled = bundled
            let days = try await offThePool { try bundled.days() }
            for _ in 0..<Self.retries {
                if let outcome = try await storeMissing(days) {
                    await afterStoring()
                    if case .stored(let count) = outcome, let first = days.first, let last = days.last {
                        let elapsed = (ContinuousClock.now - started).components
                        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                        logger.notice(
                            "Stored \(count) days of the bundled ECB history (\(first.effectiveDate) to \(last.effectiveDate)) in \(String(format: "%.1f", seconds)) s."
                        )
                    }
                    return outcome
                }
                progress.set(.waiting)
                try await Task.sleep(for: Self.retryDelay)
            }
            logger.warning("The bundled ECB history was not stored: the rates lock stayed taken; the next start tries again.")
            return .busy
        } catch is CancellationError {
            return nil
        } catch {
            logger.warning("Could not store the bundled ECB history; the next start tries again: \(String(reflecting: error))")
            return nil
        }
    }

    /// `nil` when another instance holds the lock.
    func storeMissing(_ days: [FetchedRates]) async throws -> Outcome? {
        let storedAt = now()
        let progress = progress, daysPerBatch = daysPerBatch, afterBatch = afterBatch
        return try await store.withRefreshLock(timeout: Self.timeout) { transaction in
            progress.set(.storing(stored: 0, total: days.count))
            let stored = try await transaction.storedDates(sources: Self.sources)
            let missing = days.filter { !stored.contains($0.effectiveDate) }
            let before = days.count - missing.count
            progress.set(.storing(stored: before, total: days.count))
            guard !missing.isEmpty else { return .complete }
            try await transaction.saveAll(missing.map { $0.snapshot(storedAt: storedAt) }, daysPerBatch: daysPerBatch) { saved in
                progress.set(.storing(stored: before + saved, total: days.count))
                await afterBatch()
            }
            return .stored(days: missing.count)
        }
    }
}
