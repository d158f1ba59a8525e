import Foundation
import TestSupport

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

/// Past days' rates from a list of snapshots, looked up as the store looks them up: the last
/// day on or before the date, that day's latest snapshot quoting both currencies.
struct FakePastRates: PastRatesReading {
    let snapshots: [RateSnapshot]

    /// Days of the ECB's file (`Resources/ecb-hist-spot-days.csv`: nine real days, 1999 to 2026).
    static func spotDays() throws -> FakePastRates {
        let data = try Data(contentsOf: Fixtures.resource("ecb-hist-spot-days.csv"))
        return FakePastRates(snapshots: try ECBHistoryArchive.days(csv: data, source: "ecb").map { $0.snapshot(storedAt: testNow) })
    }

    func rates(on date: CalendarDate, from: String, to: String, source: RateSourceID) async throws -> PastRates {
        let days = snapshots.map(\.effectiveDate)
        guard let day = days.filter({ $0 <= date }).max() else { return .beforeFirstDay(firstDay: days.min()) }
        let onDay = snapshots.filter { $0.effectiveDate == day }.sorted { $0.storedAt > $1.storedAt }
        if let found = onDay.first(where: { $0.rates[from] != nil && $0.rates[to] != nil }) { return .found(found) }
        let missing = onDay.contains { $0.rates[from] != nil } ? to : from
        let quoted = snapshots.filter { $0.rates[missing] != nil }.map(\.effectiveDate)
        return .notQuoted(code: missing, day: day, quoted: quoted.min().map { $0...quoted.max()! })
    }
}

/// A store that fails, as a database that is down does.
struct FailingPastRates: PastRatesReading {
    struct Down: Error {}
    func rates(on date: CalendarDate, from: String, to: String, source: RateSourceID) async throws -> PastRates { throw Down() }
}
