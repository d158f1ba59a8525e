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

    /// Plain digits with `.` as the decimal point and no trailing fractional zeros:
    /// `92.5`, `1500`, `0.000123`. Never an exponent, never grouping, whatever the locale.
    var plainText: String {
        guard let digits = DecimalDigits(self) else { return "NaN" }
        return digits.plainText
    }

    /// Rounded (halves away from zero) to at least `minimumFractionDigits` places, and to more
    /// for values below one so that `significantDigits` significant digits survive (0.006138
    /// stays 0.006138), then written as ``plainText``. Rounded on the written digits: a few
    /// hundred nanoseconds, where `NSDecimalRound` and finding the first digit by `Decimal`
    /// arithmetic took microseconds.
    func plainText(minimumFractionDigits: Int, significantDigits: Int) -> String {
        guard var digits = DecimalDigits(self) else { return "NaN" }
        digits.round(toFractionDigits: Swift.max(minimumFractionDigits, -digits.leadingDigitExponent - 1 + significantDigits))
        return digits.plainText
    }

    /// Rounded to `significantDigits` significant digits and written: `145.1830786`, `0.006887855044`.
    func plainText(significantDigits: Int) -> String {
        guard var digits = DecimalDigits(self) else { return "NaN" }
        digits.round(toFractionDigits: Swift.max(0, significantDigits - 1 - digits.leadingDigitExponent))
        return digits.plainText
    }

    /// A rate as every page writes it: `0.9234`, `145.1831`, `0.006121` (four decimals, or four
    /// significant digits below 0.001).
    var rateText: String { plainText(minimumFractionDigits: 4, significantDigits: 4) }
}

/// A `Decimal` as its sign, its mantissa's decimal digits and its power of ten, read from its
/// own representation, so that rounding and writing it need no `Decimal` arithmetic.
private struct DecimalDigits {
    var isNegative: Bool
    /// ASCII digits without leading zeros; empty for zero.
    var digits: [UInt8]
    var exponent: Int

    init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        if let layout = Self.layout { self.init(representationOf: value, layout) } else { self.init(description: value.description) }
    }

    /// Where a `Decimal`'s second byte keeps the mantissa's length (in 16-bit words) and the sign.
    /// The rest is the same everywhere: an 8-bit exponent first, two reserved bytes, then eight
    /// 16-bit words of mantissa, least significant first.
    struct Layout {
        /// `NSDecimal`'s C bit fields (Darwin, swift-corelibs-foundation): length in the low
        /// four bits, the sign in bit 4.
        static let bitFields = Layout(lengthShift: 0, negativeMask: 0x10)
        /// swift-foundation's `Decimal`: length in the high four bits, the sign in bit 3.
        static let packed = Layout(lengthShift: 4, negativeMask: 0x08)
        let lengthShift: UInt8
        let negativeMask: UInt8
    }

    /// Read from the value's representation. Writing a 38-digit `Decimal` through its
    /// `description` costs about 6 µs; this, well under one.
    private init(representationOf value: Decimal, _ layout: Layout) {
        var mantissa: UInt128 = 0
        (exponent, isNegative) = withUnsafeBytes(of: value) { bytes in
            let length = min(8, Int((bytes[1] >> layout.lengthShift) & 0x0f))
            for word in stride(from: length - 1, through: 0, by: -1) {
                mantissa = mantissa << 16 | UInt128(bytes.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self))
            }
            return (Int(Int8(bitPattern: bytes[0])), bytes[1] & layout.negativeMask != 0)
        }
        digits = []
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
    private init(description: String) {
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

    /// How this platform's `Decimal` is laid out, found once by reading a few values both ways
    /// and comparing with Foundation's own writing of them; `nil` (digits read from
    /// `description`: slower, the same result) if neither known layout matches.
    static let layout: Layout? = {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        let samples = ["-123.45", "0.000123", "1500", "7", "0", "98765432109876543210.123456789012345678"]
            .compactMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) } + [Decimal(1) / 3, -Decimal(2) / 7]
        return [Layout.packed, Layout.bitFields].first { layout in
            samples.allSatisfy { sample in
                let read = Self(representationOf: sample, layout), written = Self(description: sample.description)
                return read.isNegative == written.isNegative && read.plainText == written.plainText
                    && read.leadingDigitExponent == written.leadingDigitExponent
            }
        }
    }()

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
    init?(plainText text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let value = Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}

/// For tests: whether digits are read from the representation here.
enum DecimalDigitsCheck {
    static var layoutIsKnown: Bool { DecimalDigits.layout != nil }
}
