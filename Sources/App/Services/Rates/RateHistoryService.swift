import Fluent
import Foundation
import SQLKit

/// One day's rate of a currency pair.
struct RatePoint: Sendable, Equatable {
    let date: CalendarDate
    /// Units of `to` per one unit of `from`.
    let rate: Decimal
    let source: String
}

/// A pair's rate over the stored snapshots.
protocol RateHistoryService: Sendable {
    /// One point per effective date (the latest stored snapshot of that day), oldest first;
    /// days whose snapshot lacks either currency are left out.
    func history(from: String, to: String) async throws -> [RatePoint]
}

struct FluentRateHistoryService: RateHistoryService {
    let database: DatabaseAccess

    /// One row per snapshot quoting both currencies (each read through the (currency, snapshot)
    /// index), not every rate of every snapshot, and no Fluent models on the way.
    func history(from: String, to: String) async throws -> [RatePoint] {
        let rows = try await database.run { database in
            try await (database as! any SQLDatabase).raw("""
                SELECT s.effective_date, s.stored_at, s.source, f.rate AS from_rate, t.rate AS to_rate
                FROM \(ident: RateSnapshotModel.schema) s
                JOIN \(ident: SnapshotRateModel.schema) f ON f.snapshot_id = s.id AND f.currency_code = \(bind: from)
                JOIN \(ident: SnapshotRateModel.schema) t ON t.snapshot_id = s.id AND t.currency_code = \(bind: to)
                ORDER BY s.effective_date, s.stored_at
                """).all()
        }
        // Oldest first, and within a day the latest stored last: it replaces the earlier ones.
        var points: [RatePoint] = []
        points.reserveCapacity(rows.count)
        for row in rows {
            let fromRate = try row.decode(column: "from_rate", as: Decimal.self)
            guard fromRate > 0, let date = CalendarDate(iso8601: try row.decode(column: "effective_date", as: String.self)) else {
                continue
            }
            let point = RatePoint(date: date, rate: try row.decode(column: "to_rate", as: Decimal.self) / fromRate,
                                  source: try row.decode(column: "source", as: String.self))
            if points.last?.date == date { points[points.count - 1] = point } else { points.append(point) }
        }
        return points
    }
}
