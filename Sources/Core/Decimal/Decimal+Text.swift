import Foundation

extension Decimal {
    /// Rounded toward zero to `digits` places after the decimal point.
    package func truncated(toFractionDigits digits: Int) -> Decimal {
        rounded(toFractionDigits: digits, self < 0 ? .up : .down)
    }

    package func rounded(toFractionDigits digits: Int, _ mode: NSDecimalNumber.RoundingMode = .plain) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, digits, mode)
        return result
    }

    /// Plain digits with `.` as the decimal point and no trailing fractional zeros:
    /// `92.5`, `1500`, `0.000123`. Never an exponent, never grouping, whatever the locale.
    package var plainText: String {
        let parts = DecimalParts(self)
        if let text = parts?.writtenWithoutRounding(fractionDigits: nil) { return text }
        guard let digits = DecimalDigits(self, parts: parts) else { return "NaN" }
        return digits.plainText
    }

    /// Exactly `fractionDigits` places after the point, as money is written (`89.50`, `15725`,
    /// `30.746`): rounded (halves away from zero) where it has more, zeros added where it has fewer.
    package func plainText(fractionDigits: Int) -> String {
        let parts = DecimalParts(self)
        if let text = parts?.writtenWithoutRounding(fractionDigits: fractionDigits) { return text }
        guard var digits = DecimalDigits(self, parts: parts) else { return "NaN" }
        digits.round(toFractionDigits: fractionDigits)
        var text = digits.plainText
        guard fractionDigits > 0 else { return text }
        let written = text.utf8.firstIndex(of: UInt8(ascii: ".")).map { text.utf8.distance(from: $0, to: text.utf8.endIndex) - 1 }
        if written == nil { text += "." }
        text += String(repeating: "0", count: fractionDigits - (written ?? 0))
        return text
    }

    /// Rounded (halves away from zero) to at least `minimumFractionDigits` places, and to more
    /// for values below one so that `significantDigits` significant digits survive (0.006138
    /// stays 0.006138), then written as ``plainText``. Rounded on the written digits: a few
    /// hundred nanoseconds, where `NSDecimalRound` and finding the first digit by `Decimal`
    /// arithmetic took microseconds.
    package func plainText(minimumFractionDigits: Int, significantDigits: Int) -> String {
        guard var digits = DecimalDigits(self) else { return "NaN" }
        digits.round(toFractionDigits: Swift.max(minimumFractionDigits, -digits.leadingDigitExponent - 1 + significantDigits))
        return digits.plainText
    }

    /// Rounded to `significantDigits` significant digits and written: `145.1830786`, `0.006887855044`.
    /// A significand that fits 64 bits is rounded by integer division and written in place,
    /// with no array of digits: `/v2` writes 160 a day (docs/BENCHMARKS.md, *History at scale*).
    package func plainText(significantDigits: Int) -> String {
        let parts = DecimalParts(self)
        if let rounded = parts?.rounded(toSignificantDigits: significantDigits),
            let text = rounded.writtenWithoutRounding(fractionDigits: nil)
        {
            return text
        }
        return plainTextByDigits(significantDigits: significantDigits, parts: parts)
    }

    /// ``plainText(significantDigits:)`` through the value's array of digits, whatever its length.
    func plainTextByDigits(significantDigits: Int, parts: DecimalParts?) -> String {
        guard var digits = DecimalDigits(self, parts: parts) else { return "NaN" }
        digits.round(toFractionDigits: Swift.max(0, significantDigits - 1 - digits.leadingDigitExponent))
        return digits.plainText
    }

    /// Rounded (halves away from zero) to `significantDigits` significant digits, as a value.
    package func rounded(toSignificantDigits significantDigits: Int) -> Decimal {
        Decimal(plainText: plainText(significantDigits: significantDigits).trimmingPrefix("-")).map { self < 0 ? -$0 : $0 } ?? self
    }

    /// A rate as every page writes it: `0.9234`, `145.1831`, `0.006121` (four decimals, or four
    /// significant digits below 0.001).
    package var rateText: String { plainText(minimumFractionDigits: 4, significantDigits: 4) }
}

/// A `Decimal` as its sign, its mantissa's decimal digits and its power of ten, read from its
/// own representation, so that rounding and writing it need no `Decimal` arithmetic.
private struct DecimalDigits {
    var isNegative: Bool
    /// ASCII digits without leading zeros; empty for zero.
    var digits: [UInt8]
    var exponent: Int

    init?(_ value: Decimal) {
        self.init(value, parts: DecimalParts(value))
    }

