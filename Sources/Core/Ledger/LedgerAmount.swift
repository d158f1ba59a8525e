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
    package static func parse(_ text: some StringProtocol, decimalComma: Bool) -> Decimal? {
        var body = Substring(text).trimmingCharacters(in: .whitespaces)[...]
        var negative = false
        if body.hasPrefix("("), body.hasSuffix(")") {
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
        let decimalMark: Character = decimalComma ? "," : "."
        let groupMarks: Set<Character> = decimalComma ? [".", " ", "\u{00A0}", "\u{202F}", "'"] : [",", " ", "\u{00A0}", "\u{202F}", "'"]
        var integer = "", fraction = "", inFraction = false, digits = 0
        var groupSeen = false, digitsSinceGroup = 0
        for character in body {
            if character.isASCII, character.isNumber {
                digits += 1
                guard digits <= maxDigits else { return nil }
                if inFraction { fraction.append(character) } else { integer.append(character) }
                digitsSinceGroup += 1
            } else if character == decimalMark, !inFraction {
                // Groups before the mark are of three digits.
                if groupSeen, digitsSinceGroup != 3 { return nil }
                inFraction = true
            } else if groupMarks.contains(character), !inFraction, !integer.isEmpty {
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
        guard let value = Decimal(plainText: (integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction)) else {
            return nil
        }
        return negative && !value.isZero ? -value : value
    }

    /// `value` written with `fractionDigits` decimals and the file's decimal mark, without
    /// thousands separators (what spreadsheets read back as a number).
    package static func write(_ value: Decimal, fractionDigits: Int, decimalComma: Bool) -> String {
        let text = value.plainText(fractionDigits: fractionDigits)
        return decimalComma ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// `value` as it is (every digit it has), with the file's decimal mark.
    package static func write(_ value: Decimal, decimalComma: Bool) -> String {
        let text = value.plainText
        return decimalComma ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}
