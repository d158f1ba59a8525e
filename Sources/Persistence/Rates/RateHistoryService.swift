import Core
import Crypto
import Fluent
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import ServiceInterfaces

/// A pair's history, and every stored day's rates at once (what ``CachedRateHistoryService``
/// keeps in memory). Tests hand the cache a slow one.
package protocol StoredRateDays: RateHistoryService, ReferenceRateDays {
    func days(_ selection: RateDays.Selection) async throws -> RateDays
    /// Several providers' days (``RateDays/Selection/provider(_:)``), in their order.
    func days(of selections: [RateDays.Selection]) async throws -> [RateDays]
    /// ``days(_:)`` as memory holds them from `horizon` on (``RateDays/heldFrom``); every day when `nil`.
    func days(_ selection: RateDays.Selection, since horizon: CalendarDate?) async throws -> RateDays
    /// ``days(of:)`` as memory holds them from `horizon` on.
    func days(of selections: [RateDays.Selection], since horizon: CalendarDate?) async throws -> [RateDays]
    /// Each selection's newest day on or before `date` alone.
    func days(of selections: [RateDays.Selection], onOrBefore date: CalendarDate) async throws -> [RateDays]
}

extension StoredRateDays {
    /// One read per selection (test doubles; the database reads them in one pass).
    package func days(of selections: [RateDays.Selection]) async throws -> [RateDays] {
        var read: [RateDays] = []
        for selection in selections { read.append(try await days(selection)) }
        return read
    }

    /// Every day read, then cut (test doubles; the database reads only the days held).
    package func days(_ selection: RateDays.Selection, since horizon: CalendarDate?) async throws -> RateDays {
        let whole = try await days(selection)
        return horizon.map(whole.held(from:)) ?? whole
    }

    package func days(of selections: [RateDays.Selection], since horizon: CalendarDate?) async throws -> [RateDays] {
        let whole = try await days(of: selections)
        return horizon.map { horizon in whole.map { $0.held(from: horizon) } } ?? whole
    }

    package func days(of selections: [RateDays.Selection], onOrBefore date: CalendarDate) async throws -> [RateDays] {
        try await selections.asyncMap { try await days($0).days(from: date, through: date) }
    }

    /// Every stored day's rates, whatever their provider.
    package func days() async throws -> RateDays { try await days(.all) }

    /// Cut from every ECB day (test doubles; the database reads only the days asked for).
    package func referenceDays(from start: CalendarDate, through end: CalendarDate) async throws -> RateDays {
        try await days(.ecb).days(from: start, through: end)
    }
}

