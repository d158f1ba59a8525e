import Core
import Foundation
import NIOConcurrencyHelpers
import Persistence
import ServiceInterfaces

/// A source's stored days seen as pages and APIs ask for them: a provider's own days, or the
/// blend of the official providers' days. A provider's days come from memory
/// (``CachedRateHistoryService``, one read per set of stored days); the blend of every day is
/// computed from them once per set of stored days and kept (``BlendedSeries``), while a day's
/// blend with every provider's quote (a result's details, a past date) is computed when asked.
final class OfficialRates: PastRatesReading, SourceHistoryReading, BlendedRatesReading, OutlierReading {
    private let days: CachedRateHistoryService
    private let store: FluentRateSnapshotStore
    /// Where the blend of every day is kept once built, for a restart and the other instances.
    private let seriesStore: FluentBlendedSeriesStore?
    let blender: RateBlender
    /// Every provider, for a source's facts (its cadence).
    let providers: ProviderCatalog
    /// The providers blended: the enabled official ones, in the catalogue's order.
    let blended: [RateSource]
    /// Their days' names in the cache, named once rather than on every page.
    private let blendedKeys: [String]
    private let staleAfter: Duration
    private let now: @Sendable () -> Date
    /// The blend's series last built, and the cache generation and day at which it was last
    /// found to be the blend of the days kept (set together: a late build's series is never
    /// taken for one matched).
    private let kept = NIOLockedValueBox<(series: BlendedSeries, matched: Matched?)?>(nil)
    /// Today's blend, with the stored days (each provider's version, and all of them as one
    /// key) and the day it was made for.
    private let latest = NIOLockedValueBox<(day: CalendarDate, versions: [String], key: String, blend: BlendedDay)?>(nil)
    private let building = NIOLockedValueBox<(day: CalendarDate, versions: [String], task: Task<BlendedSeries, any Error>)?>(nil)
    /// Past days' blends, by day, providers and the stored days they were made from: a day's
    /// blend is the same for every base and every request until a provider stores a day.
    private let pastBlends = NIOLockedValueBox<[String: BlendedDay]>([:])
    /// The blended providers' days last found all kept, and the cache generation they were found in.
    private let lastHeld = NIOLockedValueBox<(generation: UInt64, providers: [(source: RateSource, days: RateDays)])?>(nil)
    private struct Matched: Equatable {
        let generation: UInt64
        let day: CalendarDate
        init(_ generation: UInt64, _ day: CalendarDate) { (self.generation, self.day) = (generation, day) }
    }
    /// The series last built or read back, and the names of its providers' days before the
    /// first day memory holds (``RateDays/name(before:)``): a series of days whose earlier days
    /// are the same is built anew only from that day on.
    private let keptBefore = NIOLockedValueBox<(version: String, horizon: CalendarDate, names: [String?])?>(nil)
    /// How many series were blended from every stored day, and how many from the days held beside the last one.
    let builds = NIOLockedValueBox<(whole: Int, fromHeld: Int)>((0, 0))
    /// The last providers' days named (``version(of:)``), with their name.
    private let lastVersion = NIOLockedValueBox<(providers: [RateSourceID], versions: [String], name: String)?>(nil)
    /// The last `/v2` answer's days named (``name(of:)``).
    private let lastListingName = NIOLockedValueBox<(providers: [RateSourceID], versions: [String], name: String)?>(nil)
    /// The blend's whole series of the pairs whose every day was asked for lately.
    private let series = PairSeriesCache()
    /// At most this many past days' blends are kept (all dropped when it is full): 32 keep the
    /// days asked for again and again (recent days, month ends) in a few megabytes, and more
    /// bought no speed (docs/BENCHMARKS.md, *Past days of the blend*).
    static let pastBlendsKept = 32

    init(
        days: CachedRateHistoryService, store: FluentRateSnapshotStore, seriesStore: FluentBlendedSeriesStore? = nil,
        blender: RateBlender, providers: ProviderCatalog, blended: [RateSource], staleAfter: Duration = .seconds(1),
        now: @escaping @Sendable () -> Date
    ) {
        self.days = days
        self.store = store
        self.seriesStore = seriesStore
        self.blender = blender
        self.providers = providers
        self.blended = blended
        self.blendedKeys = blended.map { RateDays.Selection.provider($0.id).key }
        self.staleAfter = staleAfter
        self.now = now
    }

