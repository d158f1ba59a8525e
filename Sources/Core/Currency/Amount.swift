import Foundation

/// An amount of money as a person types it, checked against the original app's input rules:
/// digits with at most one decimal separator (`.` or `,`, a comma meaning the decimal point),
/// no leading zeros, not negative, no exponent, at most 15 integer and 8 fraction digits.
package struct Amount: Sendable, Hashable {
    package static let maxIntegerDigits = 15
    package static let maxFractionDigits = 8

    package let value: Decimal
    /// The amount written canonically: `.` as the decimal point, as typed otherwise
    /// (`"1,50"` becomes `"1.50"`). Used in shareable URLs.
    package let text: String

    /// Why a typed amount is not accepted. Each case reads as a message to the person typing.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        case negative
        case exponent
        case moreThanOneSeparator
        case leadingZeros
        case tooManyIntegerDigits
        case tooManyFractionDigits
        case notANumber

        package var message: Message {
            switch self {
            case .negative: Message("The amount can’t be negative.")
            case .exponent: Message("Write the amount in plain digits, without an exponent.")
            case .moreThanOneSeparator: Message("Use at most one decimal separator, and no thousands separators.")
            case .leadingZeros: Message("Remove the leading zeros.")
            case .tooManyIntegerDigits:
                Message("Use at most {count} digits before the decimal point.", ["count": .number(String(Amount.maxIntegerDigits))])
            case .tooManyFractionDigits:
                Message("Use at most {count} digits after the decimal point.", ["count": .number(String(Amount.maxFractionDigits))])
            case .notANumber: Message("Enter the amount in digits, for example 100 or 12.50.")
            }
        }

        package var description: String { message.english }
    }

    /// Parses typed text (surrounding whitespace ignored). Returns `nil` for an empty amount,
    /// which is not an error: the form simply has nothing to convert yet.
    package static func parse(_ typed: String) throws(Problem) -> Amount? {
        if let plain = plain(typed) { return plain }
        return try parseByRules(typed)
    }

    /// ``parse(_:)`` by the rules alone, without the one-pass shortcut (internal for its tests).
    package static func parseByRules(_ typed: String) throws(Problem) -> Amount? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }

        if text.hasPrefix("-") || text.hasPrefix("−") { throw .negative }
        if text.contains(where: { $0 == "e" || $0 == "E" }),
            text.allSatisfy({ $0.isASCIIDigit || ".,eE+-".contains($0) })
        {
            throw .exponent
        }
        let separators = text.filter { $0 == "." || $0 == "," }.count
        guard text.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "," }) else { throw .notANumber }
        guard separators <= 1 else { throw .moreThanOneSeparator }

        let parts = text.split(separator: text.contains(",") ? "," : ".", omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fractionPart = parts.count > 1 ? parts[1] : ""
        guard !(integerPart.isEmpty && fractionPart.isEmpty) else { throw .notANumber }
        if integerPart.count > 1, integerPart.hasPrefix("0") { throw .leadingZeros }
        guard integerPart.count <= maxIntegerDigits else { throw .tooManyIntegerDigits }
        guard fractionPart.count <= maxFractionDigits else { throw .tooManyFractionDigits }

        // ".5" and "5." are unfinished rather than wrong: read them as 0.5 and 5.
        let canonical =
            (integerPart.isEmpty ? "0" : String(integerPart))
            + (fractionPart.isEmpty ? "" : "." + fractionPart)
        guard let value = Decimal(plainText: canonical) else {
            throw .notANumber
        }
        return Amount(value: value, text: canonical)
    }

    /// The common case in one pass over the bytes: canonical text as a URL carries it (ASCII
    /// digits, at most one `.` with digits on both sides, no leading zeros, within the limits).
    /// `nil` for anything else, which the full rules above then read or explain.
    private static func plain(_ typed: String) -> Amount? {
        var integerDigits = 0, fractionDigits = 0, seenPoint = false
        var first: UInt8?, previous: UInt8?
        for byte in typed.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, previous != nil else { return nil }
                seenPoint = true
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
                if first == nil { first = byte }
            }
            previous = byte
        }
        guard previous != nil, previous != UInt8(ascii: "."), !(first == UInt8(ascii: "0") && integerDigits > 1),
            integerDigits <= maxIntegerDigits, fractionDigits <= maxFractionDigits,
            let value = Decimal(plainText: typed)
        else { return nil }
        return Amount(value: value, text: typed)
    }
}
