import Core
import Fluent
import Foundation

/// A stored snapshot's header row; its rates are ``SnapshotRateModel`` rows.
package final class RateSnapshotModel: Model, @unchecked Sendable {
    package static let schema = "rate_snapshots"

    @ID(key: .id) package var id: UUID?
    @Field(key: "source") package var source: String
    @Field(key: "base_currency") package var baseCurrency: String
    /// `YYYY-MM-DD`: a calendar day has no time zone, and the text sorts like the date.
    @Field(key: "effective_date") package var effectiveDate: String
    @Field(key: "stored_at") package var storedAt: Date
    /// ``Quotation``'s raw value: which way the rates are written.
    @Field(key: "quotation") package var quotation: String
    /// ``RateSnapshot/reversed``, space-separated (``reversedText(_:)``).
    @Field(key: "reversed") package var reversed: String
    @Children(for: \.$snapshot) package var rates: [SnapshotRateModel]

    package init() {}

    package init(_ snapshot: RateSnapshot) {
        id = snapshot.id ?? UUID()
        source = snapshot.source.rawValue
        baseCurrency = snapshot.baseCurrency
        effectiveDate = snapshot.effectiveDate.description
        storedAt = snapshot.storedAt
        quotation = snapshot.quotation.rawValue
        reversed = Self.reversedText(snapshot.reversed)
    }

    /// The stored form of ``RateSnapshot/reversed``: the codes sorted, space-separated.
    package static func reversedText(_ codes: Set<String>) -> String { codes.sorted().joined(separator: " ") }

    /// ``RateSnapshot/reversed`` from its stored form.
    package static func reversedCodes(_ text: String) -> Set<String> { Set(text.split(separator: " ").map(String.init)) }

    /// The entity, with the rates that were eager-loaded (`with(\.$rates)`).
    package func toEntity() throws -> RateSnapshot {
        guard let date = CalendarDate(iso8601: effectiveDate) else {
            throw PersistenceError.corruptRow("rate_snapshots \(id?.uuidString ?? "?") has effective_date \(effectiveDate)")
        }
        guard let quotation = Quotation(rawValue: quotation) else {
            throw PersistenceError.corruptRow("rate_snapshots \(id?.uuidString ?? "?") has quotation \(quotation)")
        }
        var snapshot = RateSnapshot(
            id: id, source: try RateSourceID(stored: source, in: "rate_snapshots \(id?.uuidString ?? "?")"), baseCurrency: baseCurrency,
            effectiveDate: date, storedAt: storedAt,
            rates: Dictionary(rates.map { ($0.currencyCode, $0.rate) }, uniquingKeysWith: { first, _ in first }), quotation: quotation,
            reversed: Self.reversedCodes(reversed))
        for rate in rates {
            guard let buying = rate.buying, let selling = rate.selling else { continue }
            snapshot.sides.buying[rate.currencyCode] = buying
            snapshot.sides.selling[rate.currencyCode] = selling
        }
        return snapshot
    }
}

extension RateSourceID {
    /// The id a row holds, or ``PersistenceError/corruptRow(_:)`` naming `row`.
    package init(stored text: String, in row: @autoclosure () -> String) throws {
        guard let id = RateSourceID(text) else { throw PersistenceError.corruptRow("\(row()) has source \(text)") }
        self = id
    }
}

package enum PersistenceError: Error, CustomStringConvertible {
    case corruptRow(String)

    package var description: String {
        switch self {
        case .corruptRow(let detail): "A stored row cannot be read: \(detail)"
        }
    }
}