    var pegs: [Peg] { blender.pegs }

    /// Today's blend: each provider's newest day on or before today, computed once per day and
    /// set of stored days; with what it was made of.
    func latestBlend() async throws -> (blend: BlendedDay, version: String)? {
        let providers = try await providerDays()
        let today = CalendarDate(containing: now())
        // Compared version by version: the key of ninety providers' versions was written anew
        // for every request.
        if let kept = latest.withLockedValue({ $0 }), kept.day == today, kept.versions.elementsEqual(providers.lazy.map(\.days.version)) {
            return (kept.blend, kept.key)
        }
        let key = "\(today)|" + version(of: providers)
        let snapshots = Self.snapshots(providers, onOrBefore: today.adding(days: 1))
        guard let blend = blender.blend(snapshots, on: today, admittingAhead: true) else { return nil }
        latest.withLockedValue { $0 = (today, providers.map(\.days.version), key, blend) }
        return (blend, key)
    }

    /// One provider's stored days of `side` (blended or not), as memory holds them (from
    /// ``RateDays/heldFrom`` on, when it does not hold them all).
    func providerDays(of source: RateSource, side: RateSide) async throws -> RateDays {
        try await days.days(.provider(source.id, side: side))
    }

    /// ``providerDays(of:side:)`` holding every day from `date` on (every stored day when `nil`):
    /// those in memory when they do, else read for this request.
    func providerDays(of source: RateSource, side: RateSide, from date: CalendarDate?) async throws -> RateDays {
        let held = try await providerDays(of: source, side: side)
        guard let date, held.holds(date) else {
            return held.isWhole ? held : try await days.wholeDays([.provider(source.id, side: side)])[0]
        }
        return held
    }

    /// The blended providers' days holding every day from `date` on (``providerDays(of:side:from:)``).
    func providerDays(from date: CalendarDate?) async throws -> [(source: RateSource, days: RateDays)] {
        let held = try await providerDays()
        if let date, held.allSatisfy({ $0.days.holds(date) }) { return held }
        if held.allSatisfy(\.days.isWhole) { return held }
        return Array(zip(blended, try await days.wholeDays(blended.map { .provider($0.id) })))
    }

    func providerDays(of sources: [RateSource]) async throws -> [RateDays] {
        try await days.days(sources.map { .provider($0.id) })
    }

    /// Each blended provider's stored days, in the blend's order. Those not in memory are read
    /// together, in one pass over the stored rates (docs/BENCHMARKS.md, *History at scale*).
    func providerDays() async throws -> [(source: RateSource, days: RateDays)] {
        try await heldProviderDays().providers
    }

    /// ``providerDays()``, with the cache generation they were kept in when they all were.
    private func heldProviderDays() async throws -> (providers: [(source: RateSource, days: RateDays)], generation: UInt64?) {
        let blended = blended, days = days
        // Every page of the blend asks: while all are kept, no task is started, they are looked
        // up together, and the list of them made once per generation of the cache
        // (docs/BENCHMARKS.md, *Pages of the blend whatever the number of providers*).
        if let kept = days.keptDays(keys: blendedKeys) {
            if let last = lastHeld.withLockedValue({ $0 }), last.generation == kept.generation { return (last.providers, kept.generation) }
            let providers = Array(zip(blended, kept.days))
            lastHeld.withLockedValue { $0 = (kept.generation, providers) }
            return (providers, kept.generation)
        }
        let read = try await days.days(blended.map { .provider($0.id) })
        return (Array(zip(blended, read)), nil)
    }

