import Foundation

/// A conversion's running count, a row at a time: lines converted and failed, each currency's
/// lines and sums, the grand total in the booking currency, and the first and last day of the
/// rates used. What its receipt reports.
package struct LedgerTally: Sendable {
    package private(set) var lines = 0
    package private(set) var convertedLines = 0
    package private(set) var failedLines = 0
    fileprivate var totals: [String: (lines: Int, amount: Decimal, converted: Decimal)] = [:]
    fileprivate var total: Decimal = 0
    fileprivate var firstRateDay: CalendarDate?
    fileprivate var lastRateDay: CalendarDate?

    package init() {}

    /// Counts a row's result.
    package mutating func count(_ result: Result<LedgerRow.Converted, LedgerLineProblem>) {
        lines += 1
        guard case .success(let line) = result else {
            failedLines += 1
            return
        }
        convertedLines += 1
        var sums = totals[line.currency] ?? (0, 0, 0)
        sums.lines += 1
        sums.amount += line.amount
        sums.converted += line.converted
        totals[line.currency] = sums
        total += line.converted
        if let day = line.rate.day {
            if firstRateDay.map({ day < $0 }) ?? true { firstRateDay = day }
            if lastRateDay.map({ day > $0 }) ?? true { lastRateDay = day }
        }
    }
}

extension LedgerReceipt {
    /// The receipt of a conversion of `file` (as `facts` scanned it) with `settings`, once every
    /// row was counted in `tally`; each sum in the booking currency to its `fractionDigits`.
    package init(
        file: String?, facts: LedgerFileFacts, settings: LedgerSettings, tally: LedgerTally, fractionDigits: Int, sourceName: String,
        providers: [String], rates: [RateUsed], appVersion: String, createdAt: Date
    ) {
        self.file = file
        sha256 = facts.sha256
        bytes = facts.bytes
        lines = tally.lines
        convertedLines = tally.convertedLines
        failedLines = tally.failedLines
        bookingCurrency = settings.booking
        rule = settings.rule
        source = settings.source
        self.sourceName = sourceName
        self.providers = providers
        firstRateDay = tally.firstRateDay
        lastRateDay = tally.lastRateDay
        totals = tally.totals.keys.sorted().map { code in
            let sums = tally.totals[code]!
            return Total(
                currency: code, lines: sums.lines, amount: sums.amount.plainText,
                converted: sums.converted.plainText(fractionDigits: fractionDigits))
        }
        total = tally.total.plainText(fractionDigits: fractionDigits)
        rounding = "each line rounded half away from zero to \(fractionDigits) decimal places of \(settings.booking)"
        self.appVersion = appVersion
        self.createdAt = createdAt
        preset = settings.preset.map(Preset.init)
        side = settings.side == .mid ? nil : settings.side
        self.rates = Array(rates.prefix(Self.ratesListed))
        ratesNotListed = max(0, rates.count - Self.ratesListed)
    }
}
