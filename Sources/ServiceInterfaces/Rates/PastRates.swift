import Core
import Foundation

/// The rates of a past day for a pair, as a converter on a date needs them: the business day on
/// or before the asked date (weekends and holidays fall back to the day before), and that day's
/// snapshot if it quotes both currencies.
package enum PastRates: Sendable, Equatable {
    /// The rates of `snapshot.effectiveDate`, the latest stored day on or before the asked one.
    case found(RateSnapshot)
    /// Nothing is stored on or before the asked date; `firstDay` is the earliest stored one.
    case beforeFirstDay(firstDay: CalendarDate?)
    /// The business day does not quote `code`; `quoted` is the first and last day that do
    /// (`nil` when none ever did).
    case notQuoted(code: String, day: CalendarDate, quoted: ClosedRange<CalendarDate>?)
    /// A rate in force until the next (a tax authority's month or quarter): the newest stored
    /// on or before the asked date, dated `day`, was offered only through `lastDay` (its period
    /// and its grace, ``RateSource/Cadence/isInForce(_:on:)``), and no later one is stored.
    case outOfForce(day: CalendarDate, lastDay: CalendarDate)
}

/// Looks up the rates of a past day from a source: a provider (``FluentRateSnapshotStore``
/// reads its days) or the blend of the official ones (the app's ``OfficialRates``); tests hand
/// interactors a fake.
package protocol PastRatesReading: Sendable {
    func rates(on date: CalendarDate, from: String, to: String, source: RateSourceID) async throws -> PastRates
}