    /// The blend of `date` (each provider's newest day on or before it) with every quote;
    /// `providers` narrows it to some of them (`/v2`'s `providers`), without pegs, which no
    /// provider publishes. `nil` before any day.
    ///
    /// From the providers' days in memory when this instance holds them; else (before the days
    /// held, or before they are read) each provider's newest day on or before it is read, all
    /// in one query (a past date's conversion never waits for 27 years to be read).
    func blend(on date: CalendarDate, providers: [RateSourceID]? = nil) async throws -> BlendedDay? {
        let chosen = blended.filter { providers?.contains($0.id) ?? true }
        let blender = providers == nil ? blender : blender.withoutPegs
        let held = daysInMemory(of: chosen)
        // A day's blend is kept: blending it for every request held `/v2`'s past dates to a
        // fraction of their speed (docs/BENCHMARKS.md, *Past days of the blend*). The days'
        // version names every stored day, held or not.
        let key = held.map { "\(date)|" + version(of: $0) + (providers == nil ? "|pegs" : "") }
        if let key, let known = pastBlends.withLockedValue({ $0[key] }) { return known }
        let days =
            if let held, held.allSatisfy({ $0.days.holds(date) }) { held } else {
                Array(zip(chosen, try await self.days.days(chosen.map { .provider($0.id) }, onOrBefore: date)))
            }
        let blend = blender.blend(Self.snapshots(days, onOrBefore: date), on: date)
        if let key, let blend {
            pastBlends.withLockedValue { kept in
                if kept.count >= Self.pastBlendsKept { kept.removeAll(keepingCapacity: true) }
                kept[key] = blend
            }
        }
        return blend
    }

    /// Names `providers`' days (which providers, which stored days) in a few bytes, for keys and
    /// validators; the last name made is kept, as every page of the blend asks for the same.
    private func version(of providers: [(source: RateSource, days: RateDays)]) -> String {
        Self.name(of: providers, keptIn: lastVersion)
    }

    /// ``version(of:)`` for an answer of `/v2`: kept apart, as its lists (every provider served,
    /// a few chosen) differ from the blend's.
    func name(of days: [(source: RateSource, days: RateDays)]) -> String {
        Self.name(of: days, keptIn: lastListingName)
    }

    private static func name(
        of providers: [(source: RateSource, days: RateDays)],
        keptIn kept: NIOLockedValueBox<(providers: [RateSourceID], versions: [String], name: String)?>
    ) -> String {
        if let last = kept.withLockedValue({ $0 }), last.providers.elementsEqual(providers.lazy.map(\.source.id)),
            last.versions.elementsEqual(providers.lazy.map(\.days.version))
        {
            return last.name
        }
        let name = BlendVersion.of(providers.lazy.map { "\($0.source.id)=\($0.days.version)" })
        kept.withLockedValue { $0 = (providers.map(\.source.id), providers.map(\.days.version), name) }
        return name
    }

    /// Every one of `sources`' days if this instance holds them all now (those from
    /// ``RateDays/heldFrom`` on, when memory does not hold every day).
    private func daysInMemory(of sources: [RateSource]) -> [(source: RateSource, days: RateDays)]? {
        var held: [(source: RateSource, days: RateDays)] = []
        for source in sources {
            guard let kept = days.daysInMemory(.provider(source.id)) else { return nil }
            held.append((source, kept))
        }
        return held
    }

    /// The blends of `dates` (each one's that some provider published), of `providers` only when
    /// given, computed off the concurrency pool: five years of days take seconds. With
    /// `currencies`, only those are blended (with what rebasing them and their pegs needs):
    /// a few currencies over decades take as long as all of them over a few years.
    func blends(on dates: [CalendarDate], providers: [RateSourceID]?, currencies: Set<String>?) async throws -> [BlendedDay] {
        let chosen = try await providerDays(from: dates.min()).filter { providers?.contains($0.source.id) ?? true }
        let blender = providers == nil ? blender : blender.withoutPegs
        let kept = currencies.map { codes in
            codes.union(["EUR"]).union(chosen.compactMap(\.source.homeCurrency))
                .union(blender.pegs.filter { codes.contains($0.currency) }.map(\.anchor))
        }
        return await offThePool {
            dates.compactMap { date in
                blender.blend(Self.snapshots(chosen, onOrBefore: date, keeping: kept), on: date).flatMap { $0.date == date ? $0 : nil }
            }
        }
    }

    /// Each provider's newest day on or before `date`, as a snapshot (of `keeping`'s currencies only, when given).
    static func snapshots(
        _ providers: [(source: RateSource, days: RateDays)], onOrBefore date: CalendarDate, keeping: Set<String>? = nil
    ) -> [RateSnapshot] {
        providers.compactMap { provider in
            provider.days.day(onOrBefore: date).map {
                snapshot(of: $0, codes: provider.days.codes, source: provider.source, keeping: keeping)
            }
        }
    }