package struct FluentRateHistoryService: StoredRateDays {
    package let database: DatabaseAccess

    package static let daysTimeout: Duration = .seconds(60)

    /// One row per snapshot quoting both currencies (each read through the (currency, snapshot)
    /// index), not every rate of every snapshot, and no Fluent models on the way; the window is
    /// cut from them (this is the path while the days in memory cannot be trusted).
    package func history(
        of selection: RateDays.Selection, from: String, to: String, range: HistoryRange, around date: CalendarDate?
    ) async throws -> PairHistory {
        let sameSources: SQLQueryString = selection.sources.map { "AND later.source IN (\(binds: $0))" } ?? ""
        // Each date's latest snapshot alone, whichever currencies it quotes: a later snapshot of a
        // day replaces the earlier, as in the days in memory.
        let latest: SQLQueryString = """
            NOT EXISTS (SELECT 1 FROM \(ident: RateSnapshotModel.schema) later
                WHERE later.effective_date = s.effective_date \(sameSources)
                AND (later.stored_at > s.stored_at OR (later.stored_at = s.stored_at AND later.id > s.id)))
            """
        let filter: SQLQueryString = selection.sources.map { "WHERE s.source IN (\(binds: $0)) AND \(latest)" } ?? "WHERE \(latest)"
        var column = RateSide.mid.storedColumn
        if case .side(_, let side) = selection { column = side.storedColumn }
        let rows = try await database.run { [column] database in
            try await (database as! any SQLDatabase).raw(
                """
                SELECT s.effective_date, s.stored_at, s.quotation, s.reversed,
                    f.\(unsafeRaw: column) AS from_rate, t.\(unsafeRaw: column) AS to_rate
                FROM \(ident: RateSnapshotModel.schema) s
                JOIN \(ident: SnapshotRateModel.schema) f ON f.snapshot_id = s.id AND f.currency_code = \(bind: from)
                    AND f.\(unsafeRaw: column) IS NOT NULL
                JOIN \(ident: SnapshotRateModel.schema) t ON t.snapshot_id = s.id AND t.currency_code = \(bind: to)
                    AND t.\(unsafeRaw: column) IS NOT NULL
                \(filter)
                ORDER BY s.effective_date, s.stored_at
                """
            ).all()
        }
        // Oldest first, and within a day the latest stored last: it replaces the earlier ones.
        var points: [RatePoint] = []
        points.reserveCapacity(rows.count)
        var version = SHA256()
        for row in rows {
            let fromPublished = try row.decode(column: "from_rate", as: Decimal.self)
            let toPublished = try row.decode(column: "to_rate", as: Decimal.self)
            guard fromPublished > 0, toPublished > 0,
                let date = CalendarDate(iso8601: try row.decode(column: "effective_date", as: String.self))
            else {
                continue
            }
            // A point's rates are per unit of the base: one unit of `from` is toRate/fromRate of `to`.
            let quotation = Quotation(rawValue: try row.decode(column: "quotation", as: String.self)) ?? .unitsPerBase
            let reversed = RateSnapshotModel.reversedCodes(try row.decode(column: "reversed", as: String.self))
            let (toRate, fromRate) = Quotation.ratio(
                from: fromPublished, reversed.contains(from) ? quotation.reversed : quotation,
                to: toPublished, reversed.contains(to) ? quotation.reversed : quotation)
            // The value as the days in memory work it out (each rate's nearest `Double`), so that a
            // chart read here and one read there are the same chart.
            let point = RatePoint(date: date, fromRate: fromRate, toRate: toRate, value: toRate.nearestDouble / fromRate.nearestDouble)
            if points.last?.date == date { points[points.count - 1] = point } else { points.append(point) }
        }
        for point in points { version.update(data: Data("\(point.date)=\(point.fromRate)/\(point.toRate);".utf8)) }
        let window = PairWindow.slice(points, range: range, around: date)
        return PairHistory(points: window.points, version: "pair:" + SecureToken.hex(version.finalize().prefix(12)), window: window.window)
    }

    /// Every stored day's rates at once, for ``CachedRateHistoryService``: one query, the
    /// latest snapshot of each effective date (of the ECB's, for ``RateDays/Selection/ecb``).
    /// The ECB's 27 years are 230,000 rows, which a debug build takes several seconds to read:
    /// this read may take up to ``daysTimeout``. Each row goes into the days as it arrives, so
    /// the rows are never all in memory at once.
    package func days(_ selection: RateDays.Selection) async throws -> RateDays { try await days(selection, since: nil) }

    /// ``days(_:)`` from `horizon` on (with the last day before it, and what the days before it
    /// quote: ``RateDays/heldFrom``); every day when `horizon` is `nil`.
    package func days(_ selection: RateDays.Selection, since horizon: CalendarDate?) async throws -> RateDays {
        guard let sources = selection.sources else { return try await read(SQLQueryString("")) }
        var side = RateSide.mid
        if case .side(_, let chosen) = selection { side = chosen }
        let held = try await self.held([selection], since: horizon, side: side)
        let filter: SQLQueryString = "WHERE s.source IN (\(binds: sources)) \(held.filter)"
        let (count, total) = try await database.run { database in
            let row = try await (database as! any SQLDatabase).raw(
                """
                SELECT count(*) AS total, sum(CASE WHEN s.source IN (\(binds: sources)) \(held.filter) THEN 1 ELSE 0 END) AS days
                FROM \(ident: RateSnapshotModel.schema) s
                """
            ).first()
            return (try row?.decode(column: "days", as: Int?.self) ?? 0, try row?.decode(column: "total", as: Int.self) ?? 0)
        }
        // Through the index when the days are few, or few of those stored (one provider's among
        // every publisher's): one pass reads every stored rate (docs/BENCHMARKS.md, *Stored days*).
        let throughIndex = count <= fewDays || count * 10 <= total
        // A side's rates: every stored day of the provider, those stored without sides empty, so
        // that a day's side is never an earlier day's taken for it.
        let builders = try await collect(filter, eachThroughIndex: throughIndex, side: side, into: 1) { _ in 0 }
        return builders[0].build(earlier: held.earlier[0])
    }

    package func days(of selections: [RateDays.Selection]) async throws -> [RateDays] { try await days(of: selections, since: nil) }

    /// Several providers' mid days in one pass over the stored rates, each row handed to its
    /// provider's days as it arrives: a read per provider scanned every stored rate again for
    /// each (ten years of every publisher: 94 scans of 6 million rows, where one pass does;
    /// docs/BENCHMARKS.md, *History at scale*). From `horizon` on, as ``days(_:since:)``.
    package func days(of selections: [RateDays.Selection], since horizon: CalendarDate?) async throws -> [RateDays] {
        var owner: [RateSourceID: Int] = [:]
        for (index, selection) in selections.enumerated() {
            guard case .provider = selection, let sources = selection.sources else {
                throw StoredRateError(description: "only providers' mid days are read together, not \(selection.key)")
            }
            for source in sources { owner[source] = index }
        }
        guard !owner.isEmpty else { return selections.map { _ in RateDays.Builder().build() } }
        let held = try await self.held(selections, since: horizon, side: .mid)
        let sources = owner.keys.map(\.rawValue).sorted()
        let filter: SQLQueryString = "WHERE s.source IN (\(binds: sources)) \(held.filter)"
        let (count, cuts) = try await database.run { database -> (Int, [String]) in
            let sql = database as! any SQLDatabase
            let count =
                try await sql.raw("SELECT count(*) AS days FROM \(ident: RateSnapshotModel.schema) s \(filter)")
                .first()?.decode(column: "days", as: Int.self) ?? 0
            return (count, try await self.cuts(of: filter, count: count, on: sql))
        }
        let owners = owner, parts = selections.count
        guard !cuts.isEmpty else {
            let builders = try await collect(filter, eachThroughIndex: count <= fewDays, into: parts) { owners[$0] }
            return zip(builders, held.earlier).map { $0.build(earlier: $1) }
        }
        // Each stretch of dates on a connection of its own, at once, each snapshot's rates joined
        // through the index: the rows come as the database makes them, where one pass's join
        // sent none before all were sorted, so reading them overlaps its work (docs/BENCHMARKS.md,
        // *History at scale*).
        let lowers: [String?] = [nil] + cuts, uppers: [String?] = cuts + [nil]
        let bounds = zip(lowers, uppers)
        let collected = try await withThrowingTaskGroup(of: (Int, [RateDays.Builder]).self) { group in
            for (index, (from, to)) in bounds.enumerated() {
                let after: SQLQueryString = from.map { "AND s.effective_date >= \(bind: $0)" } ?? ""
                let before: SQLQueryString = to.map { "AND s.effective_date < \(bind: $0)" } ?? ""
                group.addTask {
                    (index, try await collect("\(filter) \(after) \(before)", eachThroughIndex: true, into: parts) { owners[$0] })
                }
            }
            var stretches = [[RateDays.Builder]](repeating: [], count: cuts.count + 1)
            for try await (index, builders) in group { stretches[index] = builders }
            return stretches
        }
        return (0..<parts).map { part in
            var builder = collected[0][part]
            for stretch in collected.dropFirst() { builder.append(stretch[part]) }
            return builder.build(earlier: held.earlier[part])
        }
    }

    /// Dates that cut `filter`'s snapshots into as many stretches of about as many days as there
    /// are cores, on PostgreSQL, when they are many (ten years of every publisher); none else.
    private func cuts(of filter: SQLQueryString, count: Int, on sql: any SQLDatabase) async throws -> [String] {
        let stretches = min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))
        guard sql.dialect.name == "postgresql", count >= daysInStretches else { return [] }
        let fractions = (1..<stretches).map { String(Double($0) / Double(stretches)) }.joined(separator: ",")
        let cuts =
            try await sql.raw(
                """
                SELECT percentile_disc(ARRAY[\(unsafeRaw: fractions)]) WITHIN GROUP (ORDER BY s.effective_date) AS cuts
                FROM \(ident: RateSnapshotModel.schema) s \(filter)
                """
            ).first()?.decode(column: "cuts", as: [String].self) ?? []
        // A day that holds most of them leaves a stretch empty: each cut once.
        return Array(Set(cuts)).sorted()
    }

    /// Days from which the providers' days are read in stretches at once: a year of every
    /// publisher reads as fast in one.
    static let daysInStretches = 50_000
    /// ``daysInStretches``, or another bound (a test reads both ways).
    var daysInStretches = Self.daysInStretches

    /// Days of a selection up to which each day's rates are read through the (snapshot,
    /// currency) index rather than in one pass over every stored rate: a provider's year reads
    /// faster through the index, the ECB's 27 years in one pass (docs/BENCHMARKS.md, *Stored
    /// days*).
    static let fewDays = 1000
    /// ``fewDays``, or another bound (a test reads both ways).
    var fewDays = Self.fewDays

    /// The ECB days of a range, read from the database (while the days in memory cannot be
    /// trusted): the day on or before `start` is found off `rate_snapshots_current_idx`.
    package func referenceDays(from start: CalendarDate, through end: CalendarDate) async throws -> RateDays {
        let sources = RateDays.Selection.ecbSources
        let newest = try await database.run { database in
            try await (database as! any SQLDatabase).raw(
                "SELECT max(effective_date) AS newest FROM \(ident: RateSnapshotModel.schema) WHERE source IN (\(binds: sources))"
            ).first()?.decode(column: "newest", as: String?.self).flatMap(CalendarDate.init(iso8601:))
        }
        var days = try await read(
            """
            WHERE s.source IN (\(binds: sources)) AND s.effective_date <= \(bind: end.description)
            AND s.effective_date >= COALESCE(
                (SELECT max(effective_date) FROM \(ident: RateSnapshotModel.schema)
                 WHERE source IN (\(binds: sources)) AND effective_date <= \(bind: start.description)),
                \(bind: start.description))
            """)
        days.newestDate = newest
        return days
    }

    /// The snapshots' rates that `filter` (a `WHERE` clause over `s`) keeps, built into days: one
    /// row per snapshot, its rates joined into one text (`USD=1.1234,JPY=163.36`) by the database,
    /// rather than a row per rate decoded a column at a time (docs/BENCHMARKS.md, *Stored days*).
    private func read(
        _ filter: SQLQueryString, eachThroughIndex: Bool = false, timeout: Duration = Self.daysTimeout, side: RateSide = .mid
    ) async throws -> RateDays {
        try await read(filter, eachThroughIndex: eachThroughIndex, timeout: timeout, side: side, into: 1) { _ in 0 }[0]
    }

    /// ``read(_:eachThroughIndex:timeout:side:)`` into `count` sets of days, each row into the
    /// one `owner` names for its source (none: left out).
    private func read(
        _ filter: SQLQueryString, eachThroughIndex: Bool, timeout: Duration = Self.daysTimeout, side: RateSide = .mid, into count: Int,
        owner: @escaping @Sendable (RateSourceID) -> Int?
    ) async throws -> [RateDays] {
        try await collect(filter, eachThroughIndex: eachThroughIndex, timeout: timeout, side: side, into: count, owner: owner)
            .map { $0.build() }
    }

    /// The rows of ``read(_:eachThroughIndex:timeout:side:into:owner:)``, collected into `count` builders.
    func collect(
        _ filter: SQLQueryString, eachThroughIndex: Bool, timeout: Duration = Self.daysTimeout, side: RateSide = .mid, into count: Int,
        owner: @escaping @Sendable (RateSourceID) -> Int?
    ) async throws -> [RateDays.Builder] {
        let column = side.storedColumn
        let collected = NIOLockedValueBox(
            (builders: [RateDays.Builder](repeating: RateDays.Builder(), count: count), error: (any Error)?.none))
        try await database.transaction(timeout: timeout) { database in
            let sql = database as! any SQLDatabase
            let postgres = sql.dialect.name == "postgresql"
            if postgres {
                // The statement lasts until the app has read every row: past the usual limit.
                try await sql.raw("SET LOCAL statement_timeout = \(unsafeRaw: String(timeout.components.seconds * 1000))").run()
                // Compiling the aggregate's expressions cost more than it saved (docs/BENCHMARKS.md,
                // *History at scale*).
                try await sql.raw("SET LOCAL jit = off").run()
            }
            // PostgreSQL writes a NUMERIC as it was stored; SQLite keeps rates as their text.
            let rates: SQLQueryString =
                postgres
                ? "string_agg(r.currency_code || '=' || r.\(unsafeRaw: column)::text, ',' ORDER BY r.currency_code)"
                : "group_concat(r.currency_code || '=' || r.\(unsafeRaw: column), ',')"
            // The mid is every row's; a side only some rows', and a snapshot without any is read as a day without rates.
            let present: SQLQueryString = side == .mid ? "" : "AND r.\(unsafeRaw: column) IS NOT NULL"
            let join: SQLQueryString = side == .mid ? "JOIN" : "LEFT JOIN"
            let query: SQLQueryString =
                eachThroughIndex
                ? """
                SELECT s.id, s.source, s.effective_date, s.quotation, s.reversed,
                    (SELECT \(rates) FROM \(ident: SnapshotRateModel.schema) r WHERE r.snapshot_id = s.id \(present)) AS rates
                FROM \(ident: RateSnapshotModel.schema) s
                \(filter)
                ORDER BY s.effective_date, s.stored_at, s.id
                """
                : """
                SELECT s.id, s.source, s.effective_date, s.quotation, s.reversed, \(rates) AS rates
                FROM \(ident: RateSnapshotModel.schema) s
                \(join) \(ident: SnapshotRateModel.schema) r ON r.snapshot_id = s.id \(present)
                \(filter)
                GROUP BY s.id
                ORDER BY s.effective_date, s.stored_at, s.id
                """
            try await sql.raw(query).run { row in
                collected.withLockedValue { collected in
                    guard collected.error == nil else { return }
                    do {
                        try Self.add(row, emptyDays: side != .mid, owner: owner, to: &collected.builders)
                    } catch {
                        collected.error = error
                    }
                }
            }
        }
        return try collected.withLockedValue { collected in
            if let error = collected.error { throw error }
            return collected.builders
        }
    }

    /// One snapshot's row into its owner's days: its rates read from their joined text; with
    /// `emptyDays`, a snapshot without any as a day without rates.
    private static func add(
        _ row: any SQLRow, emptyDays: Bool, owner: (RateSourceID) -> Int?, to builders: inout [RateDays.Builder]
    ) throws {
        guard let date = CalendarDate(iso8601: try row.decode(column: "effective_date", as: String.self)) else { return }
        let snapshot = try row.decode(column: "id", as: UUID.self)
        let source = try RateSourceID(stored: try row.decode(column: "source", as: String.self), in: "rate_snapshots")
        guard let index = owner(source) else { return }
        let quotation = Quotation(rawValue: try row.decode(column: "quotation", as: String.self)) ?? .unitsPerBase
        let reversed = RateSnapshotModel.reversedCodes(try row.decode(column: "reversed", as: String.self))
        // A snapshot without rates (which nothing stores) has none to add; one without a side, a day without it.
        guard let rates = try row.decode(column: "rates", as: String?.self) else {
            if emptyDays { builders[index].add(snapshot: snapshot, date: date, rates: [:], source: source, quotation: quotation) }
            return
        }
        // Byte by byte: splitting the text by `Character` cost more than everything else in
        // reading ten years of days (docs/BENCHMARKS.md, *History at scale*).
        var text = rates
        try text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start, equals = -1
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") {
                    if equals < 0, bytes[end] == UInt8(ascii: "=") { equals = end }
                    end += 1
                }
                defer { start = end + 1 }
                let value = UnsafeBufferPointer(rebasing: bytes[max(start, equals + 1)..<end])
                guard equals > start, let packed = PackedDecimal.pack(utf8: value),
                    packed != PackedDecimal.unpackable || Decimal(plainText: String(decoding: value, as: UTF8.self)) != nil
                else {
                    let pair = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    throw StoredRateError(description: "snapshot \(snapshot) has an unreadable rate: \(pair)")
                }
                builders[index].add(
                    snapshot: snapshot, date: date,
                    code: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<equals]), as: UTF8.self),
                    packed: packed, rate: Decimal(plainText: String(decoding: value, as: UTF8.self)), source: source, quotation: quotation,
                    reversed: reversed)
            }
        }
    }
}

/// A stored rate that cannot be read back (the database was written by something else).
package struct StoredRateError: Error, CustomStringConvertible {
    package let description: String
}

extension RateSide {
    /// `snapshot_rates`' column of the side: the mid's `rate`, else `buying` or `selling`.
    var storedColumn: String { self == .mid ? "rate" : rawValue }
}
