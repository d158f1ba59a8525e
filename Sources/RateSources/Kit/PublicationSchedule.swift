import Core
import Foundation

/// When each provider's newest rates are out, so the schedule fetches a provider only once its
/// publication is due and not yet stored: after its publication time in its own time zone, on
/// weekdays (the Polish table B on Wednesdays), dated the next day where the publisher dates
/// ahead; a month's days once its release is due (from the first day it may come out on). The ECB's TARGET holidays are known (``ECBPublicationSchedule``); other holidays only
/// cost a fetch that finds nothing new.
package enum PublicationSchedule {
    /// The effective date of the newest rates `source` has published by `now`.
    package static func latestDue(of source: RateSource, at now: Date) -> CalendarDate {
        if source.provider == .ecb { return ECBPublicationSchedule.latestDue(at: now) }
        guard let publishes = source.publishes, let zone = TimeZone(identifier: publishes.timeZone) else {
            return CalendarDate(containing: now)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let local = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        guard let year = local.year, let month = local.month, let dayOfMonth = local.day,
            var day = CalendarDate(year: year, month: month, day: dayOfMonth)
        else { return CalendarDate(containing: now) }
        if ((local.hour ?? 0), (local.minute ?? 0)) < (publishes.hour, publishes.minute) { day = day.adding(days: -1) }
        if let release = publishes.monthlyRelease {
            day = RateSource.PublicationTime.endOfMonthReleased(by: day, releaseDay: release.lowerBound)
        }
        while !(source.cadence ?? .daily).isPublicationDay(day) { day = day.adding(days: -1) }
        return source.datesAhead ? day.adding(days: 1) : day
    }
}