    /// A stored day as the snapshot it was read from (of `keeping`'s currencies only, when given).
    static func snapshot(of day: RateDays.Day, codes: [String], source: RateSource, keeping: Set<String>? = nil) -> RateSnapshot {
        var rates: [String: Decimal] = [:]
        rates.reserveCapacity(keeping?.count ?? codes.count)
        for column in 0..<day.columnCount {
            if let rate = day.rate(column), keeping?.contains(codes[column]) ?? true { rates[codes[column]] = rate }
        }
        let reversed = day.reversed.compactMap { rates[codes[$0]] == nil ? nil : codes[$0] }
        return RateSnapshot(
            id: day.snapshot, source: source.id, baseCurrency: source.homeCurrency ?? "EUR", effectiveDate: day.date,
            storedAt: Date(timeIntervalSince1970: 0), rates: rates, quotation: day.quotation, reversed: Set(reversed))
    }

    // MARK: The blend over time

    /// The blend of every day up to today that any blended provider has, oldest first: the
    /// blend's history (a day dated ahead joins it when it comes). Built once per set of stored
    /// days and day; while a new one is built after a refresh stored a day, a request waits
    /// ``staleAfter`` for it and else gets the one built before.
    func blendedSeries() async throws -> BlendedSeries {
        let (providers, generation) = try await heldProviderDays()
        let today = CalendarDate(containing: now())
        // Every history page of the blend asks: the kept series is matched version by version
        // once per generation of the days' cache and day (a key of ninety providers' versions
        // written for each request cost a tenth of the page).
        let current = kept.withLockedValue { $0 }
        if let generation, let current, current.matched == Matched(generation, today) { return current.series }
        let versions = providers.lazy.map(\.days.version)
        if let series = current?.series, series.isBuilt(on: today, from: versions) {
            if let generation {
                kept.withLockedValue { kept in
                    if kept?.series.version == series.version { kept?.matched = Matched(generation, today) }
                }
            }
            return series
        }
        let task = building.withLockedValue { building -> Task<BlendedSeries, any Error> in
            if let current = building, current.day == today, current.versions.elementsEqual(versions) { return current.task }
            let blender = blender, kept = kept, seriesStore = seriesStore, now = now, days = days, keptBefore = keptBefore
            let builds = builds
            let version = "\(today)|" + version(of: providers), sourceVersions = Array(versions)
            // The first day memory holds, and what each provider stored before it.
            let horizon = providers.lazy.compactMap(\.days.heldFrom).first
            let before = horizon.map { horizon in (horizon, providers.map { $0.days.name(before: horizon) }) }
            let task = Task<BlendedSeries, any Error> {
                // Kept by an earlier start or another instance: read back rather than blended again
                // (a store that fails to answer costs only the blending).
                if let stored = try? await seriesStore?.series(version: version), stored.isBuilt(on: today, from: sourceVersions) {
                    kept.withLockedValue { $0 = (stored, nil) }
                    keptBefore.withLockedValue { $0 = before.map { (version, $0.0, $0.1) } }
                    return stored
                }
                let built: (series: BlendedSeries, archive: [UInt8])
                if let before, !before.1.contains(nil), let previous = kept.withLockedValue({ $0?.series }),
                    let basis = keptBefore.withLockedValue({ $0 }), basis.version == previous.version, basis.horizon == before.0,
                    basis.names == before.1
                {
                    // Nothing stored before the days held since the last series: its days before
                    // them are kept, the days from them on blended anew (a refresh that stores
                    // today's rates blends this year's days, not every one; docs/OPERATIONS.md,
                    // *Memory and start time*).
                    built = await offThePool {
                        BlendedSeries.build(
                            providers, through: today, blender: blender, version: version, sourceVersions: sourceVersions,
                            keeping: previous, before: before.0)
                    }
                    builds.withLockedValue { $0.fromHeld += 1 }
                } else {
                    // Every stored day is blended: those memory does not hold are read for it.
                    let whole =
                        providers.allSatisfy(\.days.isWhole)
                        ? providers
                        : Array(zip(providers.map(\.source), try await days.wholeDays(providers.map { .provider($0.source.id) })))
                    built = await offThePool {
                        BlendedSeries.build(whole, through: today, blender: blender, version: version, sourceVersions: sourceVersions)
                    }
                    builds.withLockedValue { $0.whole += 1 }
                }
                kept.withLockedValue { $0 = (built.series, nil) }
                keptBefore.withLockedValue { $0 = before.map { (version, $0.0, $0.1) } }
                try? await seriesStore?.keep(built.archive, version: version, at: now())
                return built.series
            }
            building = (today, sourceVersions, task)
            return task
        }
        guard let stale = kept.withLockedValue({ $0?.series }) else { return try await task.value }
        return await task.value(within: staleAfter) ?? stale
    }

