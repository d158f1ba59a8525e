import Foundation
import Testing

@testable import Core

@Suite("When the ECB publishes: 16:00 in Frankfurt on TARGET business days")
struct ECBPublicationScheduleTests {
    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    @Test("weekends and TARGET holidays have no rates; Easter moves")
    func businessDays() {
        #expect(ECBPublicationSchedule.easterSunday(2024) == day("2024-03-31"))
        #expect(ECBPublicationSchedule.easterSunday(2025) == day("2025-04-20"))
        #expect(ECBPublicationSchedule.easterSunday(2026) == day("2026-04-05"))
        for holiday in ["2024-03-29", "2024-04-01", "2025-01-01", "2025-05-01", "2025-12-25", "2025-12-26", "2025-05-10", "2025-05-11"] {
            #expect(!ECBPublicationSchedule.isBusinessDay(day(holiday)), "\(holiday)")
        }
        for open in ["2024-03-28", "2024-04-02", "2025-05-09", "2025-05-12", "2025-12-24", "2025-12-31"] {
            #expect(ECBPublicationSchedule.isBusinessDay(day(open)), "\(open)")
        }
    }

    @Test("16:00 is 14:00 UTC in summer and 15:00 UTC in winter; the next and the latest due publications")
    func times() {
        #expect(ECBPublicationSchedule.publication(on: day("2025-05-12")) == date("2025-05-12T14:00:00Z"))
        #expect(ECBPublicationSchedule.publication(on: day("2025-01-10")) == date("2025-01-10T15:00:00Z"))
        #expect(ECBPublicationSchedule.publication(on: day("2025-03-28")) == date("2025-03-28T15:00:00Z")) // before the switch on the 30th
        #expect(ECBPublicationSchedule.publication(on: day("2025-03-31")) == date("2025-03-31T14:00:00Z"))
        // Monday noon: Friday's are the latest due, Monday's come at 14:00 UTC.
        #expect(ECBPublicationSchedule.latestDue(at: date("2025-05-12T12:00:00Z")) == day("2025-05-09"))
        #expect(ECBPublicationSchedule.next(after: date("2025-05-12T12:00:00Z")) == date("2025-05-12T14:00:00Z"))
        #expect(ECBPublicationSchedule.latestDue(at: date("2025-05-12T14:00:00Z")) == day("2025-05-12"))
        // Maundy Thursday evening: next is the Tuesday after Easter Monday.
        #expect(ECBPublicationSchedule.next(after: date("2025-04-17T18:00:00Z")) == date("2025-04-22T14:00:00Z"))
    }
}
