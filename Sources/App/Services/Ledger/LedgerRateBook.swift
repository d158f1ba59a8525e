import Core
import Foundation
import Persistence
import ServiceInterfaces

/// One source's rates as a ledger's rule reads them: for a currency and a line's date, the rate
/// into the booking currency and its day. Each answer is kept, with the lines it converted, so a
/// million lines over a few hundred dates cost a few hundred look-ups and the receipt can list
/// every rate used.
package struct LedgerRateBook {
    /// The source's days: a provider's own (its home currency as base, written its way) or the
    /// blend's (units per euro).
    let days: RateDays
    /// The currency the days are against.
    let base: String
    let booking: String
    let rule: LedgerRule
    let today: CalendarDate
    /// The source's id and how often it sets rates: a rate that applies until the next (a tax
    /// authority's month or quarter) converts only lines of its own period.
    var source: RateSourceID = "ecb"
    var cadence = RateSource.Cadence.daily
    /// Days for the currencies `days` never quotes, against the same base (the NBP's table B).
    var fallback: (source: RateSourceID, days: RateDays, cadence: RateSource.Cadence)? = nil
    /// The side of the source's quotation `days` are (the receipt names it with each rate).
    var side = RateSide.mid
    private(set) var kept: [Key: Kept] = [:]

    struct Key: Hashable {
        let code: String
        let date: CalendarDate
    }

    struct Kept {
        let answer: Result<LedgerRate, LedgerLineProblem>
        var lines: Int
    }

    /// The rate of `code` into the booking currency for a line dated `date`.
    mutating func rate(of code: String, on date: CalendarDate) -> Result<LedgerRate, LedgerLineProblem> {
        // A month's (a year's) lines share one rate: key them by its first day.
        let key = Key(code: code, date: Self.period(of: date, rule)?.lowerBound ?? date)
        if let index = kept.index(forKey: key) {
            kept.values[index].lines += 1
            return kept.values[index].answer
        }
        let answer = look(up: code, on: date)
        kept[key] = Kept(answer: answer, lines: 1)
        return answer
    }

    private func look(up code: String, on date: CalendarDate) -> Result<LedgerRate, LedgerLineProblem> {
        let own = days
        let (source, days, cadence) =
            fallback.flatMap { fallback in own.columns[code] == nil && fallback.days.columns[code] != nil ? fallback : nil }
            ?? (source, own, cadence)
        switch rule {
        case .sameDay:
            guard date <= today else { return .failure(.futureDate(date)) }
            return rate(of: code, onOrBefore: date, in: days, from: source, cadence)
        case .previousBusinessDay:
            let asked = date.adding(days: -1)
            guard asked <= today else { return .failure(.futureDate(date)) }
            return rate(of: code, onOrBefore: asked, in: days, from: source, cadence)
        case .monthAverage, .yearAverage:
            return average(of: code, in: date, days: days, from: source)
        }
    }

    /// Each rate the lines used, once, with the days it stands for and how many lines it
    /// converted, by currency and day: what a receipt lists.
    func ratesUsed() -> [LedgerReceipt.RateUsed] {
        var used: [LedgerReceipt.RateUsed] = []
        var index: [UsedKey: Int] = [:]
        for (key, kept) in kept {
            guard case .success(let rate) = kept.answer else { continue }
            let source = rate.source ?? self.source
            let cadence = source == self.source ? cadence : fallback?.cadence ?? .daily
            let period = Self.period(of: key.date, rule) ?? rate.day.map { $0...cadence.periodEnd(of: $0) }
            let usedKey = UsedKey(code: key.code, source: source, day: rate.day, text: rate.text)
            if let at = index[usedKey] {
                used[at].lines += kept.lines
            } else {
                index[usedKey] = used.count
                used.append(
                    LedgerReceipt.RateUsed(
                        currency: key.code, source: source, rate: rate, period: period, lines: kept.lines,
                        // The booking currency's own lines use no rate, and no side.
                        side: source == self.source && key.code != booking ? side : .mid))
            }
        }
        return used.sorted { ($0.currency, $0.from ?? $0.rateDay ?? today) < ($1.currency, $1.from ?? $1.rateDay ?? today) }
    }

    private struct UsedKey: Hashable {
        let code: String
        let source: RateSourceID
        let day: CalendarDate?
        let text: String
    }

    /// The days an average rule's mean is over: the line's calendar month or year.
    static func period(of date: CalendarDate, _ rule: LedgerRule) -> ClosedRange<CalendarDate>? {
        switch rule {
        case .sameDay, .previousBusinessDay: nil
        case .monthAverage:
            CalendarDate(
                year: date.year, month: date.month, day: 1)!...RateSource.Cadence.monthly.lastDayInForce(
                    of: CalendarDate(year: date.year, month: date.month, day: 1)!)
        case .yearAverage: CalendarDate(year: date.year, month: 1, day: 1)!...CalendarDate(year: date.year, month: 12, day: 31)!
        }
    }

    private func rate(
        of code: String, onOrBefore date: CalendarDate, in days: RateDays, from source: RateSourceID, _ cadence: RateSource.Cadence
    ) -> Result<LedgerRate, LedgerLineProblem> {
        guard let day = days.day(onOrBefore: date) else { return .failure(.noRate(code: code, asked: date)) }
        // A month's or a quarter's rate converts only its own period's lines: the next one is not out yet.
        if cadence.expires, cadence.lastDayInForce(of: day.date) < date {
            return .failure(.outOfForce(day: day.date, through: cadence.lastDayInForce(of: day.date), asked: date))
        }
        if side != .mid, day.columnCount == 0, code != booking { return .failure(.sideNotStored(day: day.date)) }
        guard let (numerator, denominator) = quotes(of: code, on: day, in: days) else {
            return .failure(.notQuoted(code: quoted(code, on: day, in: days) ? booking : code, day: day.date))
        }
        let digits = min(12, max(4, Self.significantDigits(of: numerator), Self.significantDigits(of: denominator)))
        let text =
            denominator == 1
            ? numerator.plainText
            : numerator.quotientText(dividingBy: denominator, minimumFractionDigits: 0, significantDigits: digits)
        return .success(
            LedgerRate(
                numerator: numerator, denominator: denominator, day: day.date, text: text,
                source: source == self.source ? nil : source))
    }

    /// The mean of the month's (the year's) daily rates, its days up to the last published,
    /// rounded to ``LedgerRule/averageSignificantDigits`` significant digits.
    private func average(
        of code: String, in date: CalendarDate, days: RateDays, from source: RateSourceID
    ) -> Result<LedgerRate, LedgerLineProblem> {
        let period = Self.period(of: date, rule)!
        guard period.lowerBound <= today else { return .failure(.futureDate(date)) }
        let start = days.days.partitioningIndex { $0.date >= period.lowerBound }
        var sum: Decimal = 0, count = 0
        var last: CalendarDate?
        var index = start
        while index < days.days.count, days.days[index].date <= period.upperBound {
            let day = days.days[index]
            // A day stored without the side has none: a mean of the other days would not be the period's.
            if side != .mid, day.columnCount == 0 { return .failure(.sideNotStored(day: day.date)) }
            if let (numerator, denominator) = quotes(of: code, on: day, in: days) {
                sum += denominator == 1 ? numerator : numerator / denominator
                count += 1
                last = day.date
            }
            index += 1
        }
        guard count > 0 else {
            return .failure(
                rule == .yearAverage
                    ? .noRateInYear(code: code, year: date.year) : .noRateInMonth(code: code, year: date.year, month: date.month))
        }
        let mean = (sum / Decimal(count)).rounded(toSignificantDigits: LedgerRule.averageSignificantDigits)
        return .success(
            LedgerRate(numerator: mean, denominator: 1, day: last, text: mean.plainText, source: source == self.source ? nil : source))
    }

    /// Units of the booking currency per unit of `code` on `day`, as numerator and denominator:
    /// the two quotes through the source's base, written the way the source writes them.
    private func quotes(of code: String, on day: RateDays.Day, in days: RateDays) -> (Decimal, Decimal)? {
        if code == booking { return (1, 1) }
        guard let codeValue = value(of: code, on: day, in: days), let bookingValue = value(of: booking, on: day, in: days) else {
            return nil
        }
        return Quotation.ratio(
            from: codeValue, quotation(of: code, on: day, in: days), to: bookingValue, quotation(of: booking, on: day, in: days))
    }

    private func quotation(of code: String, on day: RateDays.Day, in days: RateDays) -> Quotation {
        guard !day.reversed.isEmpty, let column = days.columns[code] else { return day.quotation }
        return day.quotation(column)
    }

    private func value(of code: String, on day: RateDays.Day, in days: RateDays) -> Decimal? {
        if code == base { return 1 }
        guard let column = days.columns[code], let rate = day.rate(column), rate > 0 else { return nil }
        return rate
    }

    private func quoted(_ code: String, on day: RateDays.Day, in days: RateDays) -> Bool { value(of: code, on: day, in: days) != nil }

    /// The digits a published rate has, leading and trailing zeros aside (`0.84770`: 4).
    static func significantDigits(of value: Decimal) -> Int {
        var digits = Array(value.plainText.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return digits.count
    }
}

extension LedgerRateBook {
    /// The book of a conversion as `settings` ask, over `rates`.
    package init(rates: LedgerRates, settings: LedgerSettings) {
        self.init(
            days: rates.days.days, base: rates.days.base, booking: settings.booking, rule: settings.rule, today: rates.today,
            source: settings.source, cadence: rates.cadence, fallback: rates.fallback.map { ($0.source, $0.days.days, $0.cadence) },
            side: settings.side)
    }
}