    var hasBlendedSeries: Bool { kept.withLockedValue { $0 != nil } }

    /// Whether the blend of every day is at hand for the providers' days this instance holds
    /// now: a history page asking gets it without waiting for it to be read or built.
    var isWarm: Bool {
        guard let held = daysInMemory(of: blended), let series = kept.withLockedValue({ $0?.series }) else { return false }
        return series.sourceVersions.elementsEqual(held.lazy.map(\.days.version))
    }

    /// ``isWarm``, and nothing stored since the days were read: nothing is left to read or blend.
    var isCurrent: Bool {
        guard let series = kept.withLockedValue({ $0?.series }) else { return false }
        let held = blended.compactMap { days.keptDays(.provider($0.id)) }
        return held.count == blended.count && series.sourceVersions.elementsEqual(held.lazy.map(\.version))
    }

    /// The quotes the blend screened out on the newest days, newest first, from the blend of
    /// every day this instance holds: the admin's page asks right after a refresh stored, while
    /// the refresher has it built anew in the background, and must not wait for every
    /// provider's days to be read and blended (or read them itself). Built and waited for only
    /// when none is held yet.
    func recentOutliers(limit: Int) async throws -> [Outlier] {
        var series = kept.withLockedValue { $0?.series }
        if series == nil { series = try await blendedSeries() }
        return Array(series!.outliers.lazy.flatMap(\.outliers).prefix(limit))
    }

    // MARK: Pages' questions

    /// The rates of `date` from `source`: a provider's newest day on or before it, or the blend of that day.
    func rates(on date: CalendarDate, from: String, to: String, source: RateSourceID) async throws -> PastRates {
        guard source == RateSourceID.blend else {
            let past = try await store.rates(on: date, from: from, to: to, sources: source.family)
            // A month's or a quarter's rate is not a later period's.
            guard let cadence = self.providers.source(source).cadence, cadence.expires, case .found(let found) = past,
                !cadence.isInForce(found.effectiveDate, on: date)
            else { return past }
            return .outOfForce(
                day: found.effectiveDate, lastDay: cadence.lastDayInForce(of: found.effectiveDate).adding(days: cadence.grace))
        }
        let held = daysInMemory(of: blended)
        guard let day = try await blend(on: date) else {
            let firsts =
                if let held { held.compactMap(\.days.firstDate) } else {
                    try await blended.asyncCompactMap { try await store.firstDay(sources: $0.family) }
                }
            return .beforeFirstDay(firstDay: firsts.min())
        }
        let version = if let held { version(of: held) } else { try await store.storedVersion() }
        let snapshot = RateSnapshot(blend: day, key: version)
        if snapshot.rates[from] != nil && snapshot.rates[to] != nil { return .found(snapshot) }
        let missing = snapshot.rates[from] == nil ? from : to
        let ranges =
            if let held, held.allSatisfy(\.days.isWhole) { held.compactMap { $0.days.quotedDays(of: missing) } } else {
                try await blended.asyncCompactMap { try await store.quotedDays(of: missing, sources: $0.family) }
            }
        let quoted = ranges.isEmpty ? nil : ranges.map(\.lowerBound).min()!...ranges.map(\.upperBound).max()!
        return .notQuoted(code: missing, day: day.date, quoted: quoted)
    }

    /// The pair's days in `range`'s window from `source`: a provider's stored days, or the blend's.
    func history(
        of source: RateSourceID, side: RateSide, from: String, to: String, range: HistoryRange, around date: CalendarDate?
    ) async throws -> PairHistory {
        guard source == RateSourceID.blend else {
            return try await days.history(of: .provider(source, side: side), from: from, to: to, range: range, around: date)
        }
        return series.history("blend:\(from)/\(to)", from: from, to: to, range: range, around: date, in: try await blendedSeries().days)
    }
}

