import Foundation
import Testing

@testable import Core

@Suite("CalendarDate")
struct CalendarDateTests {
    @Test func parsesAndPrintsISO8601() throws {
        let date = try #require(CalendarDate(iso8601: "2025-05-09"))
        #expect((date.year, date.month, date.day) == (2025, 5, 9))
        #expect(date.description == "2025-05-09")
    }

    @Test(
        "rejects anything but a real YYYY-MM-DD day",
        arguments: [
            "2025-02-30", "2025-13-01", "2025-5-9", "25-05-09", "2025-05-09T00:00:00Z", "", "yesterday", "2025-05-0x",
        ])
    func rejects(text: String) {
        #expect(CalendarDate(iso8601: text) == nil)
    }

    @Test func countsDaysAndOrders() throws {
        let may9 = try #require(CalendarDate(iso8601: "2025-05-09"))
        let may12 = try #require(CalendarDate(iso8601: "2025-05-12"))
        #expect(may9.days(until: may12) == 3)
        #expect(may12.days(until: may9) == -3)
        #expect(may9 < may12)
        #expect(CalendarDate(containing: testNow) == may12)
    }

    @Test func codesAsText() throws {
        let date = try #require(CalendarDate(iso8601: "2024-02-29"))
        let json = try JSONEncoder().encode([date])
        #expect(String(decoding: json, as: UTF8.self) == "[\"2024-02-29\"]")
        #expect(try JSONDecoder().decode([CalendarDate].self, from: json) == [date])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDate].self, from: Data("[\"2023-02-29\"]".utf8)) }
    }
}

@Suite("CalendarDate day numbers")
struct CalendarDayNumberTests {
    @Test("day numbers agree with Foundation's calendar across four centuries and leap days")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let epoch = try #require(calendar.date(from: DateComponents(year: 1970, month: 1, day: 1)))
        for dayNumber in stride(from: -80_000, through: 80_000, by: 97) + [0, -1, 11_016, 11_017, 10_956] {
            let date = CalendarDate(dayNumber: dayNumber)
            let expected = calendar.dateComponents([.year, .month, .day], from: epoch.addingTimeInterval(Double(dayNumber) * 86_400))
            #expect((date.year, date.month, date.day) == (expected.year!, expected.month!, expected.day!))
            #expect(date.dayNumber == dayNumber)
            #expect(CalendarDate(iso8601: date.description) == date)
            #expect(date.description == String(format: "%04d-%02d-%02d", date.year, date.month, date.day))
        }
    }

    @Test(
        "written as ISO 8601 always writes a day: four-digit years",
        arguments: [
            (999, 1, 5, "0999-01-05"), (2026, 11, 22, "2026-11-22"), (1999, 12, 31, "1999-12-31"),
        ])
    func writesFourDigitYears(year: Int, month: Int, day: Int, expected: String) throws {
        #expect(try #require(CalendarDate(year: year, month: month, day: day)).description == expected)
    }

    @Test func leapYears() {
        #expect(CalendarDate(iso8601: "2000-02-29") != nil)
        #expect(CalendarDate(iso8601: "1900-02-29") == nil)
        #expect(CalendarDate(iso8601: "2024-02-29") != nil)
        #expect(CalendarDate(iso8601: "2024-04-31") == nil)
        #expect(CalendarDate(containing: Date(timeIntervalSince1970: -1)).description == "1969-12-31")
    }
}
