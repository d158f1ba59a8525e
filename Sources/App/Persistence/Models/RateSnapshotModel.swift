import Fluent
import Foundation

/// A stored snapshot's header row; its rates are ``SnapshotRateModel`` rows.
final class RateSnapshotModel: Model, @unchecked Sendable {
    static let schema = "rate_snapshots"

    @ID(key: .id) var id: UUID?
    @Field(key: "source") var source: String
    @Field(key: "base_currency") var baseCurrency: String
    /// `YYYY-MM-DD`: a calendar day has no time zone, and the text sorts like the date.
    @Field(key: "effective_date") var effectiveDate: String
    @Field(key: "stored_at") var storedAt: Date
    @Children(for: \.$snapshot) var rates: [SnapshotRateModel]

    init() {}

    init(_ snapshot: RateSnapshot) {
        id = snapshot.id ?? UUID()
        source = snapshot.source
        baseCurrency = snapshot.baseCurrency
        effectiveDate = snapshot.effectiveDate.description
        storedAt = snapshot.storedAt
    }

    /// The entity, with the rates that were eager-loaded (`with(\.$rates)`).
    func toEntity() throws -> RateSnapshot {
        guard let date = CalendarDate(iso8601: effectiveDate) else {
            throw PersistenceError.corruptRow("rate_snapshots \(id?.uuidString ?? "?") has effective_date \(effectiveDate)")
        }
        return RateSnapshot(
            id: id, source: source, baseCurrency: baseCurrency, effectiveDate: date, storedAt: storedAt,
            rates: Dictionary(rates.map { ($0.currencyCode, $0.rate) }, uniquingKeysWith: { first, _ in first }))
    }
}

enum PersistenceError: Error, CustomStringConvertible {
    case corruptRow(String)

    var description: String {
        switch self {
        case .corruptRow(let detail): "A stored row cannot be read: \(detail)"
        }
    }
}
