import Foundation

/// Dates as the pages print them: UTC, unambiguous, independent of the server's locale.
package enum DateText {
    /// `2025-05-12 12:00:05 UTC`
    package static func timestamp(_ date: Date) -> String {
        let day = CalendarDate(containing: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) - day.dayNumber * 86_400
        return String(format: "%@ %02d:%02d:%02d UTC", day.description, seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// `2025-05-12T12:00:05Z`, for `<time datetime>` and exports.
    package static func iso8601(_ date: Date) -> String {
        timestamp(date).replacingOccurrences(of: " UTC", with: "Z").replacingOccurrences(of: " ", with: "T")
    }

    /// `March 2026`
    package static func month(of date: CalendarDate) -> String { "\(monthNames[date.month - 1]) \(date.year)" }

    /// `2026-03`, for `<time datetime>`.
    package static func isoMonth(of date: CalendarDate) -> String { String(date.description.prefix(7)) }

    /// `Friday 2020-03-13`
    package static func dayWithWeekday(_ date: CalendarDate) -> String { "\(weekday(of: date)) \(date)" }

    /// `Friday`: 1970-01-01, day number 0, was a Thursday.
    package static func weekday(of date: CalendarDate) -> String {
        weekdayNames[((date.dayNumber + 3) % 7 + 7) % 7]
    }

    private static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]
}
