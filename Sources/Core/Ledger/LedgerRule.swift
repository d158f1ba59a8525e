/// Which day's rate a ledger line converts at: the rules tax authorities name. Their ids are
/// stable (forms, the API, stored receipts use them).
package enum LedgerRule: String, Sendable, CaseIterable, Codable {
    /// The rate of the line's date, or of the last earlier day the source published (the
    /// converter's rule; the ECB's rate of the day).
    case sameDay = "same-day"
    /// The rate of the last day the source published strictly before the line's date (the
    /// Polish and Czech VAT rules: the central bank's rate of the business day before).
    case previousBusinessDay = "previous-business-day"
    /// The mean of the source's daily rates in the line's calendar month (up to its last
    /// published day), rounded to ``LedgerRule/averageSignificantDigits`` significant digits.
    case monthAverage = "month-average"
    /// The mean of the source's daily rates in the line's calendar year (up to its last
    /// published day), rounded like a month's: the yearly average the CRA and the IRS accept.
    case yearAverage = "year-average"

    /// A month's or a year's mean rate is rounded to this many significant digits before it converts.
    package static let averageSignificantDigits = 6
}
