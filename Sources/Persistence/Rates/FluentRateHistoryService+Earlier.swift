import Core
import Fluent
import Foundation
import SQLKit
import ServiceInterfaces

extension FluentRateHistoryService {
    /// What a read of `selections` from `horizon` on must know of their stored days before it
    /// (``RateDays/Builder/Earlier``, `nil` for one without any), and the clause (after `WHERE
    /// s.source IN (…)`) that keeps the days held: those from the horizon on and each source's
    /// last day before it. Nothing is left out when `horizon` is `nil`.
    ///
    /// How many days each source stored before the horizon and when it last stored one are
    /// read off the (source, date) index; the currencies of those days, which take reading each
    /// of their rates, are kept in ``EarlierDaysModel`` by that fingerprint, so that a restart
    /// over the same days reads only the days held.
    func held(
        _ selections: [RateDays.Selection], since horizon: CalendarDate?, side: RateSide
    ) async throws -> (earlier: [RateDays.Builder.Earlier?], filter: SQLQueryString) {
        guard let horizon else { return (selections.map { _ in nil }, "") }
        let sources = Set(selections.flatMap { $0.sources ?? [] }).map(\.rawValue).sorted()
        let stats = try await earlierStats(of: sources, before: horizon)
        guard !stats.isEmpty else { return (selections.map { _ in nil }, "") }
        var clause: SQLQueryString = "AND (s.effective_date >= \(bind: horizon.description)"
        for (source, stat) in stats.sorted(by: { $0.key < $1.key }) {
            clause = "\(clause) OR (s.source = \(bind: source) AND s.effective_date = \(bind: stat.last.description))"
        }
        clause = "\(clause))"
        // Each selection's days before the horizon: its sources' counts and last stores, named.
        let parts = selections.map { selection -> (key: String, sources: [String], first: CalendarDate)? in
            let own = (selection.sources ?? []).map(\.rawValue).sorted().filter { stats[$0] != nil }
            guard !own.isEmpty else { return nil }
            let fingerprint = own.map { "\($0)=\(stats[$0]!.count)@\(stats[$0]!.storedAt)" }.joined(separator: ",")
            return ("\(selection.key)|\(horizon)|\(fingerprint)", own, own.map { stats[$0]!.first }.min()!)
        }
        let codes = try await earlierCodes(of: parts.compactMap { $0.map { ($0.key, $0.sources) } }, before: horizon, side: side)
        let earlier = parts.map { part in
            part.map {
                RateDays.Builder.Earlier(horizon: horizon, firstDate: $0.first, codes: codes[$0.key] ?? [], fingerprint: $0.key)
            }
        }
        return (earlier, clause)
    }

    /// Each selection's newest stored day on or before `date` (each of its sources' newest, the
    /// latest stored of a date): one query through the (source, date) index, where a query per
    /// provider (and one more for its rates) made a past day's blend take ninety round trips.
    package func days(of selections: [RateDays.Selection], onOrBefore date: CalendarDate) async throws -> [RateDays] {
        var owner: [RateSourceID: Int] = [:]
        for (index, selection) in selections.enumerated() {
            for source in selection.sources ?? [] { owner[source] = index }
        }
        guard !owner.isEmpty else { return selections.map { _ in RateDays.Builder().build() } }
        var sources: SQLQueryString = ""
        for (index, source) in owner.keys.map(\.rawValue).sorted().enumerated() {
            sources = index == 0 ? "(\(bind: source))" : "\(sources), (\(bind: source))"
        }
        let owners = owner
        let filter: SQLQueryString = """
            WHERE s.id IN (
                SELECT (SELECT x.id FROM \(ident: RateSnapshotModel.schema) x
                    WHERE x.source = src.column1 AND x.effective_date <= \(bind: date.description)
                    ORDER BY x.effective_date DESC, x.stored_at DESC, x.id DESC LIMIT 1)
                FROM (VALUES \(sources)) AS src)
            """
        return try await collect(filter, eachThroughIndex: true, into: selections.count) { owners[$0] }.map { $0.build() }
    }

    private struct EarlierStats {
        let count: Int
        let storedAt: Double
        let first: CalendarDate
        let last: CalendarDate
    }

