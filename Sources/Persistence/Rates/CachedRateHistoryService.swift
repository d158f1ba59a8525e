import Core
import Foundation
import NIOConcurrencyHelpers
import ServiceInterfaces

/// Rate history from this instance's memory: every stored day's rates (``RateDays``) read in
/// one query and kept in a ``ListenedCache``, so a pair's history costs no round trip. Storing
/// a snapshot forgets them: here once the write has committed, and on every instance through
/// ``ChangeListener`` on PostgreSQL. While the cache cannot be trusted (the listener is down),
/// each pair is read from the database as before.
///
/// The requests that find the cache empty share one read of the days, not one each. Reading 27
/// years of days takes seconds; once this instance has read them, a request that finds them
/// forgotten (a refresh stored a day) waits ``staleAfter`` for the new read and then answers from
/// the days it read before, which miss at most that newest day, rather than waiting it out.
///
/// The ECB's days (``ReferenceRateDays``, for `/v1`) are the ECB provider's selection, which the
/// blend reads and keeps too: one copy of the ECB's 27 years. (Every stored day at once, read
/// only to learn whether they were all the ECB's, was a second copy as wide as every currency
/// any provider quotes: 36 MB more once the central banks' days were stored.)
package struct CachedRateHistoryService: RateHistoryService, ReferenceRateDays {
    let base: any StoredRateDays
    let cache: RateDaysCache
    /// How long a read may take before the days read before answer instead.
    var staleAfter: Duration = .seconds(1)
    let now: @Sendable () -> Date
    /// How many years before this one memory holds of each provider's days, from the first of
    /// January (``RateDays/heldFrom``); `nil`: every stored day. Older days are read when asked
    /// for (docs/OPERATIONS.md, *Memory and start time*).
    var yearsHeld: Int?
    // What follows is shared by copies.
    /// The read in flight of each selection, and the cache ticket it was started at.
    private let loading = NIOLockedValueBox<[RateDays.Selection: (ticket: UInt64, task: Task<RateDays, any Error>)]>([:])
    /// The days last read of each selection, for the moments a new read takes.
    private let previous = NIOLockedValueBox<[RateDays.Selection: RateDays]>([:])
    /// The whole series of the pairs whose every day was asked for lately.
    private let series = PairSeriesCache()

    /// A pair's history from the days held, or from the database when its window reaches before them.
    package func history(
        of selection: RateDays.Selection, from: String, to: String, range: HistoryRange, around date: CalendarDate?
    ) async throws -> PairHistory {
        guard cache.isLive else { return try await base.history(of: selection, from: from, to: to, range: range, around: date) }
        let days = try await days(selection)
        if days.isWhole { return history(of: selection, from: from, to: to, range: range, around: date, in: days) }
        if let held = days.heldHistory(from: from, to: to, range: range, around: date) { return held }
        return try await base.history(of: selection, from: from, to: to, range: range, around: date)
    }

    /// The first day memory holds of `selection` (``yearsHeld``); `nil` when it holds every
    /// day, as it does the ECB's: `/v1` serves them whole, and they are a few megabytes.
    package func horizon(of selection: RateDays.Selection) -> CalendarDate? {
        guard let yearsHeld, selection != .ecb, selection != .all else { return nil }
        return CalendarDate(year: CalendarDate(containing: now()).year - yearsHeld, month: 1, day: 1)
    }

    /// Each selection's newest stored day on or before `date`, read for this request (a past
    /// day before the days held).
    package func days(_ selections: [RateDays.Selection], onOrBefore date: CalendarDate) async throws -> [RateDays] {
        try await base.days(of: selections, onOrBefore: date)
    }

    /// Every stored day of each selection: those held when memory holds them all, the others
    /// read for this request alone (what asks for days before the horizon: a ledger, a range of
    /// some providers' blends, the blend of every day built anew).
    package func wholeDays(_ selections: [RateDays.Selection]) async throws -> [RateDays] {
        var found = try await days(selections)
        let missing = found.indices.filter { !found[$0].isWhole }
        guard !missing.isEmpty else { return found }
        let chosen = missing.map { selections[$0] }
        let read =
            chosen.count == 1 || chosen.contains(where: { if case .provider = $0 { false } else { true } })
            ? try await chosen.asyncMap { try await base.days($0, since: nil) } : try await base.days(of: chosen, since: nil)
        for (index, days) in zip(missing, read) { found[index] = days }
        return found
    }

    package func referenceDays(from start: CalendarDate, through end: CalendarDate) async throws -> RateDays {
        guard cache.isLive else { return try await base.referenceDays(from: start, through: end) }
        return try await days(.ecb).days(from: start, through: end)
    }

    /// The selection's days if this instance holds them now (kept, or the ones read before a
    /// change while the new read runs); `nil` without waiting for a read.
    package func daysInMemory(_ selection: RateDays.Selection) -> RateDays? {
        guard cache.isLive else { return nil }
        return cache.value(RateDaysCache.group, selection.key, now: now()) ?? previous.withLockedValue { $0[selection] }
    }

    /// The selection's days if they are kept and nothing was stored since they were read.
    package func keptDays(_ selection: RateDays.Selection) -> RateDays? {
        guard cache.isLive else { return nil }
        return cache.value(RateDaysCache.group, selection.key, now: now())
    }

    /// The days of every selection named by `keys` (``RateDays/Selection/key``), if all are
    /// kept: one look under one lock for a page that needs every provider's. With the cache's
    /// generation: what is worked out from them holds until it moves.
    package func keptDays(keys: [String]) -> (days: [RateDays], generation: UInt64)? {
        cache.valuesAndGeneration(RateDaysCache.group, keys, now: now()).map { (days: $0.values, generation: $0.generation) }
    }

    /// The selection's days: kept, else read (one read shared by every request that misses);
    /// a request that finds them forgotten after a change gets the days read before if the
    /// read takes longer than ``staleAfter``. Straight from the database while the cache cannot be trusted.
    package func days(_ selection: RateDays.Selection) async throws -> RateDays {
        guard cache.isLive else { return try await base.days(selection) }
        if let days = cache.value(RateDaysCache.group, selection.key, now: now()) { return days }
        let read = sharedReads([selection])[0]
        guard let stale = previous.withLockedValue({ $0[selection] }) else { return try await read.value }
        return await read.value(within: staleAfter) ?? stale
    }

    /// Several providers' days (``RateDays/Selection/provider(_:)``), in their order: those
    /// kept, and the others read together in one pass (shared with every request that misses
    /// them), each as ``days(_:)`` would answer it.
    package func days(_ selections: [RateDays.Selection]) async throws -> [RateDays] {
        guard cache.isLive else { return try await base.days(of: selections) }
        var found = selections.map { cache.value(RateDaysCache.group, $0.key, now: now()) }
        let missing = selections.indices.filter { found[$0] == nil }
        guard !missing.isEmpty else { return found.map { $0! } }
        let reads = sharedReads(missing.map { selections[$0] })
        for (index, read) in zip(missing, reads) {
            if let stale = previous.withLockedValue({ $0[selections[index]] }) {
                found[index] = await read.value(within: staleAfter) ?? stale
            } else {
                found[index] = try await read.value
            }
        }
        return found.map { $0! }
    }

    /// The window of a pair's series kept whole, else a walk over the window's days.
    private func history(
        of selection: RateDays.Selection, from: String, to: String, range: HistoryRange, around date: CalendarDate?, in days: RateDays
    ) -> PairHistory {
        series.history("\(selection.key):\(from)/\(to)", from: from, to: to, range: range, around: date, in: days)
    }

    /// Each selection's read in flight if nothing was stored since it began; the others read
    /// together, in one pass (a single one, which may be any selection, read alone).
    private func sharedReads(_ selections: [RateDays.Selection]) -> [Task<RateDays, any Error>] {
        let cache = cache, base = base, now = now, loading = loading, previous = previous, horizon = horizon(of:)
        return loading.withLockedValue { reads in
            let ticket = cache.ticket()
            let unread = selections.filter { reads[$0]?.ticket != ticket }
            if !unread.isEmpty {
                let batch = Task {
                    // Done, kept or failed, the next request that misses reads again.
                    defer {
                        loading.withLockedValue { reads in
                            for selection in unread where reads[selection]?.ticket == ticket { reads[selection] = nil }
                        }
                    }
                    let days = try await Self.read(unread, from: base, horizon: horizon)
                    for (selection, read) in zip(unread, days) {
                        cache.store(read, group: RateDaysCache.group, item: selection.key, ticket: ticket, now: now())
                        previous.withLockedValue { $0[selection] = read }
                    }
                    return days
                }
                for (index, selection) in unread.enumerated() {
                    reads[selection] = (ticket, Task { try await batch.value[index] })
                }
            }
            return selections.map { reads[$0]!.task }
        }
    }
}