extension BlendedSeries {
    /// Blends each day any provider has (each provider's newest day on or before it counting),
    /// walking the providers' days once per stretch of dates; the stretches are blended on every
    /// core at once (ten years of every publisher's days are millions of quotes; docs/BENCHMARKS.md,
    /// *History at scale*). The days are the same, in the same order, whatever the stretches.
    static func build(
        _ providers: [(source: RateSource, days: RateDays)], through last: CalendarDate, blender: RateBlender, version: String,
        sourceVersions: [String]? = nil, keeping previous: BlendedSeries? = nil, before start: CalendarDate? = nil,
        stretches: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> (series: BlendedSeries, archive: [UInt8]) {
        // The versions of the days as memory holds them, when every day was read for the build.
        let sourceVersions = sourceVersions ?? providers.map(\.days.version)
        let dates = Set(providers.flatMap { $0.days.days.map(\.date) }).filter { $0 <= last && $0 >= (start ?? $0) }.sorted()
        let count = max(1, min(stretches, dates.count / Self.datesPerStretch))
        let blended = Locked([[Blended]](repeating: [], count: count))
        DispatchQueue.concurrentPerform(iterations: count) { stretch in
            let range = dates.count * stretch / count..<dates.count * (stretch + 1) / count
            let days = Self.blend(providers, on: dates[range], blender: blender)
            blended.withLock { $0[stretch] = days }
        }
        var assembler = BlendedSeries.Assembler(version: version)
        if let previous, let start { previous.add(before: start, to: &assembler) }
        for day in blended.withLock({ $0 }).joined() { assembler.add(date: day.date, rates: day.rates, outliers: day.outliers) }
        return assembler.finish(builtOn: last, sourceVersions: sourceVersions)
    }

    /// Its days before `start`, as they are, into `assembler`: the days another series keeps of it.
    private func add(before start: CalendarDate, to assembler: inout Assembler) {
        let codes = days.codes
        let screened = Dictionary(outliers.map { ($0.date, $0.outliers) }, uniquingKeysWith: { first, _ in first })
        for day in days.days where day.date < start {
            var rates: [String: Decimal] = [:]
            rates.reserveCapacity(day.columnCount)
            for column in 0..<day.columnCount { if let rate = day.rate(column) { rates[codes[column]] = rate } }
            assembler.add(date: day.date, rates: rates, outliers: screened[day.date] ?? [])
        }
    }

    /// Dates below which a stretch is not worth a core of its own.
    static let datesPerStretch = 250

    /// A day's blend as the series keeps it: its rates, and the quotes screened out (each
    /// provider's quotes of every currency, kept for every day until the stretches were joined,
    /// took a gigabyte for ten years).
    private struct Blended: Sendable {
        let date: CalendarDate
        let rates: [String: Decimal]
        let outliers: [Outlier]
    }

    /// The blends of `dates` (sorted), each provider's newest day on or before each counting.
    private static func blend(
        _ providers: [(source: RateSource, days: RateDays)], on dates: ArraySlice<CalendarDate>, blender: RateBlender
    ) -> [Blended] {
        guard let first = dates.first else { return [] }
        let codes = providers.map(\.days.codes)
        // Where each provider's days stand just before the first date.
        var next = providers.map { provider in provider.days.days.partitioningIndex { $0.date >= first } }
        var blended: [Blended] = []
        for date in dates {
            var snapshots: [RateSnapshot] = []
            for (index, provider) in providers.enumerated() {
                let days = provider.days.days
                while next[index] < days.count, days[next[index]].date <= date { next[index] += 1 }
                guard next[index] > 0 else { continue }
                let day = days[next[index] - 1]
                guard day.date.days(until: date) <= RateBlender.maximumAge else { continue }
                snapshots.append(OfficialRates.snapshot(of: day, codes: codes[index], source: provider.source))
            }
            guard let blend = blender.blend(snapshots, on: date), blend.date == date else { continue }
            var rates = blend.rates.mapValues(\.rate)
            rates[blend.base] = 1
            blended.append(Blended(date: date, rates: rates, outliers: blend.outliers))
        }
        return blended
    }
}

private extension Array {
    func asyncCompactMap<T>(_ transform: (Element) async throws -> T?) async rethrows -> [T] {
        var results: [T] = []
        for element in self { if let result = try await transform(element) { results.append(result) } }
        return results
    }
}
