@testable import App
import Foundation
import Testing

@Suite("Decimal text and rounding")
struct DecimalTextTests {
    @Test("plain text: `.` as the point, no trailing zeros, no exponent", arguments: [
        ("92.50", "92.5"), ("1500", "1500"), ("1500.000", "1500"), ("0.000123", "0.000123"),
        ("0", "0"), ("123456789012345.12345678", "123456789012345.12345678"), ("0.84770", "0.8477"),
    ])
    func plainText(value: String, expected: String) {
        #expect(Fixtures.decimal(value).plainText == expected)
    }

    @Test("truncation rounds down, never up", arguments: [
        ("88.8731", 2, "88.87"), ("14518.99", 0, "14518"), ("0.0099", 2, "0"), ("1.23456", 3, "1.234"),
        ("5", 2, "5"),
    ])
    func truncates(value: String, digits: Int, expected: String) {
        #expect(Fixtures.decimal(value).truncated(toFractionDigits: digits) == Fixtures.decimal(expected))
    }

    @Test("rates keep four decimals, or four significant digits when small", arguments: [
        ("0.92341234", "0.9234"), ("1.08291", "1.0829"), ("145.18307", "145.1831"),
        ("0.0061214", "0.006121"), ("0.000006212345", "0.000006212"), ("0.00068", "0.00068"),
    ])
    func roundsRates(value: String, expected: String) {
        #expect(Fixtures.decimal(value).rounded(minimumFractionDigits: 4, significantDigits: 4).plainText == expected)
    }

    @Test("reads only plain decimal text", arguments: ["1.1252", "0.84770", "18606.59", "7"])
    func readsPlainText(text: String) throws {
        #expect(try #require(Decimal(plainText: text)) == Fixtures.decimal(text))
    }

    @Test("refuses anything else", arguments: ["", "-1", "1e5", "1.", ".5", "1.2.3", " 1", "1,5", "12abc", "NaN"])
    func refuses(text: String) {
        #expect(Decimal(plainText: text) == nil)
    }
}
