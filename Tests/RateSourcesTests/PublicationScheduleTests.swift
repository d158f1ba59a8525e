import Foundation
import Testing

@testable import Core
@testable import RateSources

/// When each provider's newest rates are due: after its publication time in its own zone, on its
/// publication days, a day ahead for the publishers that date their rates ahead.
@Suite("Each provider's publication schedule")
struct PublicationScheduleTests {
    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static func due(_ source: RateSource, _ moment: String) -> String {
        PublicationSchedule.latestDue(of: source, at: at(moment)).description
    }

    @Test("the Polish tables: A at 12:15 in Warsaw on weekdays, B on Wednesdays")
    func poland() {
        #expect(Self.due(.nbp, "2026-03-20T11:00:00Z") == "2026-03-19") // 12:00 in Warsaw
        #expect(Self.due(.nbp, "2026-03-20T11:30:00Z") == "2026-03-20")
        #expect(Self.due(.nbp, "2026-03-22T09:00:00Z") == "2026-03-20", "Sunday: Friday's")
        #expect(Self.due(.nbpB, "2026-03-20T11:30:00Z") == "2026-03-18", "the week's Wednesday")
        #expect(Self.due(.nbpB, "2026-03-18T10:00:00Z") == "2026-03-11", "before Wednesday's is out, the week before's")
        // Summer time: 12:15 in Warsaw is 10:15 UTC.
        #expect(Self.due(.nbp, "2026-06-10T10:30:00Z") == "2026-06-10")
    }

    @Test("the Bank of Russia and the National Bank of Ukraine date their rates the next day")
    func datesAhead() {
        #expect(Self.due(.cbr, "2026-03-20T12:00:00Z") == "2026-03-20") // 15:00 in Moscow: Thursday's, for Friday
        #expect(Self.due(.cbr, "2026-03-20T13:00:00Z") == "2026-03-21") // 16:00: Friday's, for Saturday
        #expect(Self.due(.nbu, "2026-03-20T14:00:00Z") == "2026-03-21") // 16:00 in Kyiv
    }

    @Test("the Reserve Bank of Australia ahead of UTC; the ECB's TARGET holidays")
    func zones() {
        #expect(Self.due(.rba, "2026-03-20T04:00:00Z") == "2026-03-19") // 15:00 in Sydney
        #expect(Self.due(.rba, "2026-03-20T06:00:00Z") == "2026-03-20") // 17:00
        #expect(Self.due(.ecb, "2026-04-06T15:00:00Z") == "2026-04-02", "Easter Monday and Good Friday: Thursday's")
        #expect(Self.due(.boc, "2026-03-20T21:00:00Z") == "2026-03-20") // 17:00 in Toronto
        #expect(Self.due(.boc, "2026-03-20T20:00:00Z") == "2026-03-19") // 16:00
    }

    @Test("every kit provider that still publishes is fetched after its own publication time, in a time zone that exists")
    func everyKitProvider() throws {
        // ExchangeRate-API's snapshot is not a publication of a day: it is fetched each round;
        // the Kursliste is uploaded, never fetched.
        for declaration in ProviderKit.declarations
        where declaration.source.cadence != .historical && declaration.source.kind != .commercial
            && ProviderFeed(declaration).uploaded == nil
        {
            let publishes = try #require(declaration.source.publishes, "\(declaration.source.id)")
            #expect(TimeZone(identifier: publishes.timeZone) != nil, "\(declaration.source.id): \(publishes.timeZone)")
            #expect((0..<24).contains(publishes.hour) && (0..<60).contains(publishes.minute))
        }
        #expect(Self.due(.cfets, "2026-03-20T01:00:00Z") == "2026-03-19") // 09:00 in Shanghai
        #expect(Self.due(.cfets, "2026-03-20T01:30:00Z") == "2026-03-20") // 09:30: the day's central parity
        #expect(Self.due(.hkma, "2026-03-20T10:00:00Z") == "2026-03-19") // 18:00 in Hong Kong
        // The National Bank of Georgia sets the next day's rates in the evening.
        #expect(Self.due(.nbg, "2026-03-20T12:00:00Z") == "2026-03-20") // 16:00 in Tbilisi: Thursday's, for Friday
        #expect(Self.due(.nbg, "2026-03-20T13:30:00Z") == "2026-03-21") // 17:30: Friday's, for Saturday
    }

    @Test("the State Bank of Pakistan releases a month's days from the 15th of the next")
    func monthlyRelease() {
        #expect(Self.due(.sbp, "2026-03-10T12:00:00Z") == "2026-01-30", "January's last weekday until March's release")
        #expect(Self.due(.sbp, "2026-03-15T04:00:00Z") == "2026-01-30") // 09:00 in Karachi on the 15th
        #expect(Self.due(.sbp, "2026-03-15T06:00:00Z") == "2026-02-27", "February's, ending on a Saturday")
        #expect(Self.due(.sbp, "2026-01-20T06:00:00Z") == "2025-12-31", "across the year")
        #expect(
            RateSource.PublicationTime.endOfMonthReleased(by: CalendarDate(iso8601: "2026-01-14")!, releaseDay: 15).description
                == "2025-11-30")
    }
}
