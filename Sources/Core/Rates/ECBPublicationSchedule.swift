import Foundation

/// When the ECB publishes its euro reference rates: at about 16:00 Frankfurt time (CET, or CEST
/// in summer) on TARGET business days, which are weekdays other than New Year's Day, Good
/// Friday, Easter Monday, 1 May and 25–26 December. Caches of `/v1` answers stay fresh until the
/// next publication is due.
package enum ECBPublicationSchedule {
    /// Whether the ECB publishes rates on `date`.
    package static func isBusinessDay(_ date: CalendarDate) -> Bool {
        let weekday = (date.dayNumber % 7 + 10) % 7 // 0 = Monday (1970-01-01 was a Thursday)
        guard weekday < 5 else { return false }
        switch (date.month, date.day) {
        case (1, 1), (5, 1), (12, 25), (12, 26): return false
        default: break
        }
        let easter = easterSunday(date.year).dayNumber
        return date.dayNumber != easter - 2 && date.dayNumber != easter + 1
    }

    /// When `date`'s rates are published: 16:00 in Frankfurt.
    package static func publication(on date: CalendarDate) -> Date {
        let midnightUTC = TimeInterval(date.dayNumber) * 86_400
        let offsetHours: TimeInterval = isSummerTime(date) ? 2 : 1
        return Date(timeIntervalSince1970: midnightUTC + (16 - offsetHours) * 3_600)
    }

    /// The newest business day whose rates are due by `now`.
    package static func latestDue(at now: Date) -> CalendarDate {
        var day = CalendarDate(containing: now)
        while !isBusinessDay(day) || publication(on: day) > now { day = CalendarDate(dayNumber: day.dayNumber - 1) }
        return day
    }

    /// The first publication due after `now`.
    package static func next(after now: Date) -> Date {
        var day = CalendarDate(containing: now)
        while !isBusinessDay(day) || publication(on: day) <= now { day = CalendarDate(dayNumber: day.dayNumber + 1) }
        return publication(on: day)
    }

    /// Central European Summer Time: from the last Sunday of March to the last Sunday of
    /// October (the switch at 01:00 UTC does not matter at 16:00).
    private static func isSummerTime(_ date: CalendarDate) -> Bool {
        let start = lastSunday(of: 3, in: date.year), end = lastSunday(of: 10, in: date.year)
        return date >= start && date < end
    }

    private static func lastSunday(of month: Int, in year: Int) -> CalendarDate {
        let last = CalendarDate(year: year, month: month, day: 31)!
        let weekday = (last.dayNumber % 7 + 10) % 7 // 6 = Sunday
        return CalendarDate(dayNumber: last.dayNumber - (weekday + 1) % 7)
    }

    /// The anonymous Gregorian algorithm (Meeus/Jones/Butcher).
    package static func easterSunday(_ year: Int) -> CalendarDate {
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return CalendarDate(year: year, month: month, day: day)!
    }
}
