import Fluent
import Foundation

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

    func history(from: String, to: String) async throws -> [RatePoint] {
        let rows = try await database.run { database in
            try await SnapshotRateModel.query(on: database)
                .join(RateSnapshotModel.self, on: \SnapshotRateModel.$snapshot.$id == \RateSnapshotModel.$id)
                .filter(\.$currencyCode ~~ [from, to])
                .all()
        }
        var perSnapshot: [UUID: (snapshot: RateSnapshotModel, rates: [String: Decimal])] = [:]
        for row in rows {
            let snapshot = try row.joined(RateSnapshotModel.self)
            guard let id = snapshot.id else { continue }
            perSnapshot[id, default: (snapshot, [:])].rates[row.currencyCode] = row.rate
        }
        var latestPerDay: [String: (storedAt: Date, point: RatePoint)] = [:]
        for (snapshot, rates) in perSnapshot.values {
            guard let fromRate = rates[from], let toRate = rates[to], fromRate > 0,
                  let date = CalendarDate(iso8601: snapshot.effectiveDate) else { continue }
            if let kept = latestPerDay[snapshot.effectiveDate], kept.storedAt >= snapshot.storedAt { continue }
            latestPerDay[snapshot.effectiveDate] = (snapshot.storedAt, RatePoint(date: date, rate: toRate / fromRate, source: snapshot.source))
        }
        return latestPerDay.values.map(\.point).sorted { $0.date < $1.date }
    }
}
