import Core
import CoreMetrics
import Foundation
import Logging
import Persistence
import RateSources

/// Fetches rates from a provider and stores them, following the refresh rules: validate
/// first; store the snapshot, its rates and the log entry in one transaction; store nothing but
/// the log entry on any failure, so the last good rates stay current; never store the same
/// snapshot twice; one refresh at a time across all instances. Used by the admin page and the
/// schedule alike.
package struct RatesRefresher: Sendable {
    package let provider: any RatesProvider
    package let history: ECBRatesProvider
    package let store: FluentRateRefreshStore
    package let currentRates: CurrentRates
    /// This instance's load of the bundled history, which holds the rates lock while it stores.
    package let historyProgress: BundledHistoryProgress
    package let now: @Sendable () -> Date
    package let logger: Logger

    package init(
        provider: any RatesProvider, history: ECBRatesProvider, store: FluentRateRefreshStore, currentRates: CurrentRates,
        historyProgress: BundledHistoryProgress, now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.provider = provider
        self.history = history
        self.store = store
        self.currentRates = currentRates
        self.historyProgress = historyProgress
        self.now = now
        self.logger = logger
    }

    /// Fetches the configured provider's current rates. `actor` is the admin's email, or `nil`
    /// for the schedule. Never throws: whatever happens is the returned attempt.
    package func refresh(actor: String?) async -> RefreshAttempt {
        let provider = provider
        let started = now()
        return await run(kind: .refresh, source: provider.source, actor: actor, started: started) { transaction in
            let fetched = try await provider.fetchLatest()
            try RatesValidator.validate(fetched, today: CalendarDate(containing: started))
            let snapshot = fetched.snapshot(storedAt: now())
            let current = try await transaction.latest()
            if let current, current.source == snapshot.source, current.effectiveDate == snapshot.effectiveDate,
                current.rates == snapshot.rates
            {
                return (
                    .unchanged,
                    Message(
                        "{source} still publishes the rates of {day}; nothing stored.",
                        ["source": .message(provider.source.displayName), "day": .text(snapshot.effectiveDate.description)]),
                    nil
                )
            }
            let stored = try await transaction.save(snapshot)
            var arguments: [String: Message.Argument] = [
                "count": .number(String(fetched.rates.count)), "source": .message(provider.source.displayName),
                "day": .text(snapshot.effectiveDate.description),
            ]
            guard let current, current.effectiveDate > snapshot.effectiveDate else {
                return (.stored, Message("Stored {count} rates from {source}, effective {day}.", arguments), stored)
            }
            arguments["current"] = .text(current.effectiveDate.description)
            return (
                .stored,
                Message(
                    "Stored {count} rates from {source}, effective {day}. They are older than the current rates of {current}, which stay current.",
                    arguments),
                stored
            )
        }
    }

    /// The schedule's refresh: skipped (`nil`) when any instance refreshed within the last
    /// interval, so several instances on one database do not each fetch every interval. With a
    /// provider other than the ECB, the ECB's daily rates are fetched too
    /// (``refreshReferenceRates()``), so that `/v1/latest` stays current.
    package func refreshIfDue(every interval: TimeInterval) async -> RefreshAttempt? {
        if let last = try? await store.recentAttempts(limit: 5).first(where: {
            $0.kind == .refresh && $0.outcome != .busy && $0.source == provider.source.id
        }),
            now().timeIntervalSince(last.startedAt) < interval * 0.9
        {
            return nil
        }
        let attempt = await refresh(actor: nil)
        if !provider.source.family.contains(RateSource.ecb.id) { _ = await refreshReferenceRates() }
        return attempt
    }

    /// Fetches the ECB's daily reference rates and stores them unless that day's are stored
    /// already, fetched or bundled. They join the ECB's days that `/v1` serves; they do not
    /// replace another provider's current rates (``FluentRateSnapshotStore/currentSources``).
    package func refreshReferenceRates() async -> RefreshAttempt {
        let ecb = history
        let started = now()
        return await run(kind: .refresh, source: ecb.source, actor: nil, started: started) { transaction in
            let fetched = try await ecb.fetchLatest()
            try RatesValidator.validate(fetched, today: CalendarDate(containing: started))
            let snapshot = fetched.snapshot(storedAt: now())
            if try await transaction.storedDates(sources: RateSource.ecb.family).contains(snapshot.effectiveDate) {
                return (
                    .unchanged,
                    Message(
                        "The ECB's reference rates of {day} are stored already; nothing stored.",
                        ["day": .text(snapshot.effectiveDate.description)]),
                    nil
                )
            }
            let stored = try await transaction.save(snapshot)
            return (
                .stored,
                Message(
                    "Stored {count} ECB reference rates, effective {day}, for the /v1 API.",
                    ["count": .number(String(fetched.rates.count)), "day": .text(snapshot.effectiveDate.description)]),
                stored
            )
        }
    }

    /// The newest entries of the attempt log, newest first.
    package func recentAttempts(limit: Int) async throws -> [RefreshAttempt] {
        try await store.recentAttempts(limit: limit)
    }

    /// Imports the ECB's 90-day history, one snapshot per day, skipping days already stored.
    package func importHistory(actor: String?) async -> RefreshAttempt {
        let history = history
        let started = now()
        return await run(kind: .importHistory, source: history.source, actor: actor, started: started) { transaction in
            let days = try await history.fetchHistory()
            let today = CalendarDate(containing: started)
            for day in days { try RatesValidator.validate(day, today: today) }
            let stored = try await transaction.storedDates(sources: [history.source.id, RateSource.bundledECB.id])
            let new = days.filter { !stored.contains($0.effectiveDate) }.sorted { $0.effectiveDate < $1.effectiveDate }
            guard let first = new.first, let last = new.last else {
                return (
                    .unchanged,
                    Message(
                        "All {count} days of the {source} history are already stored.",
                        ["count": .number(String(days.count)), "source": .message(history.source.displayName)]),
                    nil
                )
            }
            for day in new { _ = try await transaction.save(day.snapshot(storedAt: now())) }
            let arguments = Self.imported(
                new.count, first.effectiveDate, last.effectiveDate, skipped: days.count - new.count, from: history)
            return (
                .stored,
                arguments["skipped"] == nil
                    ? Message("Imported {count} days of {source} history ({first} to {last}).", arguments)
                    : Message("Imported {count} days of {source} history ({first} to {last}); {skipped} already stored.", arguments),
                nil
            )
        }
    }

    /// Imports the ECB's complete history since 1999 (the ECB's `eurofxref-hist.zip`), storing
    /// the days not stored yet, fetched or bundled, in one transaction.
    package func importFullHistory(actor: String?) async -> RefreshAttempt {
        let history = history
        let started = now()
        return await run(
            kind: .importFullHistory, source: history.source, actor: actor, started: started, timeout: BundledHistoryLoader.timeout
        ) { transaction in
            let days = try await history.fetchFullHistory()
            let today = CalendarDate(containing: started)
            for day in days { try RatesValidator.validate(day, today: today) }
            let stored = try await transaction.storedDates(sources: [history.source.id, RateSource.bundledECB.id])
            let new = days.filter { !stored.contains($0.effectiveDate) }
            guard let first = new.first, let last = new.last else {
                return (
                    .unchanged,
                    Message(
                        "All {count} days of the {source}'s full history are already stored.",
                        ["count": .number(String(days.count)), "source": .message(history.source.displayName)]),
                    nil
                )
            }
            let storedAt = now()
            try await transaction.saveAll(new.map { $0.snapshot(storedAt: storedAt) })
            let arguments = Self.imported(
                new.count, first.effectiveDate, last.effectiveDate, skipped: days.count - new.count, from: history)
            return (
                .stored,
                arguments["skipped"] == nil
                    ? Message("Imported {count} days of the {source}'s full history ({first} to {last}).", arguments)
                    : Message(
                        "Imported {count} days of the {source}'s full history ({first} to {last}); {skipped} already stored.", arguments),
                nil
            )
        }
    }

    /// Why the rates lock is taken: this instance's load of the bundled history, and how far it
    /// has come, or else another refresh (here or on another instance).
    private func busyReason() -> Message {
        guard case .storing(let stored, let total) = historyProgress.current else {
            return Message("A refresh is already running; try again in a moment.")
        }
        return Message(
            "The bundled history is still being stored ({stored} of {total} days); try again in a few seconds.",
            ["stored": .number(String(stored)), "total": .number(String(total))])
    }

    /// An import's numbers and days; `skipped` only when some days were stored already.
    private static func imported(
        _ count: Int, _ first: CalendarDate, _ last: CalendarDate, skipped: Int, from history: ECBRatesProvider
    ) -> [String: Message.Argument] {
        var arguments: [String: Message.Argument] = [
            "count": .number(String(count)), "source": .message(history.source.displayName),
            "first": .text(first.description), "last": .text(last.description),
        ]
        if skipped > 0 { arguments["skipped"] = .number(String(skipped)) }
        return arguments
    }

    private typealias Work = @Sendable (FluentRateRefreshStore.Transaction) async throws -> (RefreshAttempt.Outcome, Message, RateSnapshot?)

    private func run(
        kind: RefreshAttempt.Kind, source: RateSource, actor: String?, started: Date, timeout: Duration? = nil,
        _ work: @escaping Work
    ) async -> RefreshAttempt {
        let attempt = await attempt(kind: kind, source: source, actor: actor, started: started, timeout: timeout, work)
        Counter(label: "rates_refreshes_total", dimensions: [("kind", kind.rawValue), ("outcome", attempt.outcome.rawValue)])
            .increment()
        return attempt
    }

    private func attempt(
        kind: RefreshAttempt.Kind, source: RateSource, actor: String?, started: Date, timeout: Duration?,
        _ work: @escaping Work
    ) async -> RefreshAttempt {
        let now = now
        @Sendable func attempt(_ outcome: RefreshAttempt.Outcome, _ message: Message) -> RefreshAttempt {
            RefreshAttempt(
                kind: kind, source: source.id, startedAt: started, duration: now().timeIntervalSince(started),
                actor: actor, outcome: outcome, message: message)
        }
        do {
            let result = try await store.withRefreshLock(timeout: timeout) { transaction in
                let (outcome, message, stored) = try await work(transaction)
                let entry = attempt(outcome, message)
                try await transaction.record(entry)
                return (entry, stored)
            }
            guard let (entry, stored) = result else {
                let busy = attempt(.busy, busyReason())
                try? await store.record(busy)
                return busy
            }
            if kind != .refresh, entry.outcome == .stored {
                try await currentRates.reload()
            } else if let stored {
                currentRates.adopt(stored)
            }
            logger.notice("\(kind.rawValue) by \(actor ?? "schedule"): \(entry.message)")
            return entry
        } catch {
            let reason =
                switch error {
                case let error as RatesProviderError: error.message
                case let error as DatabaseUnavailable:
                    Message("nothing could be stored ({detail})", ["detail": .text(error.logDescription)])
                default: Message("storing failed ({detail})", ["detail": .text(String(reflecting: error))])
                }
            let failed = attempt(
                .failed,
                Message(
                    "{source}: {reason}. The current rates stay in place.",
                    ["source": .message(source.displayName), "reason": .message(reason)]))
            logger.warning("\(kind.rawValue) by \(actor ?? "schedule") failed: \(failed.message)")
            do { try await store.record(failed) } catch {
                logger.error("Could not log the failed refresh: \(String(reflecting: error))")
            }
            return failed
        }
    }
}
