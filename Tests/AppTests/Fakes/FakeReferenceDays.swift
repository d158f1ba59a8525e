import Foundation
import TestSupport

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

/// The ECB's days from a list of snapshots, cut as the cached days are cut.
struct FakeReferenceDays: ReferenceRateDays {
    let days: RateDays

    init(_ snapshots: [RateSnapshot]) {
        var builder = RateDays.Builder()
        for snapshot in snapshots.sorted(by: { $0.effectiveDate < $1.effectiveDate }) {
            let id = snapshot.id ?? UUID()
            for (code, rate) in snapshot.rates.sorted(by: { $0.key < $1.key }) {
                builder.add(snapshot: id, date: snapshot.effectiveDate, code: code, rate: rate, source: snapshot.source)
            }
        }
        days = builder.build()
    }

    /// Ten real days of the ECB's file (`Resources/ecb-hist-frankfurter.zip`): 1999-01-04;
    /// 2007-12-28, 2007-12-31 and 2008-01-02 (the Cypriot pound and Maltese lira last quoted on
    /// the 31st); 2020-03-13 and 2020-03-16 (a weekend between); 2023-04-06; 2024-07-26;
    /// 2025-05-08 and 2025-05-09.
    static func frankfurterDays() throws -> FakeReferenceDays {
        FakeReferenceDays(try BundledRates(archive: Fixtures.frankfurterArchive).days().map { $0.snapshot(storedAt: testNow) })
    }

    func referenceDays(from start: CalendarDate, through end: CalendarDate) async throws -> RateDays {
        days.days(from: start, through: end)
    }
}

/// Days that cannot be read, as a database that is down.
struct FailingReferenceDays: ReferenceRateDays {
    struct Down: Error {}
    func referenceDays(from start: CalendarDate, through end: CalendarDate) async throws -> RateDays { throw Down() }
}