    /// `value`'s digits from its `parts` when they were read already (`nil`: from its description).
    init?(_ value: Decimal, parts: DecimalParts?) {
        guard !value.isNaN else { return nil }
        if let parts { self.init(parts) } else { self.init(description: value.description) }
    }

    /// Not through `description`, which is slow for a long mantissa (docs/BENCHMARKS.md, *Exact decimals by hand*).
    private init(_ parts: DecimalParts) {
        (isNegative, exponent, digits) = (parts.isNegative, parts.exponent, [])
        var mantissa = parts.mantissa
        // At most three chunks of 19 digits, each written by the 64-bit conversion.
        var chunks: [UInt64] = []
        while mantissa > 0 {
            let (quotient, remainder) = mantissa.quotientAndRemainder(dividingBy: 10_000_000_000_000_000_000)
            chunks.append(UInt64(remainder))
            mantissa = quotient
        }
        for (index, chunk) in chunks.reversed().enumerated() {
            let text = String(chunk).utf8
            if index > 0 { digits.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 19 - text.count)) }
            digits.append(contentsOf: text)
        }
    }

    /// Read from Foundation's own writing of the value (digits, `-` and `.`, never an exponent).
    init(description: String) {
        (isNegative, digits, exponent) = (false, [], 0)
        var seenPoint = false
        for byte in description.utf8 {
            switch byte {
            case UInt8(ascii: "-"): isNegative = true
            case UInt8(ascii: "."): seenPoint = true
            default:
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                if seenPoint { exponent -= 1 }
            }
        }
    }

    /// The power of ten of the first significant digit: 2 for 145.18, -3 for 0.00688, 0 for 0.
    var leadingDigitExponent: Int { digits.isEmpty ? 0 : digits.count - 1 + exponent }

    /// Rounds to `places` digits after the point, halves away from zero (`NSDecimalRound`'s `.plain`).
    mutating func round(toFractionDigits places: Int) {
        let drop = -exponent - places
        guard drop > 0, !digits.isEmpty else { return }
        let keep = digits.count - drop
        let roundsUp = keep >= 0 && digits[keep] >= UInt8(ascii: "5")
        digits.removeLast(Swift.min(drop, digits.count))
        exponent = -places
        if roundsUp {
            var index = digits.count - 1
            while index >= 0, digits[index] == UInt8(ascii: "9") {
                digits[index] = UInt8(ascii: "0")
                index -= 1
            }
            if index >= 0 { digits[index] += 1 } else { digits.insert(UInt8(ascii: "1"), at: 0) }
        }
        while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
    }

    /// `.` as the point, no trailing fractional zeros, no exponent; `0` rather than `-0`.
    var plainText: String {
        var digits = digits, exponent = exponent
        while exponent < 0, digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        guard !digits.isEmpty else { return "0" }
        var text: [UInt8] = isNegative ? [UInt8(ascii: "-")] : []
        if exponent >= 0 {
            text += digits
            text += repeatElement(UInt8(ascii: "0"), count: exponent)
        } else {
            let fraction = -exponent
            if digits.count <= fraction {
                text += [UInt8(ascii: "0"), UInt8(ascii: ".")]
                text += repeatElement(UInt8(ascii: "0"), count: fraction - digits.count)
                text += digits
            } else {
                text += digits[..<(digits.count - fraction)]
                text.append(UInt8(ascii: "."))
                text += digits[(digits.count - fraction)...]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension Decimal {
    /// Reads plain decimal text such as `1.1252` or `0.84770` exactly (never through a binary
    /// floating point). Anything else — signs, exponents, spaces, trailing junk — is `nil`.
    /// Up to 38 digits are read straight into the mantissa; longer text through Foundation.
    package init?(plainText text: some StringProtocol) {
        guard let (parts, digits) = DecimalParts.scanned(plainText: text.utf8) else { return nil }
        if digits <= 38, let value = parts.decimal {
            self = value
        } else if let value = Decimal(string: String(text), locale: .posix) {
            self = value
        } else {
            return nil
        }
    }
}

private extension Locale {
    /// Made once: creating a `Locale` per parsed number cost microseconds.
    static let posix = Locale(identifier: "en_US_POSIX")
}

extension DecimalParts {
    /// Rounded (halves away from zero) to `significant` significant digits, never into the
    /// integer digits (what ``DecimalDigits`` does to its digits), by dividing the significand;
    /// `nil` when it does not fit 64 bits.
    fileprivate func rounded(toSignificantDigits significant: Int) -> DecimalParts? {
        guard mantissa <= UInt128(UInt64.max) else { return nil }
        let value = UInt64(mantissa)
        guard value != 0 else { return self }
        // The significand's digits, as ``UInt128/decimalDigitCount`` finds them.
        let atLeast = ((UInt64.bitWidth - value.leadingZeroBitCount) * 1233) >> 12
        let count = value >= Self.powersOfTen[atLeast] ? atLeast + 1 : atLeast
        // The first significant digit is at 10^(count - 1 + exponent).
        let places = Swift.max(0, significant - count - exponent)
        let drop = -exponent - places
        guard drop > 0 else { return self }
        let rounded: UInt64
        if drop > count {
            rounded = 0
        } else if drop == count {
            // Every digit dropped: one unit of the last place kept if the first was 5 or more.
            rounded = value / Self.powersOfTen[count - 1] >= 5 ? 1 : 0
        } else {
            let divisor = Self.powersOfTen[drop]
            rounded = value / divisor + (value % divisor >= divisor / 2 ? 1 : 0)
        }
        return DecimalParts(isNegative: isNegative, mantissa: UInt128(rounded), exponent: -places)
    }

    /// 10⁰ … 10¹⁹.
    private static let powersOfTen: [UInt64] = (0..<20).map { power in (0..<power).reduce(1) { product, _ in product * 10 } }

    /// ``Decimal/plainText`` (`fractionDigits` `nil`) or ``Decimal/plainText(fractionDigits:)`` of
    /// a value whose significand fits 64 bits and that needs no rounding to `fractionDigits`
    /// (every amount and truncated result), written straight into the string; `nil` for any
    /// other. A result page and an API answer write six (an amount, its result and four others),
    /// rather than through an array of digits (docs/BENCHMARKS.md, *Exact decimals by hand*).
    fileprivate func writtenWithoutRounding(fractionDigits: Int?) -> String? {
        guard mantissa <= UInt128(UInt64.max) else { return nil }
        var mantissa = UInt64(mantissa), exponent = exponent
        let places: Int
        if let fractionDigits {
            guard exponent >= -fractionDigits || mantissa == 0 else { return nil }
            places = fractionDigits
        } else {
            guard mantissa != 0 else { return "0" }
            while exponent < 0, mantissa % 10 == 0 {
                mantissa /= 10
                exponent += 1
            }
            places = Swift.max(0, -exponent)
        }
        guard (0...40).contains(places), exponent <= 40 else { return nil }
        if mantissa == 0 { exponent = -places }
        let negative = isNegative && mantissa != 0
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var count = 0, rest = mantissa
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            // mantissa × 10^(exponent + places): its digits, then zeros; the point `places` from the end.
            let scaled = count + exponent + places
            let integerDigits = scaled - places
            let capacity = (negative ? 1 : 0) + Swift.max(integerDigits, 1) + (places > 0 ? 1 + places : 0)
            // Plain loops: with a local closure and function over the buffers, `APIPresenterAndJSON`
            // made 49 allocations an answer instead of 39.
            return String(unsafeUninitializedCapacity: capacity) { text in
                var position = 0
                if negative {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                if integerDigits <= 0 {
                    text[position] = UInt8(ascii: "0")
                    position += 1
                }
                for index in Swift.min(integerDigits, 0)..<scaled {
                    if index == integerDigits {
                        text[position] = UInt8(ascii: ".")
                        position += 1
                    }
                    text[position] = index < 0 || index >= count ? UInt8(ascii: "0") : buffer[20 - count + index]
                    position += 1
                }
                return position
            }
        }
    }
}

extension DecimalParts {
    /// Plain decimal text's bytes (`1.1252`, `0.84770`: digits, at most one point between
    /// digits) as parts, with the count of significant digits; up to 38 of them are read into the
    /// mantissa (more: the caller reads the text otherwise). `nil` for anything else.
    package static func scanned(plainText text: some Sequence<UInt8>) -> (parts: DecimalParts, digits: Int)? {
        var mantissa: UInt128 = 0, digits = 0, fractionDigits = 0, seenPoint = false, leading = true
        var lastWasDigit = false
        for byte in text {
            if byte == UInt8(ascii: "."), !seenPoint, lastWasDigit {
                seenPoint = true
                lastWasDigit = false
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            lastWasDigit = true
            if seenPoint { fractionDigits += 1 }
            if leading, byte == UInt8(ascii: "0") { continue }
            leading = false
            digits += 1
            if digits <= 38 { mantissa = mantissa * 10 + UInt128(byte - UInt8(ascii: "0")) }
        }
        guard lastWasDigit else { return nil }
        return (DecimalParts(mantissa: mantissa, exponent: -fractionDigits), digits)
    }
}
