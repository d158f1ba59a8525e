import Foundation

/// Why a ledger line could not be converted. Each names the reason; the row's number is added
/// where it is written.
package enum LedgerLineProblem: Error, Sendable, Equatable {
    /// The row has fewer cells than the date, amount and currency columns need.
    case missingCells
    case badDate(String)
    case futureDate(CalendarDate)
    case badAmount(String)
    case badCurrency(String)
    /// The source has no rate on or before the day the rule asks for.
    case noRate(code: String, asked: CalendarDate)
    /// The source's day does not quote the currency.
    case notQuoted(code: String, day: CalendarDate)
    /// The source's day was stored without its buying and selling rates (before they were read):
    /// a line at a side has no rate that day, and never takes another day's.
    case sideNotStored(day: CalendarDate)
    /// No day of the month quotes the currency (``LedgerRule/monthAverage``).
    case noRateInMonth(code: String, year: Int, month: Int)
    /// No day of the year quotes the currency (``LedgerRule/yearAverage``).
    case noRateInYear(code: String, year: Int)
    /// The last rate of a source whose rates apply until the next (a month's, a quarter's) is
    /// of `day`, for the days `through`; the one for `asked` is not out.
    case outOfForce(day: CalendarDate, through: CalendarDate, asked: CalendarDate)

    package var message: Message {
        switch self {
        case .missingCells: Message("the row has too few cells")
        case .badDate(let text): Message("“{text}” is not a date", ["text": .text(text)])
        case .futureDate(let day): Message("{day} is in the future: it has no rate yet", ["day": .text(day.description)])
        case .badAmount(let text): Message("“{text}” is not an amount", ["text": .text(text)])
        case .badCurrency(let text): Message("“{text}” is not a currency code", ["text": .text(text)])
        case .noRate(let code, let asked):
            Message("no rate for {code} on or before {day}", ["code": .text(code), "day": .text(asked.description)])
        case .notQuoted(let code, let day):
            Message("the source did not quote {code} on {day}", ["code": .text(code), "day": .text(day.description)])
        case .sideNotStored(let day):
            Message("the source’s buying and selling rates of {day} are not stored", ["day": .text(day.description)])
        case .noRateInMonth(let code, let year, let month):
            Message(
                "no rate for {code} in {month}",
                ["code": .text(code), "month": .text(Self.monthText(year, month))])
        case .noRateInYear(let code, let year):
            Message("no rate for {code} in {year}", ["code": .text(code), "year": .text(String(year))])
        case .outOfForce(let day, let through, let asked):
            Message(
                "no rate in force on {asked}: the source’s last, of {day}, applied through {through}",
                ["asked": .text(asked.description), "day": .text(day.description), "through": .text(through.description)])
        }
    }

    /// A month as ISO 8601 writes it (`2026-03`).
    private static func monthText(_ year: Int, _ month: Int) -> String {
        String(year) + (month < 10 ? "-0" : "-") + String(month)
    }
}

/// The rate a line converts at: units of the booking currency per unit of the line's, exactly
/// as ``numerator`` ÷ ``denominator`` (the two quotes through the source's base, or a month's
/// mean over 1), with the day it is of.
package struct LedgerRate: Sendable, Equatable {
    package let numerator: Decimal
    package let denominator: Decimal
    /// The day of the rate (a month's mean: its last day with a rate).
    package let day: CalendarDate?
    /// The rate as the receipt and the file show it: to the source's precision.
    package let text: String
    /// The source it is of, when not the conversion's own (the NBP's table B beside table A).
    package let source: RateSourceID?

    /// `numerator` and `denominator` read once (a rate converts many lines).
    private let parts: (numerator: DecimalParts, denominator: DecimalParts)?

    package init(numerator: Decimal, denominator: Decimal, day: CalendarDate?, text: String, source: RateSourceID? = nil) {
        self.numerator = numerator
        self.denominator = denominator
        self.day = day
        self.text = text
        self.source = source
        parts = DecimalParts(numerator).flatMap { numerator in DecimalParts(denominator).map { (numerator, $0) } }
    }

    package static func == (left: LedgerRate, right: LedgerRate) -> Bool {
        (left.numerator, left.denominator, left.day, left.text, left.source)
            == (right.numerator, right.denominator, right.day, right.text, right.source)
    }

    /// `amount` in the booking currency, rounded to `fractionDigits` places, halves away from zero.
    package func convert(_ amount: Decimal, fractionDigits: Int) -> Decimal {
        DecimalParts(amount).flatMap { convert($0, fractionDigits: fractionDigits) }
            ?? amount.roundedProduct(numerator, over: denominator, fractionDigits: fractionDigits)
    }

    /// `amount` (as ``LedgerAmount/parts(_:decimalComma:)`` reads it) in the booking currency.
    package func convert(_ amount: DecimalParts, fractionDigits: Int) -> Decimal? {
        if let parts,
            let exact = amount.product(parts.numerator, over: parts.denominator, fractionDigits: fractionDigits, roundingHalvesUp: true)
        {
            return exact
        }
        return amount.decimal?.roundedProduct(numerator, over: denominator, fractionDigits: fractionDigits)
    }
}
