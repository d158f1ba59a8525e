import Foundation

/// What a ledger is converted with, as the visitor (or the API's query) chose it.
package struct LedgerSettings: Sendable, Equatable {
    package var booking: String
    package var rule: LedgerRule
    /// `blend` or a provider's id.
    package var source: RateSourceID
    /// Chosen when the header names none the app knows.
    package var columns: LedgerColumns? = nil
    /// Chosen when slashed dates could be either way round (`dmy` or `mdy`).
    package var dateStyle: LedgerDateStyle? = nil
    /// The preset that set the booking currency, the source and the rule, if one did.
    package var preset: LedgerPreset? = nil
    /// The side of the source's quotation the lines convert at: its mid, or its own buying or
    /// selling rates where it publishes them.
    package var side: RateSide = .mid

    package init(
        booking: String, rule: LedgerRule, source: RateSourceID, columns: LedgerColumns? = nil, dateStyle: LedgerDateStyle? = nil,
        preset: LedgerPreset? = nil, side: RateSide = .mid
    ) {
        (self.booking, self.rule, self.source, self.columns) = (booking, rule, source, columns)
        (self.dateStyle, self.preset, self.side) = (dateStyle, preset, side)
    }
}

/// How a ledger file is written, so that the converted one is written the same way.
package struct LedgerDialect: Sendable, Equatable {
    package var delimiter: UInt8
    package var decimalComma: Bool
    package var dateStyle: LedgerDateStyle
    package var byteOrderMark: Bool
    package var crlf: Bool
}

extension LedgerDialect {
    /// A file's dialect: its delimiter, byte order mark and line ends as its scan found them,
    /// its decimal mark read from some of its `amounts` (a comma, unless they say otherwise,
    /// where the delimiter is not one), its dates written `dateStyle`.
    package init(facts: LedgerFileFacts, amounts: [String], dateStyle: LedgerDateStyle) {
        self.init(
            delimiter: facts.delimiter,
            decimalComma: LedgerAmount.sniffDecimalComma(amounts, commaByDefault: facts.delimiter != UInt8(ascii: ",")),
            dateStyle: dateStyle, byteOrderMark: facts.byteOrderMark, crlf: facts.crlf)
    }
}

/// One row of a ledger as converted: its number as a spreadsheet shows it (the header is row
/// 1), its cells, and the line converted or why it could not be.
package struct LedgerRow: Sendable, Equatable {
    package let number: Int
    package let cells: [String]
    package let result: Result<Converted, LedgerLineProblem>

    package init(number: Int, cells: [String], result: Result<Converted, LedgerLineProblem>) {
        self.number = number
        self.cells = cells
        self.result = result
    }

    /// A line converted: its amount and currency, the rate it took and the booking currency's amount.
    package struct Converted: Sendable, Equatable {
        package let amount: Decimal
        package let currency: String
        package let rate: LedgerRate
        package let converted: Decimal
    }
}

extension LedgerRow.Converted {
    /// `amount` of `currency` (`parts` as ``LedgerAmount/parts(_:decimalComma:)`` reads it)
    /// converted at `rate`, rounded to `fractionDigits` places; `nil` where it cannot be.
    package init?(amount: Decimal, parts: DecimalParts, currency: String, rate: LedgerRate, fractionDigits: Int) {
        guard let converted = rate.convert(parts, fractionDigits: fractionDigits) else { return nil }
        self.init(amount: amount, currency: currency, rate: rate, converted: converted)
    }
}

/// Why a ledger's layout cannot be read: it is converted not at all.
package enum LedgerLayoutFailure: Error, Sendable, Equatable {
    /// No date, amount and currency columns by their names (the header is listed for choosing).
    case noColumns(header: [String])
    /// A chosen column that the header does not have.
    case badColumns(header: [String])
    /// Slashed dates that read either way round; one of them as an example.
    case ambiguousDates(example: String, header: [String])
}
