import Core
import CoreMetrics
import Foundation
import Logging
import NIOConcurrencyHelpers
import Persistence
import RateSources
import ServiceInterfaces

/// Fetches rates from every enabled provider and stores them, following the refresh rules:
/// validate first; store a provider's new days and its log entry in one transaction; store
/// nothing but the log entry on any failure, so the last good rates stay; never store a day
/// twice; one refresh at a time on this instance, and one store at a time across all instances.
/// The providers are fetched side by side (one slow or failing provider never holds up the
/// others) and stored one after another. Used by the admin page, the schedule and `App refresh`.
struct RatesRefresher: RatesRefreshing {
    /// The enabled providers, in the catalogue's order.
    let providers: [KitRatesProvider]
    /// The ECB's feed, enabled or not: its daily rates are `/v1`'s, and an admin imports its histories.
    let reference: KitRatesProvider
    let store: FluentRateRefreshStore
    let snapshots: FluentRateSnapshotStore
    let currentRates: CurrentRates
    /// This instance's load of the bundled history, which holds the rates lock while it stores.
    let historyProgress: BundledHistoryProgress
    let now: @Sendable () -> Date
    let logger: Logger
    /// Enabled providers that are not fetched, and why (a feed whose API key is unset); the
    /// health table lists them with the reason.
    var skipped: [(source: RateSource, reason: Message)] = []
    /// Started, not awaited, once a refresh, a backfill or an import has stored days: the app
    /// reads them into memory and blends them again before a page asks.
    var afterStoring: @Sendable () async -> Void = {}
    /// Whether a refresh of every provider is running on this instance.
    private let running = NIOLockedValueBox(false)

    /// How far back a provider's missing days are fetched after an outage (a publisher with
    /// ranges; one without is asked a document per day, for at most ``maxDaysOneByOne``).
    static let maxGap = 366
    static let maxDaysOneByOne = 31
    /// How long a provider's fetched days wait for the rates lock (another instance storing, or
    /// the bundled history's load) before the attempt gives up as busy.
    static let lockPatience: Duration = .seconds(5)

    /// Refreshes every enabled provider; one attempt each, in the providers' order. `actor` is
    /// the admin's email, `command line`, or `nil` for the schedule. Never throws.
    func refresh(actor: String?) async -> [RefreshAttempt] {
        await refresh(refreshed, actor: actor)
    }

    /// The enabled providers a refresh asks for new days: all but the historical ones, which
    /// publish no more (their days are backfilled).
    var refreshed: [KitRatesProvider] { providers.filter { $0.source.cadence != .historical && $0.uploaded == nil } }

