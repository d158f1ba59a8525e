import Foundation
import Testing

@testable import Core

@Suite("Amount input rules")
struct AmountTests {
    @Test(
        "accepts digits with at most one separator, a comma meaning the decimal point",
        arguments: [
            ("100", "100"), ("0", "0"), ("0.5", "0.5"), ("12.50", "12.50"), ("1,5", "1.5"),
            ("  42 ", "42"), (".5", "0.5"), ("5.", "5"), ("0,25", "0.25"),
            ("999999999999999", "999999999999999"), ("1.12345678", "1.12345678"),
        ])
    func accepts(typed: String, canonical: String) throws {
        let amount = try #require(try Amount.parse(typed))
        #expect(amount.text == canonical)
        #expect(amount.value == Fixtures.decimal(canonical))
    }

    @Test("an empty amount is no amount, not an error", arguments: ["", "   ", "\n"])
    func empty(typed: String) throws {
        #expect(try Amount.parse(typed) == nil)
    }

    @Test(
        "rejects input the original app's field would not take",
        arguments: [
            ("-5", Amount.Problem.negative), ("−5", .negative), ("1e5", .exponent), ("2E-3", .exponent),
            ("1.2.3", .moreThanOneSeparator), ("1,000.50", .moreThanOneSeparator),
            ("00", .leadingZeros), ("01", .leadingZeros), ("007.5", .leadingZeros),
            ("1234567890123456", .tooManyIntegerDigits), ("1.123456789", .tooManyFractionDigits),
            ("abc", .notANumber), ("12abc", .notANumber), (".", .notANumber), ("1 000", .notANumber),
            ("+5", .notANumber), ("٣", .notANumber), ("NaN", .notANumber), ("0x10", .notANumber),
        ])
    func rejects(typed: String, problem: Amount.Problem) {
        #expect(throws: problem) { try Amount.parse(typed) }
    }

    @Test("every problem reads as a message to the person typing")
    func messages() {
        #expect(Amount.Problem.leadingZeros.description == "Remove the leading zeros.")
        #expect(Amount.Problem.tooManyIntegerDigits.description.contains("15 digits"))
        #expect(Amount.Problem.tooManyFractionDigits.description.contains("8 digits"))
        #expect(Amount.Problem.negative.description.contains("negative"))
    }

    @Test("the one-pass reading of canonical amounts agrees with the rules on 5,000 random inputs")
    func shortcutAgreesWithRules() async {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0000123456789..,-e ")
        await forEachCase(5_000) { _ in
            let typed = String((0..<Int.random(in: 0...18, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let parsed = Result { () throws(Amount.Problem) in try Amount.parse(typed) }
            let byRules = Result { () throws(Amount.Problem) in try Amount.parseByRules(typed) }
            switch (parsed, byRules) {
            case let (.success(a), .success(b)): #expect(a == b, "\(typed)")
            case let (.failure(a), .failure(b)): #expect(a == b, "\(typed)")
            default: Issue.record("“\(typed)”: \(parsed) but by the rules \(byRules)")
            }
        }
    }
}