extension CachedRateHistoryService {
    /// `selections`' days from `base`, each from its horizon on: those held from the same one
    /// read together (a single one alone).
    fileprivate static func read(
        _ selections: [RateDays.Selection], from base: any StoredRateDays,
        horizon: @Sendable (RateDays.Selection) -> CalendarDate?
    ) async throws -> [RateDays] {
        var read = [RateDays?](repeating: nil, count: selections.count)
        let groups = Dictionary(grouping: selections.indices) { horizon(selections[$0]) }
        try await withThrowingTaskGroup(of: [(Int, RateDays)].self) { tasks in
            for (horizon, indices) in groups {
                let chosen = indices.map { selections[$0] }
                tasks.addTask {
                    let days =
                        chosen.count == 1
                        ? [try await base.days(chosen[0], since: horizon)] : try await base.days(of: chosen, since: horizon)
                    return Array(zip(indices, days))
                }
            }
            for try await group in tasks { for (index, days) in group { read[index] = days } }
        }
        return read.map { $0! }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// Every stored day's rates, and the ECB's alone, in one group (any stored snapshot makes both stale).
package typealias RateDaysCache = ListenedCache<RateDays>

extension ListenedCache where Value == RateDays {
    package static let group = "rates"
    /// Room for `providers` selections of days (each provider's mid and each side it writes), the
    /// ECB's and every stored day's, all at once: the
    /// blend reads every provider's on each answer, and fewer kept made each `/v2/rates` read
    /// them from the database again (docs/BENCHMARKS.md, *Stored days*). The days are read again after
    /// `maxAge` even if nothing was heard; reading them is one query, but not a small one.
    package convenience init(enabled: Bool, isLive: Bool, providers: Int) {
        self.init(capacity: enabled ? providers + 4 : 0, maxAge: 600, isLive: isLive && enabled)
    }

    /// A snapshot was stored.
    package func snapshotsChanged() { evict(Self.group) }
}
