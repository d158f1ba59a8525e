import Foundation
import Testing

@testable import Core

@Suite("Decimal read, written and divided through its representation")
struct DecimalExactTests {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// The same representation, as `Decimal`'s public API tells it: sign, exponent and significand.
    private static func sameBytes(_ a: Decimal, _ b: Decimal) -> Bool {
        a.sign == b.sign && a.exponent == b.exponent && a.significand == b.significand
    }

    private static func randomDigits(_ count: ClosedRange<Int>, using generator: inout some RandomNumberGenerator) -> String {
        String((0..<Int.random(in: count, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
    }

    /// Plain text with up to `integer` and `fraction` digits, no leading zeros.
    private static func randomText(
        integer: ClosedRange<Int>, fraction: ClosedRange<Int>,
        using generator: inout some RandomNumberGenerator
    ) -> String {
        var whole = randomDigits(integer, using: &generator)
        while whole.count > 1, whole.hasPrefix("0") { whole.removeFirst() }
        if whole.isEmpty { whole = "0" }
        let part = randomDigits(fraction, using: &generator)
        return part.isEmpty ? whole : whole + "." + part
    }

    @Test("plain text is read into the same Decimal, byte for byte, as Foundation reads it, over 4,000 texts up to 45 digits")
    func readsAsFoundationDoes() async throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "0.0", "000.000", "7", "1500", "0.84770", "123456789012345.12345678",
            "99999999999999999999999999999999999999", "340282366920938463463374607431768211455",
        ]
        for _ in 0..<4_000 { texts.append(Self.randomText(integer: 0...25, fraction: 0...20, using: &generator)) }
        try await forEachCase(texts.count) { index in
            let text = texts[index]
            let read = try #require(Decimal(plainText: text), "\(text)")
            let foundation = try #require(Decimal(string: text, locale: Self.posix))
            #expect(read == foundation, "\(text)")
            #expect(read.description == foundation.description, "\(text)")
            // Zero is written with exponent 0; Foundation keeps the text's (`0.000`: 0 × 10⁻³). Equal all the same.
            #expect(read == 0 || Self.sameBytes(read, foundation), "\(text): the same representation")
        }
    }

    @Test("parts read from a Decimal write it back unchanged: texts, quotients, negatives, zero")
    func partsRoundTrip() async throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Decimal] = [0, 1, -1, Decimal(1) / 3, -Decimal(2) / 7]
        for _ in 0..<2_000 {
            let a = try #require(Decimal(string: Self.randomText(integer: 1...12, fraction: 0...8, using: &generator), locale: Self.posix))
            let b = try #require(Decimal(string: Self.randomText(integer: 1...6, fraction: 0...6, using: &generator), locale: Self.posix))
            values += [a, -a]
            if b != 0 { values.append(a / b) }
        }
        try await forEachCase(values.count) { index in
            let value = values[index]
            let parts = try #require(DecimalParts(value))
            let written = try #require(parts.decimal)
            #expect(written == value && (value == 0 || Self.sameBytes(written, value)), "\(value)")
        }
        // Significands either side of 64 bits, where reading them changes route.
        for text in [
            "17999999999999999999", "18000000000000000001", "18446744073709551615", "18446744073709551616", "18446744073709551617",
            "99999999999999999999", "340282366920938463463374607431768211455", "1844674407370955161.5", "-18446744073709551616",
        ] {
            let value = try #require(Decimal(string: text, locale: Self.posix))
            let parts = try #require(DecimalParts(value))
            #expect(try #require(parts.decimal) == value, "\(text)")
            #expect(parts.mantissa == UInt128(text.filter(\.isNumber)), "\(text)")
        }
        // Trailing zeros in the mantissa are folded into the exponent, as Foundation keeps them.
        let hundred = try #require(DecimalParts(mantissa: 10_000, exponent: -2).decimal)
        #expect(Self.sameBytes(hundred, Decimal(100)))
        #expect(DecimalParts(mantissa: 1, exponent: 200).decimal == nil, "beyond Decimal's exponent")
    }

    @Test("parts read from a Decimal's bytes are the parts its public API tells, over 6,000 values; this platform's layout is read")
    func bytesAsThePublicAPI() async throws {
        #expect(DecimalParts.readsBytes, "swift-foundation's layout: else every value is read through NSDecimalNumber, 50 ns each")
        var generator = SystemRandomNumberGenerator()
        var values: [Decimal] = [
            0, 1, -1, .nan, Decimal(UInt64.max), Decimal(UInt64.max) * Decimal(UInt64.max), -Decimal(UInt64.max) * 65_536,
            Decimal(sign: .plus, exponent: 127, significand: 1), Decimal(sign: .minus, exponent: -128, significand: 9),
            Decimal(sign: .minus, exponent: -3, significand: 0), Decimal(1) / 3,
        ]
        for _ in 0..<2_000 {
            let a = try #require(Decimal(string: Self.randomText(integer: 1...25, fraction: 0...13, using: &generator), locale: Self.posix))
            let b = try #require(Decimal(string: Self.randomText(integer: 1...6, fraction: 0...6, using: &generator), locale: Self.posix))
            values += [a, -a]
            if b != 0 { values.append(a / b) }
        }
        try await forEachCase(values.count) { index in
            let value = values[index]
            #expect(DecimalParts(bytesOf: value) == DecimalParts(publicly: value), "\(value)")
            #expect(DecimalParts(value) == DecimalParts(publicly: value), "\(value)")
        }
    }

    @Test("a mantissa's count of digits, either side of every power of ten and at every bit length")
    func digitCounts() {
        #expect(UInt128(0).decimalDigitCount == 1 && UInt128.max.decimalDigitCount == 39)
        for power in 0...38 {
            let ten = UInt128.powersOfTen[power]
            #expect(ten.decimalDigitCount == power + 1 && (ten + 1).decimalDigitCount == power + 1, "10^\(power)")
            if power > 0 { #expect((ten - 1).decimalDigitCount == power, "10^\(power) − 1") }
        }
        for bits in 0..<128 {
            for value in [UInt128(1) << bits, (UInt128(1) << bits) - 1, (UInt128(1) << bits) | 1] where value > 0 {
                #expect(value.decimalDigitCount == String(value).count, "\(value)")
            }
        }
    }

    @Test("amount × rate ÷ rate truncated is exact: r × divisor ≤ amount × rate < (r + one minor unit) × divisor, over 5,000 conversions")
    func integerProductIsExact() async throws {
        var generator = SystemRandomNumberGenerator()
        try await forEachCase(5_000) { index in
            let amount = try #require(Decimal(plainText: Self.randomText(integer: 0...15, fraction: 0...8, using: &generator)))
            let rate = try #require(Decimal(plainText: Self.randomText(integer: 0...6, fraction: 1...9, using: &generator)))
            var divisor = try #require(Decimal(plainText: Self.randomText(integer: 0...6, fraction: 1...9, using: &generator)))
            if divisor == 0 { divisor = 1 }
            let digits = [0, 2, 3, 8][index % 4]
            let result = try #require(
                amount.integerProduct(rate, over: divisor, fractionDigits: digits),
                "\(amount) × \(rate) ÷ \(divisor): the integer route applies")
            let unit = Decimal(sign: .plus, exponent: -digits, significand: 1)
            // Products of at most 38 digits: exact in Decimal.
            #expect(result * divisor <= amount * rate, "\(amount) × \(rate) ÷ \(divisor) → \(result)")
            #expect((result + unit) * divisor > amount * rate, "\(amount) × \(rate) ÷ \(divisor) → \(result)")
            #expect(result == (amount * rate / divisor).truncated(toFractionDigits: digits), "agrees with Decimal arithmetic")
        }
    }

    @Test(
        "a peg times its anchor's rate, to 12 significant digits, is the value Decimal arithmetic rounds to, over 5,000 products and every peg"
    )
    func productAgrees() async throws {
        var generator = SystemRandomNumberGenerator()
        let pegs = try Peg.bundled().map(\.rate)
        try await forEachCase(5_000) { index in
            let left =
                index < pegs.count
                ? pegs[index] : try #require(Decimal(plainText: Self.randomText(integer: 0...6, fraction: 0...9, using: &generator)))
            let right = try #require(Decimal(plainText: Self.randomText(integer: 0...6, fraction: 1...12, using: &generator)))
            let digits = [12, 8, 4, 1][index % 4]
            let product = left.product(right, significantDigits: digits)
            #expect(product == (left * right).rounded(toSignificantDigits: digits), "\(left) × \(right) to \(digits) digits → \(product)")
        }
        #expect(Decimal(string: "3.6725")!.product(Decimal(string: "1.1476")!, significantDigits: 12) == Decimal(string: "4.214561")!)
        #expect(Decimal(string: "1.95583")!.product(1, significantDigits: 12) == Decimal(string: "1.95583")!)
        // Halves away from zero: 0.5 → 1, 1.25 to two digits → 1.3.
        #expect(Decimal(string: "0.25")!.product(2, significantDigits: 1) == 0.5)
        #expect(Decimal(string: "0.625")!.product(2, significantDigits: 2) == Decimal(string: "1.3")!)
    }

    @Test("amount × rate ÷ rate rounded halves away from zero agrees with Decimal arithmetic, over 5,000 conversions")
    func roundedProductAgrees() async throws {
        var generator = SystemRandomNumberGenerator()
        try await forEachCase(5_000) { index in
            var amount = try #require(Decimal(plainText: Self.randomText(integer: 0...15, fraction: 0...8, using: &generator)))
            if index % 2 == 1 { amount = -amount }
            let rate = try #require(Decimal(plainText: Self.randomText(integer: 0...6, fraction: 1...9, using: &generator)))
            var divisor = try #require(Decimal(plainText: Self.randomText(integer: 0...6, fraction: 1...9, using: &generator)))
            if divisor == 0 { divisor = 1 }
            let digits = [0, 2, 3, 8][index % 4]
            let result = try #require(amount.integerProduct(rate, over: divisor, fractionDigits: digits, roundingHalvesUp: true))
            #expect(
                result == (amount * rate / divisor).rounded(toFractionDigits: digits, .plain),
                "\(amount) × \(rate) ÷ \(divisor) → \(result)")
        }
    }

    @Test(
        "halves round away from zero, below a half toward it",
        arguments: [
            ("0.125", "1", "1", "0.13"), ("-0.125", "1", "1", "-0.13"), ("0.124999", "1", "1", "0.12"), ("-0.005", "1", "1", "-0.01"),
            ("-0.004", "1", "1", "0"), ("1", "1", "8", "0.13"), ("1000", "1", "1.136", "880.28"), ("-100", "1", "4.2245", "-23.67"),
        ])
    func roundsHalvesAway(amount: String, rate: String, divisor: String, expected: String) throws {
        let magnitude = try #require(Decimal(plainText: amount.trimmingPrefix("-")))
        let result = (amount.hasPrefix("-") ? -magnitude : magnitude).roundedProduct(
            try #require(Decimal(plainText: rate)), over: try #require(Decimal(plainText: divisor)), fractionDigits: 2)
        #expect(result.plainText == expected)
    }

    @Test("falls back to Decimal arithmetic where the mantissas' product overflows 128 bits")
    func fallsBack() throws {
        let long = Decimal(1) / 3 // 38 digits
        let amount = try #require(Decimal(plainText: "123456789012345.12345678"))
        #expect(amount.integerProduct(long, over: 1, fractionDigits: 2) == nil)
        #expect(amount.truncatedProduct(long, over: 1, fractionDigits: 2) == (amount * long).truncated(toFractionDigits: 2))
        #expect(amount.integerProduct(1, over: 0, fractionDigits: 2) == nil, "no integer division by zero")
    }

    /// The last: (10¹⁵ − 10⁻⁸) × 250,005,000 = 2.50005 × 10²³ − 2.50005, beyond 64 bits in minor units.
    @Test(
        "known conversions",
        arguments: [
            ("100", "163.36", "1.1252", 0, "14518"), ("100", "1", "1.1252", 2, "88.87"), ("1000", "0.3457", "1.1252", 3, "307.234"),
            ("2", "0.9353", "0.84770", 2, "2.2"), ("1", "1", "163.36", 2, "0"), ("123.45", "1.1252", "1.1252", 2, "123.45"),
            ("999999999999999.99999999", "25000.5", "0.0001", 2, "250004999999999999999997.49"),
        ])
    func known(amount: String, rate: String, divisor: String, digits: Int, expected: String) throws {
        let result = try #require(Decimal(plainText: amount)).truncatedProduct(
            try #require(Decimal(plainText: rate)), over: try #require(Decimal(plainText: divisor)), fractionDigits: digits)
        #expect(result.plainText == expected)
    }

    @Test("a quotient written from an exact long division is the Decimal quotient written, over 5,000 pairs of rates")
    func quotientTextMatchesDecimal() async throws {
        var generator = SystemRandomNumberGenerator()
        var pairs: [(Decimal, Decimal)] = [
            (Fixtures.decimal("1.00005"), 1), (Fixtures.decimal("0.00099995"), 1), (Fixtures.decimal("9.99995"), 1),
            (0, Fixtures.decimal("1.1")), (Fixtures.decimal("163.36"), Fixtures.decimal("1.1252")), (1, 3), (2, 3),
            (Fixtures.decimal("0.000342"), Fixtures.decimal("19999.99")), (Fixtures.decimal("99999.99995"), 1),
        ]
        for _ in 0..<5_000 {
            let a = try #require(Decimal(plainText: Self.randomText(integer: 0...6, fraction: 0...9, using: &generator)))
            let b = try #require(Decimal(plainText: Self.randomText(integer: 0...6, fraction: 0...9, using: &generator)))
            if b != 0 { pairs.append((a, b)) }
        }
        await forEachCase(pairs.count) { index in
            let (a, b) = pairs[index]
            #expect(a.exactQuotientText(dividingBy: b, minimumFractionDigits: 4, significantDigits: 4) == (a / b).rateText, "\(a) ÷ \(b)")
            #expect(a.rateText(dividedBy: b) == (a / b).rateText, "\(a) ÷ \(b)")
            #expect(
                a.exactQuotientText(dividingBy: b, minimumFractionDigits: 0, significantDigits: 10)
                    == (a / b).plainText(significantDigits: 10),
                "\(a) ÷ \(b)")
        }
        #expect(Decimal(1).exactQuotientText(dividingBy: 0, minimumFractionDigits: 4, significantDigits: 4) == nil)
    }

    @Test("a quotient rounded to significant digits by one long division is Decimal's quotient rounded, over 5,000 pairs")
    func roundedQuotientMatchesDecimal() async throws {
        var generator = SystemRandomNumberGenerator()
        var pairs: [(Decimal, Decimal, Int)] = []
        for index in 0..<5_000 {
            var a = try #require(Decimal(plainText: Self.randomText(integer: 0...9, fraction: 0...10, using: &generator)))
            let b = try #require(Decimal(plainText: Self.randomText(integer: 0...9, fraction: 0...10, using: &generator)))
            if index % 3 == 1 { a = -a }
            if b != 0 { pairs.append((a, index % 5 == 0 ? -b : b, [12, 4, 1, 19][index % 4])) }
        }
        await forEachCase(pairs.count) { index in
            let (a, b, digits) = pairs[index]
            let quotient = a.quotient(dividingBy: b, significantDigits: digits)
            #expect(quotient == (a / b).rounded(toSignificantDigits: digits), "\(a) ÷ \(b) to \(digits) digits")
            #expect(DecimalParts(a)?.quotient(dividingBy: DecimalParts(b)!, significantDigits: digits) != nil, "the integer route applies")
        }
    }

    @Test(
        "known rounded quotients: thirds, halves away from zero, a carry into one more digit, signs, zero",
        arguments: [
            ("1", "3", 12, "0.333333333333"), ("2", "3", 12, "0.666666666667"), ("-2", "3", 12, "-0.666666666667"),
            ("1", "8", 2, "0.13"), ("1", "8", 1, "0.1"), ("0.95", "1", 1, "1"), ("9.96", "1", 2, "10"), ("0", "7", 12, "0"),
            ("163.36", "1.1252", 12, "145.183078564"), ("1", "0.0000001", 3, "10000000"), ("97058125", "1", 1, "97058125"),
            ("-3189895.4", "1", 2, "-3189895"), ("24.355", "4.2213", 6, "5.76955"),
        ])
    func knownQuotients(dividend: String, divisor: String, digits: Int, expected: String) throws {
        let a = try #require(Decimal(plainText: dividend.trimmingPrefix("-")))
        let quotient = (dividend.hasPrefix("-") ? -a : a).quotient(
            dividingBy: try #require(Decimal(plainText: divisor)), significantDigits: digits)
        #expect(quotient.plainText == expected)
    }

    @Test("a rounded quotient of a zero divisor or of mantissas past 128 bits is left to Decimal arithmetic")
    func roundedQuotientFallsBack() throws {
        let long = Decimal(1) / 3 // 38 digits
        #expect(DecimalParts(1)!.quotient(dividingBy: DecimalParts(0)!, significantDigits: 12) == nil)
        let seventh = Decimal(1) / 7 // 38 digits too
        #expect(DecimalParts(long)!.quotient(dividingBy: DecimalParts(seventh)!, significantDigits: 19) == nil)
        #expect(long.quotient(dividingBy: seventh, significantDigits: 19) == (long / seventh).rounded(toSignificantDigits: 19))
    }

    @Test("comparing, adding, subtracting and multiplying magnitudes by their parts agrees with Decimal, over 5,000 pairs")
    func magnitudeArithmeticMatchesDecimal() async throws {
        var generator = SystemRandomNumberGenerator()
        var pairs: [(Decimal, Decimal)] = [
            (0, 0), (1, 1), (Fixtures.decimal("1.10"), Fixtures.decimal("1.1")), (0, Fixtures.decimal("0.001")),
        ]
        for _ in 0..<5_000 {
            let a = try #require(Decimal(plainText: Self.randomText(integer: 0...12, fraction: 0...14, using: &generator)))
            let b = try #require(Decimal(plainText: Self.randomText(integer: 0...12, fraction: 0...14, using: &generator)))
            pairs.append((a, b))
        }
        await forEachCase(pairs.count) { index in
            let (a, b) = pairs[index]
            let (x, y) = (DecimalParts(a)!, DecimalParts(b)!)
            #expect(DecimalParts.compareMagnitudes(x, y) == (a < b ? -1 : a == b ? 0 : 1), "\(a) against \(b)")
            #expect(DecimalParts.sumOfMagnitudes(x, y)?.decimal == a + b, "\(a) + \(b)")
            #expect(DecimalParts.distanceOfMagnitudes(x, y)?.decimal == abs(a - b), "|\(a) − \(b)|")
            // A product past 128 bits is left to Decimal (which rounds it to 38 digits).
            let product = DecimalParts.productOfMagnitudes(x, y)
            let fits = x.mantissa.multipliedReportingOverflow(by: y.mantissa).overflow == false
            #expect(fits ? product?.decimal == a * b : product == nil, "\(a) × \(b)")
        }
        // Exponents far apart compare without scaling anything past 128 bits; sums that would are nil.
        let tiny = DecimalParts(mantissa: 1, exponent: -60), huge = DecimalParts(mantissa: UInt128.max / 2, exponent: 10)
        #expect(DecimalParts.compareMagnitudes(tiny, huge) == -1 && DecimalParts.compareMagnitudes(huge, tiny) == 1)
        #expect(DecimalParts.sumOfMagnitudes(tiny, huge) == nil && DecimalParts.productOfMagnitudes(huge, huge) == nil)
    }
}
