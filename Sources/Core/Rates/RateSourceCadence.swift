extension RateSource {
    /// What kind of publisher a source is: the Source menu groups them, and only central banks blend.
    package enum Kind: String, Sendable {
        case centralBank = "central bank"
        /// A tax or customs authority's rates for returns and declarations (HMRC's monthly
        /// rates, the US Treasury's quarterly ones): each in force from its day until the next.
        case taxAndCustoms = "tax and customs"
        /// A publisher kept for past dates and its own views, never blended: a central bank's
        /// history before its currency was replaced (the Bundesbank's marks, the litas), or an
        /// international organisation's rates (the IMF's, the BIS's monthly ones).
        case reference = "historical and international"
        case commercial

        /// Whether its rates go into the blend: a central bank's daily rates only.
        package var isBlended: Bool { self == .centralBank }
    }

    /// How often a publisher sets its rates, and what follows from it: which days it publishes
    /// on, how far a refresh looks back, how late it may be, and how long a rate stays in force.
    package enum Cadence: String, Sendable {
        case daily, weekly, monthly, quarterly
        /// A month's last day's rate, published monthly (the BIS's end-of-period series): a
        /// day's rate like a daily publisher's, one a month, never in force beyond its day.
        case monthEnd = "month-end"
        /// Daily rates no longer published (a currency since replaced by the euro): its days
        /// are backfilled, a refresh never asks for new ones and it is never late.
        case historical
        /// A year's last day's rate, published once a year (the Kursliste's year-end rates, the
        /// value of foreign money on 31 December): in force on its day only.
        case yearEnd = "year-end"
        /// A year's mean, published after the year (the Kursliste's): stored on the year's first
        /// day, in force through its last, never in the next year.
        case yearly

        /// Whether a rate stays in force until the next one (a month's, a quarter's), rather than
        /// being a day's.
        package var appliesUntilNext: Bool { self == .monthly || self == .quarterly || self == .yearly }

        /// Whether a rate converts amounts of its own day only: a later day's amount has no
        /// rate until the next one (the value on 31 December is not the value in June).
        package var inForceOnItsDayOnly: Bool { self == .yearEnd }

        /// Whether a rate stops being in force on a day of its own (its period's last, or its
        /// own day) rather than standing until a later one comes.
        package var expires: Bool { appliesUntilNext || inForceOnItsDayOnly }

        /// Whether `day` is one the publisher sets rates for: weekdays, the Polish table B's
        /// Wednesdays, a month's first day, a quarter's last (the US Treasury's record dates).
        package func isPublicationDay(_ day: CalendarDate) -> Bool {
            switch self {
            case .daily, .historical: day.isoWeekday <= 5
            case .weekly: day.isoWeekday == 3
            case .monthly: day.day == 1
            case .monthEnd: day.adding(days: 1).day == 1
            case .quarterly: day.month % 3 == 0 && day.adding(days: 1).day == 1
            case .yearEnd: day.month == 12 && day.day == 31
            case .yearly: day.month == 1 && day.day == 1
            }
        }

        /// Days a refresh looks back when nothing is missing: a weekend with a holiday, a week,
        /// a month, a quarter (each with room to spare).
        package var reach: Int {
            switch self {
            case .daily, .historical: 10
            case .weekly: 14
            case .monthly: 40
            // The BIS's series of smaller currencies come a month or two after the main ones.
            case .monthEnd: 100
            case .quarterly: 100
            case .yearEnd, .yearly: 400
            }
        }

        /// Days a publisher may go without a new day and not be late: a weekend and a holiday
        /// for a daily one, its period and the same for the others.
        package var allowance: Int {
            switch self {
            case .daily: 3
            // Never late: no day is expected.
            case .historical: 36_600
            case .weekly: 10
            case .monthly: 31 + Self.monthly.grace
            case .monthEnd: 62
            case .quarterly: 92 + Self.quarterly.grace
            // A year's list comes out in the first months of the next; a year's mean is dated
            // on the year's first day.
            case .yearEnd: 366 + 92
            case .yearly: 366 + 366 + 92
            }
        }

        /// Days a rate of a period is still offered after the period, while the next one is
        /// not out: HMRC publishes a month's rates before it starts, so a week covers a late
        /// one; the US Treasury publishes a quarter's a few days to weeks after its record date.
        /// `0` for rates read day by day (the blend's own age limit applies to those).
        package var grace: Int {
            switch self {
            case .daily, .weekly, .historical, .monthEnd, .yearEnd, .yearly: 0
            case .monthly: 7
            case .quarterly: 21
            }
        }

        /// Whether a rate dated `rateDay` is in force on `day` for a publisher of this cadence
        /// whose rates expire: up to the day before the next publication day (a year-end rate:
        /// its day), and ``grace`` days beyond it. Daily and weekly rates are not cut off here.
        package func isInForce(_ rateDay: CalendarDate, on day: CalendarDate) -> Bool {
            guard rateDay <= day else { return false }
            return !expires || day <= lastDayInForce(of: rateDay).adding(days: grace)
        }

        /// The last day of the period a rate dated `rateDay` is set for: the day before the next
        /// publication day; a year-end rate's own day.
        package func lastDayInForce(of rateDay: CalendarDate) -> CalendarDate {
            if inForceOnItsDayOnly { return rateDay }
            var next = rateDay.adding(days: 1)
            while !isPublicationDay(next) { next = next.adding(days: 1) }
            return next.adding(days: -1)
        }

        /// The last day a rate dated `rateDay` stands for: its period's (``lastDayInForce(of:)``)
        /// for a rate that applies until the next, its own day for a day's or a week's.
        package func periodEnd(of rateDay: CalendarDate) -> CalendarDate {
            appliesUntilNext ? lastDayInForce(of: rateDay) : rateDay
        }

        /// Publication days strictly after `end` and before `today`.
        package func publicationDays(after end: CalendarDate, before today: CalendarDate) -> Int {
            var count = 0
            var day = end.adding(days: 1)
            while day < today {
                if isPublicationDay(day) { count += 1 }
                day = day.adding(days: 1)
            }
            return count
        }
    }
}
