import Foundation
import Testing

@testable import Core

/// How late a provider is: against its cadence, and for a publisher releasing a month at a time,
/// against the month whose release is due.
@Suite("Provider health: days behind")
struct ProviderHealthTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    static func behind(_ source: RateSource, newest: String, today: String) -> Int? {
        ProviderHealth(source: source, newestDay: day(newest), lastSuccess: nil, lastFailure: nil).daysBehind(on: day(today))
    }

    static let daily = RateSource.official(
        "daily", "A daily publisher", website: "https://daily.example", home: "GEL", country: "GE", rateType: "official rate",
        terms: "https://daily.example/terms")
    static let monthly = RateSource.official(
        "monthly", "A monthly publisher", website: "https://monthly.example", home: "PKR", country: "PK", rateType: "average rate",
        terms: "https://monthly.example/terms",
        publishes: .init(hour: 10, minute: 0, timeZone: "Asia/Karachi", monthlyRelease: 15...28))

    @Test("a daily publisher: a weekend and a holiday allowed, then each day counts")
    func daily() {
        #expect(Self.behind(Self.daily, newest: "2026-03-20", today: "2026-03-23") == 0)
        #expect(Self.behind(Self.daily, newest: "2026-03-13", today: "2026-03-23") == 7)
    }

    @Test("a month released by the 28th of the next: on time until the 28th has passed, then late by the days missing")
    func monthlyRelease() {
        #expect(Self.behind(Self.monthly, newest: "2026-01-30", today: "2026-03-20") == 0, "February's may come up to the 28th")
        #expect(Self.behind(Self.monthly, newest: "2026-01-30", today: "2026-03-28") == 0)
        #expect(Self.behind(Self.monthly, newest: "2026-01-30", today: "2026-03-29") == 26, "February's is late: to the 28th")
        #expect(Self.behind(Self.monthly, newest: "2026-02-27", today: "2026-03-29") == 0, "a month ending on a weekend")
        #expect(Self.behind(Self.monthly, newest: "2025-12-31", today: "2026-03-29") == 56)
    }
}
