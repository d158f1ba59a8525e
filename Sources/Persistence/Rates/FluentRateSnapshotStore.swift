import Core
import Fluent
import Foundation
import SQLKit
import ServiceInterfaces

/// Where snapshots are kept, on whichever database Fluent is configured with (PostgreSQL or
/// SQLite): every snapshot ever stored, the configured provider's newest effective one current.
package struct FluentRateSnapshotStore: Sendable {
    package let database: DatabaseAccess
    /// The configured provider's sources (``RateSource/family``): their newest snapshot is the
    /// current one, whatever else is stored (the ECB's days `/v1` serves beside another
    /// provider's); any source's newest until one of theirs is stored. `nil`: any source's.
    package var currentSources: [RateSourceID]? = nil
    /// Called once a snapshot is stored (committed): caches of stored days forget them.
    package var stored: @Sendable () -> Void = {}

    /// The current snapshot: the latest effective date, the latest stored on that date.
    package func latest() async throws -> RateSnapshot? {
        try await database.run { database in try await current(on: database) { $0.with(\.$rates) }?.toEntity() }
    }

    /// Whether `snapshot` is the configured provider's (preferred as the current one).
    package func isPreferred(_ snapshot: RateSnapshot) -> Bool {
        currentSources?.contains(snapshot.source) ?? true
    }

    /// The current snapshot, read as `shaped` says: the configured provider's newest if it has
    /// any, else any source's newest (one query when it has one).
    private func current(
        on database: any Database, _ shaped: (QueryBuilder<RateSnapshotModel>) -> QueryBuilder<RateSnapshotModel>
    ) async throws -> RateSnapshotModel? {
        if let sources = currentSources,
            let preferred = try await shaped(Self.newestFirst(on: database).filter(\.$source ~~ sources.map(\.rawValue))).first()
        {
            return preferred
        }
        return try await shaped(Self.newestFirst(on: database)).first()
    }

    /// Stores `snapshot` and its rates in one transaction; returns it with its id.
    package func save(_ snapshot: RateSnapshot) async throws -> RateSnapshot {
        let header = RateSnapshotModel(snapshot)
        let snapshotID = header.id!
        let rates = snapshot.rates.keys.sorted().map { SnapshotRateModel(snapshotID: snapshotID, code: $0, of: snapshot) }
        try await database.transaction { transaction in
            try await header.create(on: transaction)
            try await rates.create(on: transaction)
        }
        self.stored()
        var stored = snapshot
        stored.id = snapshotID
        return stored
    }

    /// The rates of `from` and `to` on `date` from `sources`' snapshots (any source's when
    /// `nil`): the latest stored day on or before it (read backwards off
    /// `rate_snapshots_current_idx`, or `rate_snapshots_source_idx` for some sources), then that
    /// day's latest snapshot quoting both (the day's snapshots with their rates, off the
    /// (snapshot, currency) unique index); else why not, with the days the missing currency was
    /// quoted (off `snapshot_rates_currency_idx`).
    package func rates(on date: CalendarDate, from: String, to: String, sources: [RateSourceID]? = nil) async throws -> PastRates {
        try await database.run { database in
            let sql = database as! any SQLDatabase
            let ofSources: SQLQueryString = sources.map { "AND source IN (\(binds: $0.map(\.rawValue)))" } ?? ""
            guard
                let day = try await sql.raw(
                    """
                    SELECT effective_date FROM \(ident: RateSnapshotModel.schema)
                    WHERE effective_date <= \(bind: date.description) \(ofSources)
                    ORDER BY effective_date DESC, stored_at DESC LIMIT 1
                    """
                ).first().map({ try $0.decode(column: "effective_date", as: String.self) }).flatMap(CalendarDate.init(iso8601:))
            else {
                let first = try await sql.raw(
                    "SELECT min(effective_date) AS first FROM \(ident: RateSnapshotModel.schema) WHERE 1 = 1 \(ofSources)"
                ).first()?.decode(column: "first", as: String?.self)
                return .beforeFirstDay(firstDay: first.flatMap(CalendarDate.init(iso8601:)))
            }
            var query = RateSnapshotModel.query(on: database).filter(\.$effectiveDate == day.description)
            if let sources { query = query.filter(\.$source ~~ sources.map(\.rawValue)) }
            let snapshots = try await query.sort(\.$storedAt, .descending).with(\.$rates).all().map { try $0.toEntity() }
            if let found = snapshots.first(where: { $0.rates[from] != nil && $0.rates[to] != nil }) { return .found(found) }
            let missing = snapshots.contains { $0.rates[from] != nil } ? to : from
            return .notQuoted(code: missing, day: day, quoted: try await Self.quotedDays(of: missing, sources: sources, on: sql))
        }
    }

    /// The newest snapshot of `sources` dated on or before `date`, with its rates: one
    /// provider's day for a past date's blend, without reading its other days.
    package func newest(onOrBefore date: CalendarDate, sources: [RateSourceID]) async throws -> RateSnapshot? {
        try await database.run { database in
            try await RateSnapshotModel.query(on: database)
                .filter(\.$source ~~ sources.map(\.rawValue)).filter(\.$effectiveDate <= date.description)
                .sort(\.$effectiveDate, .descending).sort(\.$storedAt, .descending)
                .with(\.$rates).first()?.toEntity()
        }
    }

    /// The first and last stored days of `sources` that quote `code`.
    package func quotedDays(of code: String, sources: [RateSourceID]) async throws -> ClosedRange<CalendarDate>? {
        try await database.run { database in try await Self.quotedDays(of: code, sources: sources, on: database as! any SQLDatabase) }
    }

    /// The first stored day of `sources`.
    package func firstDay(sources: [RateSourceID]) async throws -> CalendarDate? {
        try await database.run { database in
            try await (database as! any SQLDatabase).raw(
                "SELECT min(effective_date) AS first FROM \(ident: RateSnapshotModel.schema) WHERE source IN (\(binds: sources.map(\.rawValue)))"
            ).first()?.decode(column: "first", as: String?.self).flatMap(CalendarDate.init(iso8601:))
        }
    }

    /// The first and last stored days that quote `code` (in `sources`' snapshots, when given).
    private static func quotedDays(
        of code: String, sources: [RateSourceID]?, on sql: any SQLDatabase
    ) async throws -> ClosedRange<CalendarDate>? {
        let ofSources: SQLQueryString = sources.map { "AND s.source IN (\(binds: $0.map(\.rawValue)))" } ?? ""
        let row = try await sql.raw(
            """
            SELECT min(s.effective_date) AS first, max(s.effective_date) AS last
            FROM \(ident: SnapshotRateModel.schema) r JOIN \(ident: RateSnapshotModel.schema) s ON s.id = r.snapshot_id
            WHERE r.currency_code = \(bind: code) \(ofSources)
            """
        ).first()
        guard let first = try row?.decode(column: "first", as: String?.self).flatMap(CalendarDate.init(iso8601:)),
            let last = try row?.decode(column: "last", as: String?.self).flatMap(CalendarDate.init(iso8601:))
        else { return nil }
        return first...last
    }

    /// Stores many snapshots (a history) with their rates in one transaction (the caller's,
    /// when it pins one). 27 years of ECB days are 7,000 snapshots and 200,000 rates, too many
    /// for a model each: PostgreSQL gets each table's rows as a few arrays (`unnest`), SQLite
    /// multi-row `INSERT`s (an in-process database, where a statement costs little). They go
    /// `daysPerBatch` days at a time, `stored` told the count stored so far after each batch.
    package func saveAll(
        _ snapshots: [RateSnapshot], daysPerBatch: Int = daysPerBatch, stored progress: (@Sendable (Int) async -> Void)? = nil
    ) async throws {
        try await database.transaction { transaction in
            let sql = transaction as! any SQLDatabase
            let isPostgres = sql.dialect.name == "postgresql"
            for start in stride(from: 0, to: snapshots.count, by: max(1, daysPerBatch)) {
                let batch = Array(snapshots[start..<min(snapshots.count, start + max(1, daysPerBatch))])
                let ids = batch.map { $0.id ?? UUID() }
                var rates: [StoredRate] = []
                for (id, snapshot) in zip(ids, batch) {
                    for (code, rate) in snapshot.rates {
                        rates.append(
                            StoredRate(
                                snapshot: id, code: code, rate: rate, buying: snapshot.sides.buying[code],
                                selling: snapshot.sides.selling[code]))
                    }
                }
                if isPostgres {
                    try await Self.insertByArrays(batch, ids: ids, rates: rates, on: sql)
                } else {
                    try await Self.insertByRows(batch, ids: ids, rates: rates, on: sql)
                }
                await progress?(start + batch.count)
            }
            // Thousands of days at once (a history): the planner's statistics still describe the
            // tables as they were, and the next read of every day, planned on them, takes a minute
            // instead of a second. Autovacuum would notice only after its next round.
            if isPostgres, snapshots.count >= Self.analyzeAfter {
                try await sql.raw("ANALYZE \(ident: RateSnapshotModel.schema), \(ident: SnapshotRateModel.schema)").run()
            }
        }
        stored()
    }

    /// Days stored per round trip by ``saveAll(_:daysPerBatch:stored:)``: a thousand ECB days
    /// are about 30,000 rates, one statement each way, and the 27 years' load reports its
    /// progress eight times.
    package static let daysPerBatch = 1000

    /// A rate row as ``saveAll(_:daysPerBatch:stored:)`` inserts it.
    private struct StoredRate {
        let snapshot: UUID
        let code: String
        let rate: Decimal
        let buying: Decimal?
        let selling: Decimal?
    }

    private static func insertByArrays(
        _ snapshots: [RateSnapshot], ids: [UUID], rates: [StoredRate], on sql: any SQLDatabase
    ) async throws {
        try await sql.raw(
            """
            INSERT INTO \(ident: RateSnapshotModel.schema) (id, source, base_currency, effective_date, stored_at, quotation, reversed)
            SELECT * FROM unnest(\(bind: ids)::uuid[], \(bind: snapshots.map(\.source.rawValue))::text[],
                \(bind: snapshots.map(\.baseCurrency))::text[], \(bind: snapshots.map(\.effectiveDate.description))::text[],
                \(bind: snapshots.map(\.storedAt))::timestamptz[], \(bind: snapshots.map(\.quotation.rawValue))::text[],
                \(bind: snapshots.map { RateSnapshotModel.reversedText($0.reversed) })::text[])
            """
        ).run()
        let batch = 50_000
        for start in stride(from: 0, to: rates.count, by: batch) {
            let rows = rates[start..<min(rates.count, start + batch)]
            try await sql.raw(
                """
                INSERT INTO \(ident: SnapshotRateModel.schema) (id, snapshot_id, currency_code, rate, buying, selling)
                SELECT gen_random_uuid(), s, c, r, NULLIF(b, '')::numeric, NULLIF(v, '')::numeric
                FROM unnest(\(bind: rows.map(\.snapshot))::uuid[], \(bind: rows.map(\.code))::text[],
                    \(bind: rows.map(\.rate.plainText))::numeric[], \(bind: rows.map { $0.buying?.plainText ?? "" })::text[],
                    \(bind: rows.map { $0.selling?.plainText ?? "" })::text[]) AS t(s, c, r, b, v)
                """
            ).run()
        }
    }

    /// Snapshots stored at once past which the tables' statistics are brought up to date.
    package static let analyzeAfter = 100

    private static func insertByRows(
        _ snapshots: [RateSnapshot], ids: [UUID], rates: [StoredRate], on sql: any SQLDatabase
    ) async throws {
        let batch = 2000
        for start in stride(from: 0, to: snapshots.count, by: batch) {
            var insert = sql.insert(into: RateSnapshotModel.schema)
                .columns("id", "source", "base_currency", "effective_date", "stored_at", "quotation", "reversed")
            for index in start..<min(snapshots.count, start + batch) {
                let snapshot = snapshots[index]
                insert = insert.values([
                    ids[index], snapshot.source.rawValue, snapshot.baseCurrency, snapshot.effectiveDate.description, snapshot.storedAt,
                    snapshot.quotation.rawValue, RateSnapshotModel.reversedText(snapshot.reversed),
                ])
            }
            try await insert.run()
        }
        for start in stride(from: 0, to: rates.count, by: batch) {
            var insert = sql.insert(into: SnapshotRateModel.schema).columns(
                "id", "snapshot_id", "currency_code", "rate", "buying", "selling")
            for row in rates[start..<min(rates.count, start + batch)] {
                insert = insert.values([UUID(), row.snapshot, row.code, row.rate, row.buying, row.selling])
            }
            try await insert.run()
        }
    }

    /// Each source's newest snapshot with its rates (the newest effective date, the latest stored
    /// on it): one grouped query off `rate_snapshots_source_idx`, then a query per source.
    package func latestBySource() async throws -> [RateSnapshot] {
        try await database.run { database in
            var snapshots: [RateSnapshot] = []
            for (source, date) in try await Self.newestDays(on: database as! any SQLDatabase).sorted(by: { $0.key < $1.key }) {
                if let model = try await RateSnapshotModel.query(on: database)
                    .filter(\.$source == source.rawValue).filter(\.$effectiveDate == date.description)
                    .sort(\.$storedAt, .descending).with(\.$rates).first()
                {
                    snapshots.append(try model.toEntity())
                }
            }
            return snapshots
        }
    }

    /// The newest day stored of each source.
    package func newestDays() async throws -> [RateSourceID: CalendarDate] {
        try await database.run { try await Self.newestDays(on: $0 as! any SQLDatabase) }
    }

    private static func newestDays(on sql: any SQLDatabase) async throws -> [RateSourceID: CalendarDate] {
        let rows = try await sql.raw(
            "SELECT source, max(effective_date) AS newest FROM \(ident: RateSnapshotModel.schema) GROUP BY source"
        ).all()
        var days: [RateSourceID: CalendarDate] = [:]
        for row in rows {
            guard let date = CalendarDate(iso8601: try row.decode(column: "newest", as: String.self)) else { continue }
            days[try RateSourceID(stored: try row.decode(column: "source", as: String.self), in: "rate_snapshots")] = date
        }
        return days
    }

    /// Changes whenever a snapshot is stored (how many there are, and the newest one's time):
    /// instances compare it to know another one stored rates.
    package func storedVersion() async throws -> String {
        try await database.run { database in
            let row = try await (database as! any SQLDatabase).raw(
                "SELECT count(*) AS stored, max(stored_at) AS newest FROM \(ident: RateSnapshotModel.schema)"
            ).first()
            let count = try row?.decode(column: "stored", as: Int.self) ?? 0
            let newest = try row?.decode(column: "newest", as: Date?.self)
            return "\(count)/\(newest?.timeIntervalSince1970 ?? 0)"
        }
    }

    /// The current snapshot's id, without loading its rates.
    package func latestID() async throws -> UUID? {
        try await database.run { database in try await current(on: database) { $0.field(\.$id) }?.id }
    }

    package func isEmpty() async throws -> Bool {
        try await database.run { try await RateSnapshotModel.query(on: $0).count() == 0 }
    }

    /// The current snapshot first: the latest effective date, the latest stored on that date.
    private static func newestFirst(on database: any Database) -> QueryBuilder<RateSnapshotModel> {
        RateSnapshotModel.query(on: database)
            .sort(\.$effectiveDate, .descending)
            .sort(\.$storedAt, .descending)
    }
}
