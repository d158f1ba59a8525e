import Foundation

extension Decimal {
    /// Rounded toward zero to `digits` places after the decimal point.
    func truncated(toFractionDigits digits: Int) -> Decimal {
        rounded(toFractionDigits: digits, self < 0 ? .up : .down)
    }

    func rounded(toFractionDigits digits: Int, _ mode: NSDecimalNumber.RoundingMode = .plain) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, digits, mode)
        return result
    }

    /// Rounded to at least `minimumFractionDigits` places, and to more for values below one so
    /// that `significantDigits` significant digits survive (0.006138 stays 0.006138).
    func rounded(minimumFractionDigits: Int, significantDigits: Int) -> Decimal {
        let leadingZeros = Swift.max(0, -leadingDigitExponent)
        return rounded(toFractionDigits: Swift.max(minimumFractionDigits, leadingZeros - 1 + significantDigits))
    }

    /// Rounded to `significantDigits` significant digits: 145.1830786, 0.006887855044.
    func rounded(significantDigits: Int) -> Decimal {
        rounded(toFractionDigits: Swift.max(0, significantDigits - 1 - leadingDigitExponent))
    }

    /// The power of ten of the first significant digit: 2 for 145.18, -3 for 0.00688, 0 for 0.
    var leadingDigitExponent: Int {
        var scaled = abs(self)
        guard scaled > 0 else { return 0 }
        var exponent = 0
        while scaled >= 10 { scaled /= 10; exponent += 1 }
        while scaled < 1 { scaled *= 10; exponent -= 1 }
        return exponent
    }

    /// Plain digits with `.` as the decimal point and no trailing fractional zeros:
    /// `92.5`, `1500`, `0.000123`. Never an exponent, never grouping, whatever the locale.
    var plainText: String {
        // Decimal's own description is plain and locale-independent (unlike a NumberFormatter).
        var text = description
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

extension Decimal {
    /// Reads plain decimal text such as `1.1252` or `0.84770` exactly (never through a binary
    /// floating point). Anything else — signs, exponents, spaces, trailing junk — is `nil`.
    init?(plainText text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let value = Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}