    /// Per source, its days before `horizon`: how many snapshots, when the last was stored, the first and last dates.
    private func earlierStats(of sources: [String], before horizon: CalendarDate) async throws -> [String: EarlierStats] {
        try await database.run { database in
            let rows = try await (database as! any SQLDatabase).raw(
                """
                SELECT s.source, count(*) AS days, max(s.stored_at) AS stored, min(s.effective_date) AS first,
                    max(s.effective_date) AS last
                FROM \(ident: RateSnapshotModel.schema) s
                WHERE s.source IN (\(binds: sources)) AND s.effective_date < \(bind: horizon.description)
                GROUP BY s.source
                """
            ).all()
            var stats: [String: EarlierStats] = [:]
            for row in rows {
                guard let first = CalendarDate(iso8601: try row.decode(column: "first", as: String.self)),
                    let last = CalendarDate(iso8601: try row.decode(column: "last", as: String.self))
                else { continue }
                stats[try row.decode(column: "source", as: String.self)] = EarlierStats(
                    count: try row.decode(column: "days", as: Int.self),
                    storedAt: try row.decode(column: "stored", as: Date.self).timeIntervalSince1970, first: first, last: last)
            }
            return stats
        }
    }

    /// The currencies quoted (of `side`) before `horizon` by each of `parts`' sources, by the
    /// part's key: those kept by an earlier read, the others read and kept.
    private func earlierCodes(
        of parts: [(key: String, sources: [String])], before horizon: CalendarDate, side: RateSide
    ) async throws -> [String: [String]] {
        guard !parts.isEmpty else { return [:] }
        // Reading the currencies of years of days may take seconds, once per set of them.
        let (codes, found) = try await database.transaction(timeout: Self.daysTimeout) { database in
            let sql = database as! any SQLDatabase
            if sql.dialect.name == "postgresql" {
                // Past the usual limit on a statement: years of every publisher's rates are read.
                let limit = String(Self.daysTimeout.components.seconds * 1000)
                try await sql.raw("SET LOCAL statement_timeout = \(unsafeRaw: limit)").run()
                try await sql.raw("SET LOCAL jit = off").run()
            }
            var codes: [String: [String]] = [:]
            for kept in try await EarlierDaysModel.query(on: database).filter(\.$key ~~ parts.map(\.key)).all() {
                codes[kept.key] = kept.codes.isEmpty ? [] : kept.codes.split(separator: ",").map(String.init)
            }
            let missing = parts.filter { codes[$0.key] == nil }
            guard !missing.isEmpty else { return (codes, [String]()) }
            let column = side.storedColumn
            let rows = try await sql.raw(
                """
                SELECT s.source, r.currency_code AS code
                FROM \(ident: RateSnapshotModel.schema) s
                JOIN \(ident: SnapshotRateModel.schema) r ON r.snapshot_id = s.id AND r.\(unsafeRaw: column) IS NOT NULL
                WHERE s.source IN (\(binds: Array(Set(missing.flatMap(\.sources))).sorted()))
                    AND s.effective_date < \(bind: horizon.description)
                GROUP BY s.source, r.currency_code
                """
            ).all()
            var bySource: [String: Set<String>] = [:]
            for row in rows {
                bySource[try row.decode(column: "source", as: String.self), default: []].insert(
                    try row.decode(column: "code", as: String.self))
            }
            for part in missing {
                codes[part.key] = part.sources.reduce(into: Set<String>()) { $0.formUnion(bySource[$1] ?? []) }.sorted()
            }
            return (codes, missing.map(\.key))
        }
        // Kept apart from the read: failing to keep them (another instance kept them just now) costs
        // only reading them again next time.
        for key in found { try? await database.run { try await keep(codes[key]!, as: key, on: $0) } }
        return codes
    }

    /// Keeps `codes` as `key` (unless another instance just did), and forgets what was kept of
    /// the same selection by other days or horizons.
    private func keep(_ codes: [String], as key: String, on database: any Database) async throws {
        let row = EarlierDaysModel()
        (row.key, row.codes, row.storedAt) = (key, codes.joined(separator: ","), Date())
        do {
            try await row.create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            return
        }
        let selection = String(key.prefix { $0 != "|" }) + "|"
        let others = try await EarlierDaysModel.query(on: database).field(\.$id).field(\.$key).all()
            .filter { $0.key.hasPrefix(selection) && $0.key != key }.compactMap(\.id)
        if !others.isEmpty { try await EarlierDaysModel.query(on: database).filter(\.$id ~~ others).delete() }
    }
}
