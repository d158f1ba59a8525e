import Foundation
import Testing

@testable import Core

@Suite("Decimal text and rounding")
struct DecimalTextTests {
    @Test(
        "plain text: `.` as the point, no trailing zeros, no exponent",
        arguments: [
            ("92.50", "92.5"), ("1500", "1500"), ("1500.000", "1500"), ("0.000123", "0.000123"),
            ("0", "0"), ("123456789012345.12345678", "123456789012345.12345678"), ("0.84770", "0.8477"),
        ])
    func plainText(value: String, expected: String) {
        #expect(Fixtures.decimal(value).plainText == expected)
    }

    @Test(
        "truncation rounds down, never up",
        arguments: [
            ("88.8731", 2, "88.87"), ("14518.99", 0, "14518"), ("0.0099", 2, "0"), ("1.23456", 3, "1.234"),
            ("5", 2, "5"),
        ])
    func truncates(value: String, digits: Int, expected: String) {
        #expect(Fixtures.decimal(value).truncated(toFractionDigits: digits) == Fixtures.decimal(expected))
    }

    @Test(
        "rates keep four decimals, or four significant digits when small",
        arguments: [
            ("0.92341234", "0.9234"), ("1.08291", "1.0829"), ("145.18307", "145.1831"),
            ("0.0061214", "0.006121"), ("0.000006212345", "0.000006212"), ("0.00068", "0.00068"),
        ])
    func roundsRates(value: String, expected: String) {
        #expect(Fixtures.decimal(value).rateText == expected)
    }

    @Test("reads only plain decimal text", arguments: ["1.1252", "0.84770", "18606.59", "7"])
    func readsPlainText(text: String) throws {
        #expect(try #require(Decimal(plainText: text)) == Fixtures.decimal(text))
    }

    @Test("refuses anything else", arguments: ["", "-1", "1e5", "1.", ".5", "1.2.3", " 1", "1,5", "12abc", "NaN"])
    func refuses(text: String) {
        #expect(Decimal(plainText: text) == nil)
    }

    /// What `plainText` was before it read the digits itself: Foundation's own description, trimmed.
    static func foundationPlainText(_ value: Decimal) -> String {
        var text = value.description
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `text` (plain, no trailing zeros) with exactly `places` digits after the point.
    static func fixed(_ text: String, _ places: Int) -> String {
        guard places > 0 else { return text }
        let written = text.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = written.count == 2 ? String(written[1]) : ""
        return String(written[0]) + "." + fraction + String(repeating: "0", count: places - fraction.count)
    }

    @Test(
        "money's fixed places: zeros added, never an exponent",
        arguments: [
            ("89.5", 2, "89.50"), ("15725", 0, "15725"), ("30.746", 3, "30.746"), ("0", 2, "0.00"), ("0.001", 3, "0.001"),
            ("1500", 2, "1500.00"), ("0.00123", 5, "0.00123"), ("18446744073709551615", 2, "18446744073709551615.00"),
            ("184467440737095516150", 0, "184467440737095516150"), ("88.8731", 2, "88.87"), ("0.005", 2, "0.01"),
        ])
    func fixedPlaces(value: String, places: Int, expected: String) {
        #expect(Fixtures.decimal(value).plainText(fractionDigits: places) == expected)
        #expect((-Fixtures.decimal(value)).plainText(fractionDigits: places) == (value == "0" ? "" : "-") + expected)
    }

    @Test(
        "written from the digits exactly as Foundation rounds and writes, over 20,000 values: quotients of rates, long and short, signs, halves"
    )
    func digitsMatchFoundation() async {
        var generator = SystemRandomNumberGenerator()
        func randomDecimal() -> Decimal {
            let digits = String((0..<Int.random(in: 1...12, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let point = Int.random(in: 0...digits.count, using: &generator)
            let text = point == digits.count ? digits : String(digits.prefix(point)) + (point == 0 ? "0." : ".") + digits.dropFirst(point)
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
        }
        var values: [Decimal] = [
            0, 1, Fixtures.decimal("0.5"), Fixtures.decimal("0.00005"), Fixtures.decimal("1.00005"),
            Fixtures.decimal("9.99995"), Fixtures.decimal("99999.99995"), Fixtures.decimal("1500"),
            Decimal(sign: .plus, exponent: 5, significand: 15), Fixtures.decimal("0.84770"),
            // Rounding up past every digit kept; significands of 19 and 20 digits (as `/v2` divides rates).
            Fixtures.decimal("99999999.5"), Fixtures.decimal("0.999999995"), Fixtures.decimal("18446744073709551615"),
            Fixtures.decimal("1844674407370955161.5"), Fixtures.decimal("9999999999999999999"), Fixtures.decimal("0.5555555555555555555"),
            Fixtures.decimal("123456789012.5"),
        ]
        for _ in 0..<2_000 {
            let a = randomDecimal(), b = randomDecimal()
            if b != 0 { values.append(a.quotient(dividingBy: b, significantDigits: 19)) }
        }
        for _ in 0..<10_000 {
            let a = randomDecimal(), b = randomDecimal()
            values.append(a)
            if b != 0 { values.append(a / b) }
        }
        values += values.prefix(500).map { -$0 }
        /// Foundation's rounding to `places`, halves away from zero.
        func foundationRounded(_ value: Decimal, _ places: Int) -> Decimal {
            var value = value, rounded = Decimal()
            NSDecimalRound(&rounded, &value, places, .plain)
            return rounded
        }
        /// The first significant digit's power of ten, by `Decimal` arithmetic.
        func leadingExponent(_ value: Decimal) -> Int {
            var scaled = abs(value), exponent = 0
            guard scaled > 0 else { return 0 }
            while scaled >= 10 {
                scaled /= 10
                exponent += 1
            }
            while scaled < 1 {
                scaled *= 10
                exponent -= 1
            }
            return exponent
        }
        await forEachCase(values.count) { index in
            let value = values[index]
            let leading = leadingExponent(value)
            #expect(value.plainText == Self.foundationPlainText(value), "\(value)")
            #expect(value.rateText == Self.foundationPlainText(foundationRounded(value, max(4, -leading - 1 + 4))), "\(value)")
            for significant in [1, 8, 10] {
                // By integer division when the significand fits 64 bits, else through its digits: the same text.
                let text = value.plainText(significantDigits: significant)
                #expect(text == Self.foundationPlainText(foundationRounded(value, max(0, significant - 1 - leading))), "\(value)")
                #expect(text == value.plainTextByDigits(significantDigits: significant, parts: nil), "\(value)")
            }
            for places in [0, 2, 5] {
                var reference = value, rounded = Decimal()
                NSDecimalRound(&rounded, &reference, places, .plain)
                #expect(rounded.plainText == Self.foundationPlainText(rounded))
                // Money's fixed places, of a value with more (rounded) and of one with as many or fewer.
                #expect(value.plainText(fractionDigits: places) == Self.fixed(Self.foundationPlainText(rounded), places), "\(value)")
                #expect(rounded.plainText(fractionDigits: places) == Self.fixed(Self.foundationPlainText(rounded), places), "\(value)")
                #expect(rounded.plainText(fractionDigits: 8) == Self.fixed(Self.foundationPlainText(rounded), 8), "\(value)")
            }
        }
    }
}