    /// Refreshes `chosen` (some of the enabled providers). While another refresh runs on this
    /// instance, each is logged as busy without being fetched.
    func refresh(_ chosen: [KitRatesProvider], actor: String?) async -> [RefreshAttempt] {
        let started = now()
        guard
            running.withLockedValue({ running in
                defer { running = true }
                return !running
            })
        else {
            let reason = Message("A refresh is already running; try again in a moment.")
            var busy: [RefreshAttempt] = []
            for provider in chosen { busy.append(await log(attempt(.refresh, provider.source, actor, started, .busy, reason))) }
            return busy
        }
        defer { running.withLockedValue { $0 = false } }
        // This instance's load of the bundled history holds the rates lock for a while: say so
        // rather than fetch what could not be stored.
        if case .storing = historyProgress.current {
            var busy: [RefreshAttempt] = []
            for provider in chosen { busy.append(await log(attempt(.refresh, provider.source, actor, started, .busy, busyReason()))) }
            return busy
        }
        let newestDays = (try? await snapshots.newestDays()) ?? [:]
        let today = CalendarDate(containing: started)
        // Fetched side by side, each exchange within RATES_TIMEOUT; stored one after another below.
        let fetched = await withTaskGroup(of: (Int, Result<[FetchedRates], RatesProviderError>).self) { group in
            for (index, provider) in chosen.enumerated() {
                let newest = provider.source.family.compactMap { newestDays[$0] }.max()
                group.addTask { (index, await Self.fetch(provider, newest: newest, today: today)) }
            }
            var results = [Result<[FetchedRates], RatesProviderError>?](repeating: nil, count: chosen.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
        var attempts: [RefreshAttempt] = []
        for (provider, result) in zip(chosen, fetched) {
            attempts.append(await store(result, from: provider, kind: .refresh, actor: actor, started: started, today: today))
        }
        warmUpIfStored(attempts)
        return attempts
    }

    /// ``afterStoring``, in the background, when any of `attempts` stored days.
    private func warmUpIfStored(_ attempts: [RefreshAttempt]) {
        guard attempts.contains(where: { $0.outcome == .stored }) else { return }
        let afterStoring = afterStoring
        Task { await afterStoring() }
    }

    /// The enabled provider `source`'s days of `days` (an admin's backfill); `nil` when it is
    /// not an enabled provider whose days can be fetched over a range.
    func backfill(_ source: RateSourceID, days: ClosedRange<CalendarDate>, actor: String?) async -> RefreshAttempt? {
        guard let provider = providers.first(where: { $0.source.id == source }), provider.keepsDays else { return nil }
        return await backfill(provider, days: days, actor: actor)
    }

    /// The enabled providers whose days can be fetched over a range.
    var backfillable: [RateSource] { providers.filter { $0.keepsDays && $0.uploaded == nil }.map(\.source) }

    var uploadable: [UploadableFile] {
        var files: [UploadableFile] = []
        for provider in providers {
            guard let document = provider.uploaded, !files.contains(where: { $0.name == document.name }) else { continue }
            let sources = providers.filter { $0.uploaded?.name == document.name }.map(\.source)
            files.append(UploadableFile(name: document.name, sources: sources, maxBytes: document.maxBytes))
        }
        return files
    }

    /// Reads the uploaded file at `file` once (off the event loops: a Kursliste is tens of
    /// megabytes) and stores each of its enabled providers' new days, one attempt each.
    func importUpload(named name: String, file: URL, actor: String?) async -> [RefreshAttempt]? {
        let chosen = providers.filter { $0.uploaded?.name == name }
        guard let document = chosen.first?.uploaded else { return nil }
        let started = now()
        let read = await Task.detached { Result { () throws(RatesProviderError) in try document.read(file) } }.value
        var attempts: [RefreshAttempt] = []
        for provider in chosen {
            let days = read.map { $0.filter { $0.source == provider.source.id } }
            attempts.append(
                await store(days, from: provider, kind: .upload, actor: actor, started: started, today: CalendarDate(containing: started)))
        }
        warmUpIfStored(attempts)
        return attempts
    }

    func health() async throws -> [ProviderHealth] {
        let newest = try await snapshots.newestDays()
        let refused = try await store.refusedDays(since: now().addingTimeInterval(-Double(ProviderHealth.refusalWindow) * 86_400))
        let attempts = try await store.newestAttempts(of: providers.map(\.source.id))
        return providers.map(\.source).map { source in
            ProviderHealth(source: source, newestDays: newest, attempts: attempts[source.id], refusedDays: refused[source.id] ?? 0)
        }
            + skipped.map { ProviderHealth(source: $0.source, newestDays: newest, attempts: nil, refusedDays: 0, skipped: $0.reason) }
    }

    func fetchesDayByDay(_ source: RateSourceID) -> Bool {
        providers.first { $0.source.id == source }?.fetchesDayByDay ?? false
    }

    /// Fetches `provider`'s days of `days` (an admin's backfill) and stores those not stored yet.
    func backfill(_ provider: KitRatesProvider, days: ClosedRange<CalendarDate>, actor: String?) async -> RefreshAttempt {
        let started = now()
        let today = CalendarDate(containing: started)
        let result: Result<[FetchedRates], RatesProviderError>
        do {
            result = .success(try await provider.fetchDays(days, today: today))
        } catch {
            result = .failure(error)
        }
        let attempt = await store(result, from: provider, kind: .backfill, actor: actor, started: started, today: today)
        warmUpIfStored([attempt])
        return attempt
    }

    /// The schedule's refresh: the providers whose newest publication is due and not stored,
    /// unless an instance tried them within the last interval (several instances on one database
    /// do not each fetch every interval). When the ECB is not an enabled provider, its daily
    /// rates are fetched on every round too (one small document), so that `/v1/latest` stays
    /// current. `nil` when nothing was due.
    func refreshIfDue(every interval: TimeInterval) async -> [RefreshAttempt]? {
        let at = now()
        let recent = (try? await store.recentAttempts(limit: 100)) ?? []
        let newestDays = (try? await snapshots.newestDays()) ?? [:]
        let due = refreshed.filter { provider in
            let triedLately = recent.contains {
                $0.source == provider.source.id && $0.kind == .refresh && $0.outcome != .busy
                    && at.timeIntervalSince($0.startedAt) < interval * 0.9
            }
            guard !triedLately else { return false }
            let newest = provider.source.family.compactMap { newestDays[$0] }.max()
            return newest.map { $0 < PublicationSchedule.latestDue(of: provider.source, at: at) } ?? true
        }
        var attempts = due.isEmpty ? [] : await refresh(due, actor: nil)
        let referenceTriedLately = recent.contains {
            $0.source == RateSource.ecb.id && $0.kind == .refresh && $0.outcome != .busy
                && at.timeIntervalSince($0.startedAt) < interval * 0.9
        }
        if !providers.contains(where: { $0.source == .ecb }), !referenceTriedLately { attempts.append(await refreshReferenceRates()) }
        return attempts.isEmpty ? nil : attempts
    }

    /// Fetches the ECB's daily reference rates and stores them unless that day's are stored
    /// already, fetched or bundled. They join the ECB's days that `/v1` serves.
    func refreshReferenceRates() async -> RefreshAttempt {
        await refresh([reference], actor: nil).first!
    }

    /// The newest entries of the attempt log, newest first.
    func recentAttempts(limit: Int) async throws -> [RefreshAttempt] {
        try await store.recentAttempts(limit: limit)
    }

    /// Imports the ECB's 90-day history, one snapshot per day, skipping days already stored.
    func importHistory(actor: String?) async -> RefreshAttempt {
        let history = reference
        let started = now()
        return await run(kind: .importHistory, source: history.source, actor: actor, started: started) { transaction in
            let days = try await history.fetchDocument(named: "history")
            let today = CalendarDate(containing: started)
            for day in days { try RatesValidator.validate(day, today: today) }
            let stored = try await transaction.storedDates(sources: RateSource.ecb.family)
            let new = days.filter { !stored.contains($0.effectiveDate) }.sorted { $0.effectiveDate < $1.effectiveDate }
            guard let first = new.first, let last = new.last else {
                return (
                    .unchanged,
                    Message(
                        "All {count} days of the {source} history are already stored.",
                        ["count": .number(String(days.count)), "source": .message(history.source.displayName)])
                )
            }
            for day in new { _ = try await transaction.save(day.snapshot(storedAt: now())) }
            let arguments = Self.imported(
                new.count, first.effectiveDate, last.effectiveDate, skipped: days.count - new.count, from: history)
            return (
                .stored,
                arguments["skipped"] == nil
                    ? Message("Imported {count} days of {source} history ({first} to {last}).", arguments)
                    : Message("Imported {count} days of {source} history ({first} to {last}); {skipped} already stored.", arguments)
            )
        }
    }

    /// Imports the ECB's complete history since 1999 (the ECB's `eurofxref-hist.zip`), storing
    /// the days not stored yet, fetched or bundled, in one transaction.
    func importFullHistory(actor: String?) async -> RefreshAttempt {
        let history = reference
        let started = now()
        return await run(
            kind: .importFullHistory, source: history.source, actor: actor, started: started, timeout: BundledHistoryLoader.timeout
        ) { transaction in
            let days = try await history.fetchDocument(named: "full-history")
            let today = CalendarDate(containing: started)
            for day in days { try RatesValidator.validate(day, today: today) }
            let stored = try await transaction.storedDates(sources: RateSource.ecb.family)
            let new = days.filter { !stored.contains($0.effectiveDate) }
            guard let first = new.first, let last = new.last else {
                return (
                    .unchanged,
                    Message(
                        "All {count} days of the {source}'s full history are already stored.",
                        ["count": .number(String(days.count)), "source": .message(history.source.displayName)])
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
                        "Imported {count} days of the {source}'s full history ({first} to {last}); {skipped} already stored.", arguments)
            )
        }
    }

    // MARK: Fetching

    /// The days a refresh fetches from `provider`: its newest ones, or, after an outage (its
    /// newest stored day older than the feed's usual reach), every day since its newest stored one.
    private static func fetch(
        _ provider: KitRatesProvider, newest: CalendarDate?, today: CalendarDate
    ) async -> Result<[FetchedRates], RatesProviderError> {
        do {
            guard provider.keepsDays else { return .success([try await provider.fetchLatest(today: today)]) }
            let last = today.adding(days: provider.source.datesAhead ? 1 : 0)
            let reach = (provider.source.cadence ?? .daily).reach
            guard let newest, newest < today.adding(days: -reach) else { return .success(try await provider.fetchRecentDays(today: today)) }
            let oldest = today.adding(days: -(provider.fetchesDayByDay ? maxDaysOneByOne : maxGap))
            return .success(try await provider.fetchDays(max(newest.adding(days: 1), oldest)...last, today: today))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Storing

    /// Stores what was fetched from `provider` under the rates lock (waiting up to
    /// ``lockPatience`` for it) and logs the attempt.
    private func store(
        _ result: Result<[FetchedRates], RatesProviderError>, from provider: KitRatesProvider, kind: RefreshAttempt.Kind,
        actor: String?, started: Date, today: CalendarDate
    ) async -> RefreshAttempt {
        let source = provider.source
        let now = now
        let days: [FetchedRates]
        switch result {
        case .success(let fetched): days = fetched
        case .failure(let error): return await failed(kind, source, actor, started, error.message, category: error.category)
        }
        // A publisher that dates its rates the day they take effect may be a day ahead. Every day
        // is checked, so the health table can say how many broke a rule; none is stored if one did.
        let latestAllowed = today.adding(days: source.datesAhead ? 1 : 0)
        var refused: [RatesProviderError] = []
        for day in days {
            do throws(RatesProviderError) {
                try RatesValidator.validate(day, today: latestAllowed, minimum: provider.minimumCurrencies)
            } catch {
                refused.append(error)
            }
        }
        if let first = refused.first {
            return await failed(kind, source, actor, started, first.message, category: first.category, refusedDays: refused.count)
        }
        guard !days.isEmpty else {
            return await log(
                attempt(
                    kind, source, actor, started, .unchanged,
                    Message("{source} published no rates for those days; nothing stored.", ["source": .message(source.displayName)])))
        }
        let deadline = ContinuousClock.now + Self.lockPatience
        while true {
            do {
                let isDaily = provider.keepsDays
                let stored = try await store.withRefreshLock { transaction -> (RefreshAttempt, [RateSnapshot]) in
                    let (outcome, message, snapshots) =
                        isDaily
                        ? try await Self.newDays(days, of: source, in: transaction, storedAt: now)
                        : try await Self.newSnapshot(days[days.count - 1], of: source, in: transaction, storedAt: now)
                    var saved: [RateSnapshot] = []
                    if snapshots.count > 1 {
                        try await transaction.saveAll(snapshots)
                    } else if let only = snapshots.first {
                        saved.append(try await transaction.save(only))
                    }
                    let entry = attempt(kind, source, actor, started, outcome, message)
                    try await transaction.record(entry)
                    return (entry, saved)
                }
                guard let (entry, saved) = stored else {
                    guard ContinuousClock.now < deadline else {
                        return await log(attempt(kind, source, actor, started, .busy, busyReason()))
                    }
                    try await Task.sleep(for: .milliseconds(250))
                    continue
                }
                if entry.outcome == .stored {
                    if saved.isEmpty { try await currentRates.reload() } else { saved.forEach(currentRates.adopt) }
                }
                count(entry)
                logger.notice("\(kind.rawValue) of \(source.id) by \(actor ?? "schedule"): \(entry.message)")
                return entry
            } catch let error as DatabaseUnavailable {
                return await failed(
                    kind, source, actor, started, Message("nothing could be stored ({detail})", ["detail": .text(error.logDescription)]))
            } catch is CancellationError {
                return await failed(kind, source, actor, started, Message("stopped before it was stored"))
            } catch {
                return await failed(
                    kind, source, actor, started, Message("storing failed ({detail})", ["detail": .text(String(reflecting: error))]))
            }
        }
    }

    /// A daily provider's fetched days that are not stored yet.
    private static func newDays(
        _ days: [FetchedRates], of source: RateSource, in transaction: FluentRateRefreshStore.Transaction, storedAt: @Sendable () -> Date
    ) async throws -> (RefreshAttempt.Outcome, Message, [RateSnapshot]) {
        let known = try await transaction.storedDates(sources: source.family)
        let new = days.filter { !known.contains($0.effectiveDate) }
        return (new.isEmpty ? .unchanged : .stored, stored(new, of: days, from: source), new.map { $0.snapshot(storedAt: storedAt()) })
    }

    /// A feed of one current snapshot (ExchangeRate-API): stored unless it is the one stored
    /// already; said when it is older than the source's newest.
    private static func newSnapshot(
        _ fetched: FetchedRates, of source: RateSource, in transaction: FluentRateRefreshStore.Transaction, storedAt: @Sendable () -> Date
    ) async throws -> (RefreshAttempt.Outcome, Message, [RateSnapshot]) {
        let snapshot = fetched.snapshot(storedAt: storedAt())
        let current = try await transaction.latest(of: source.family)
        if let current, current.source == snapshot.source, current.effectiveDate == snapshot.effectiveDate, current.rates == snapshot.rates
        {
            return (.unchanged, stored([], of: [fetched], from: source), [])
        }
        var arguments: [String: Message.Argument] = [
            "count": .number(String(fetched.rates.count)), "source": .message(source.displayName),
            "day": .text(snapshot.effectiveDate.description),
        ]
        guard let current, current.effectiveDate > snapshot.effectiveDate else {
            return (.stored, Message("Stored {count} rates from {source}, effective {day}.", arguments), [snapshot])
        }
        arguments["current"] = .text(current.effectiveDate.description)
        return (
            .stored,
            Message(
                "Stored {count} rates from {source}, effective {day}. They are older than the current rates of {current}, which stay current.",
                arguments),
            [snapshot]
        )
    }

    /// What a refresh stored: one day's rates, a run of days, or nothing new.
    private static func stored(_ new: [FetchedRates], of fetched: [FetchedRates], from source: RateSource) -> Message {
        guard let first = new.first, let last = new.last else {
            let newest = fetched.map(\.effectiveDate).max()!
            return Message(
                "{source} still publishes the rates of {day}; nothing stored.",
                ["source": .message(source.displayName), "day": .text(newest.description)])
        }
        guard new.count > 1 else {
            return Message(
                "Stored {count} rates from {source}, effective {day}.",
                [
                    "count": .number(String(first.rates.count)), "source": .message(source.displayName),
                    "day": .text(first.effectiveDate.description),
                ])
        }
        return Message(
            "Stored {count} days of rates from {source} ({first} to {last}).",
            [
                "count": .number(String(new.count)), "source": .message(source.displayName),
                "first": .text(first.effectiveDate.description),
                "last": .text(last.effectiveDate.description),
            ])
    }

    private func failed(
        _ kind: RefreshAttempt.Kind, _ source: RateSource, _ actor: String?, _ started: Date, _ reason: Message,
        category: String = "storing", refusedDays: Int = 0
    ) async -> RefreshAttempt {
        Counter(label: "rates_provider_failures_total", dimensions: [("provider", source.id.rawValue), ("reason", category)]).increment()
        if refusedDays > 0 {
            Counter(label: "rates_provider_refused_days_total", dimensions: [("provider", source.id.rawValue)]).increment(by: refusedDays)
        }
        var entry = attempt(
            kind, source, actor, started, .failed,
            Message(
                "{source}: {reason}. The current rates stay in place.",
                ["source": .message(source.displayName), "reason": .message(reason)]))
        entry.refusedDays = refusedDays
        logger.warning("\(kind.rawValue) of \(source.id) by \(actor ?? "schedule") failed: \(entry.message)")
        return await log(entry)
    }

    private func attempt(
        _ kind: RefreshAttempt.Kind, _ source: RateSource, _ actor: String?, _ started: Date, _ outcome: RefreshAttempt.Outcome,
        _ message: Message
    ) -> RefreshAttempt {
        RefreshAttempt(
            kind: kind, source: source.id, startedAt: started, duration: now().timeIntervalSince(started), actor: actor, outcome: outcome,
            message: message)
    }

    /// Records an attempt outside any refresh transaction (failures, busy).
    private func log(_ entry: RefreshAttempt) async -> RefreshAttempt {
        count(entry)
        do { try await store.record(entry) } catch {
            logger.error("Could not log the refresh attempt: \(String(reflecting: error))")
        }
        return entry
    }

    private func count(_ entry: RefreshAttempt) {
        Counter(
            label: "rates_refreshes_total",
            dimensions: [("kind", entry.kind.rawValue), ("outcome", entry.outcome.rawValue), ("source", entry.source.rawValue)]
        ).increment()
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
        _ count: Int, _ first: CalendarDate, _ last: CalendarDate, skipped: Int, from history: KitRatesProvider
    ) -> [String: Message.Argument] {
        var arguments: [String: Message.Argument] = [
            "count": .number(String(count)), "source": .message(history.source.displayName),
            "first": .text(first.description), "last": .text(last.description),
        ]
        if skipped > 0 { arguments["skipped"] = .number(String(skipped)) }
        return arguments
    }

    private typealias Work = @Sendable (FluentRateRefreshStore.Transaction) async throws -> (RefreshAttempt.Outcome, Message)

    /// An ECB import: fetched and stored in one transaction under the rates lock.
    private func run(
        kind: RefreshAttempt.Kind, source: RateSource, actor: String?, started: Date, timeout: Duration? = nil, _ work: @escaping Work
    ) async -> RefreshAttempt {
        do {
            let result = try await store.withRefreshLock(timeout: timeout) { transaction in
                let (outcome, message) = try await work(transaction)
                let entry = attempt(kind, source, actor, started, outcome, message)
                try await transaction.record(entry)
                return entry
            }
            guard let entry = result else { return await log(attempt(kind, source, actor, started, .busy, busyReason())) }
            if entry.outcome == .stored { try await currentRates.reload() }
            warmUpIfStored([entry])
            count(entry)
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
            return await failed(kind, source, actor, started, reason)
        }
    }
}
