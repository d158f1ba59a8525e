import Foundation

/// An amount as ledgers and bank exports write it: a sign (`-12.50`, `−12,50`, `(12.50)`,
/// `12.50-`), thousands separators (`1,234.56`, `1.234,56`, `1 234,56`, `1'234.56`) and the
/// file's decimal mark. Read exactly; credits stay negative.
package enum LedgerAmount {
    /// Amounts with more digits than this are refused (no ledger line is larger; a longer run
    /// of digits is not an amount).
    package static let maxDigits = 24

    /// The decimal mark of a file's amounts, read from some of them: a comma or point that
    /// ends an amount with one or two digits after it, or the last of two different marks, is
    /// the decimal mark; when none says, `commaByDefault` (a file not separated by commas).
    package static func sniffDecimalComma(_ samples: some Sequence<String>, commaByDefault: Bool) -> Bool {
        var commas = 0, points = 0
        for sample in samples {
            let text = sample.trimmingCharacters(in: .whitespaces)
            guard let mark = text.lastIndex(where: { $0 == "," || $0 == "." }) else { continue }
            let after = text[text.index(after: mark)...].prefix { $0.isASCII && $0.isNumber }.count
            let both = text.contains(",") && text.contains(".")
            guard both || (1...2).contains(after) else { continue }
            if text[mark] == "," { commas += 1 } else { points += 1 }
        }
        return commas == points ? commaByDefault : commas > points
    }

    /// The amount `text` names with `decimalComma` (or the point) as its decimal mark, or `nil`.
    /// Read a Unicode scalar at a time into an integer mantissa, not by `Character`s into text
    /// for `Decimal` to read (docs/BENCHMARKS.md, *Exact decimals by hand*).
    package static func parse(_ text: some StringProtocol, decimalComma: Bool) -> Decimal? {
        parts(text, decimalComma: decimalComma)?.decimal
    }

    /// ``parse(_:decimalComma:)``'s amount as sign, mantissa and power of ten.
    package static func parts(_ text: some StringProtocol, decimalComma: Bool) -> DecimalParts? {
        var body = Substring(text).unicodeScalars[...]
        while let first = body.first, isSpace(first) { body.removeFirst() }
        while let last = body.last, isSpace(last) { body.removeLast() }
        var negative = false
        if body.first == "(", body.last == ")" {
            negative = true
            body = body.dropFirst().dropLast()
        }
        if let first = body.first, first == "-" || first == "−" || first == "+" {
            negative = negative || first != "+"
            body = body.dropFirst()
        } else if let last = body.last, last == "-" || last == "−" {
            negative = true
            body = body.dropLast()
        }
        let decimalMark: Unicode.Scalar = decimalComma ? "," : "."
        var mantissa: UInt128 = 0, digits = 0, integerDigits = 0, fractionDigits = 0, inFraction = false
        var groupSeen = false, digitsSinceGroup = 0
        for scalar in body {
            if scalar.value >= 0x30, scalar.value <= 0x39 {
                digits += 1
                guard digits <= maxDigits else { return nil }
                mantissa = mantissa * 10 + UInt128(scalar.value - 0x30)
                if inFraction { fractionDigits += 1 } else { integerDigits += 1 }
                digitsSinceGroup += 1
            } else if scalar == decimalMark, !inFraction {
                // Groups before the mark are of three digits.
                if groupSeen, digitsSinceGroup != 3 { return nil }
                inFraction = true
            } else if isGroupMark(scalar, decimalComma: decimalComma), !inFraction, integerDigits > 0 {
                // A group mark separates runs of three digits (the first run 1 to 3).
                if groupSeen ? digitsSinceGroup != 3 : digitsSinceGroup > 3 { return nil }
                groupSeen = true
                digitsSinceGroup = 0
            } else {
                return nil
            }
        }
        if groupSeen, !inFraction, digitsSinceGroup != 3 { return nil }
        guard digits > 0 else { return nil }
        return DecimalParts(isNegative: negative && mantissa != 0, mantissa: mantissa, exponent: -fractionDigits)
    }

    /// What `.whitespaces` trims: a tab or a space separator (the no-break spaces among them).
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
    }

    /// Thousands separators: the other mark, spaces (no-break and narrow no-break too), apostrophes.
    private static func isGroupMark(_ scalar: Unicode.Scalar, decimalComma: Bool) -> Bool {
        switch scalar {
        case ".": decimalComma
        case ",": !decimalComma
        case " ", "\u{00A0}", "\u{202F}", "'": true
        default: false
        }
    }
}
