import Foundation
import Testing

@testable import Core

@Suite("Conversion arithmetic")
struct ConversionCalculatorTests {
    let calculator = ConversionCalculator(catalog: Fixtures.catalog)

    func convert(_ amount: String, _ from: String, _ to: String) throws -> Conversion {
        try calculator.convert(try #require(try Amount.parse(amount)), from: from, to: to, in: Fixtures.snapshot)
    }

    @Test func convertsFromTheBase() throws {
        #expect(try convert("100", "EUR", "GBP").result == Fixtures.decimal("84.77"))
    }

    @Test("crosses through the base and truncates to the target's minor units")
    func crossRates() throws {
        // 100 × 163.36 / 1.1252 = 14518.3078…: yen have no minor units.
        #expect(try convert("100", "USD", "JPY").result == 14518)
        // 100 / 1.1252 = 88.8731…
        #expect(try convert("100", "USD", "EUR").result == Fixtures.decimal("88.87"))
        // 1000 × 0.3457 / 1.1252 = 307.2342… (three minor units)
        #expect(try convert("1000", "USD", "KWD").result == Fixtures.decimal("307.234"))
    }

    @Test("a day written both ways (rands per dollar, yen per rand) converts through the exact product or quotient of the published rates")
    func ratesWrittenBothWays() throws {
        let day = RateSnapshot(
            source: "ecb", baseCurrency: "ZAR", effectiveDate: CalendarDate(iso8601: "2026-03-27")!, storedAt: Date(),
            rates: ["USD": Fixtures.decimal("17.1302"), "EUR": Fixtures.decimal("19.7408"), "JPY": Fixtures.decimal("9.3324")],
            quotation: .basePerUnit, reversed: ["JPY", "ZAR"])
        #expect(day.reversed == ["JPY"], "the base is 1 either way")
        #expect(day.quotation(of: "JPY") == .unitsPerBase && day.quotation(of: "USD") == .basePerUnit)
        func convert(_ amount: String, _ from: String, _ to: String) throws -> Decimal {
            try calculator.convert(try #require(try Amount.parse(amount)), from: from, to: to, in: day).result
        }
        // 100 × 17.1302 × 9.3324 = 15986.587848: yen have no minor units.
        #expect(try convert("100", "USD", "JPY") == 15986)
        // 100,000 ÷ (9.3324 × 17.1302) = 625.5244…
        #expect(try convert("100000", "JPY", "USD") == Fixtures.decimal("625.52"))
        // Written alike, a quotient as before: 100 × 17.1302 ÷ 19.7408 = 86.7755…
        #expect(try convert("100", "USD", "EUR") == Fixtures.decimal("86.77"))
        // Through the base: 1,000 yen are 1,000 ÷ 9.3324 = 107.1535… rand; a rand is 9.3324 yen.
        #expect(try convert("1000", "JPY", "ZAR") == Fixtures.decimal("107.15"))
        #expect(try convert("10", "ZAR", "JPY") == 93)
        #expect(day.unitsPerBase("JPY") == Fixtures.decimal("9.3324") && day.unitsPerBase("USD") == 1 / Fixtures.decimal("17.1302"))
        let mixed = Quotation.ratio(from: 2, .unitsPerBase, to: 3, .basePerUnit)
        #expect(mixed.numerator == 1 && mixed.denominator == 6, "1 ÷ (2 × 3)")
    }

    @Test("truncates, never rounds up")
    func truncatesNotRounds() throws {
        // 1 × 0.84770 / 1.1252 = 0.753377…: rounding would say 0.75 too, so pick one that differs:
        // 2 × 0.9353 / 0.84770 = 2.206677… → 2.2 (rounding would give 2.21).
        #expect(try convert("2", "GBP", "CHF").result == Fixtures.decimal("2.2"))
        #expect(try convert("1", "JPY", "EUR").result == 0)
    }

    @Test("units without minor units keep eight digits")
    func noMinorUnits() throws {
        // 100 × 0.000342 / 1.1252 = 0.03039459651…
        #expect(try convert("100", "USD", "XAU").result == Fixtures.decimal("0.03039459"))
    }

    @Test func ratesBothWays() throws {
        let conversion = try convert("1", "USD", "EUR")
        #expect(conversion.rate.from == "USD" && conversion.rate.to == "EUR")
        #expect(conversion.rate.rate.rounded(toFractionDigits: 6) == Fixtures.decimal("0.888731"))
        #expect(conversion.inverseRate.rate == Fixtures.decimal("1.1252"))
    }

    @Test func sameCurrencyIsIdentity() throws {
        #expect(try convert("123.45", "USD", "USD").result == Fixtures.decimal("123.45"))
    }

    @Test func exactDecimalArithmetic() throws {
        // 0.1 + 0.2 style traps: 0.3 EUR in GBP is exactly 0.25431 → 0.25.
        #expect(try convert("0.3", "EUR", "GBP").result == Fixtures.decimal("0.25"))
        #expect(try convert("999999999999999.99999999", "EUR", "EUR").result == Fixtures.decimal("999999999999999.99"))
    }

    @Test func missingRate() throws {
        #expect(throws: ConversionCalculator.Failure.noRate("NZD")) { try convert("1", "NZD", "EUR") }
    }

    @Test("an amount into several currencies at once: each result as one conversion gives it, those without a rate left out")
    func severalResults() async throws {
        let codes = ["EUR", "USD", "JPY", "GBP", "CHF", "KWD", "BHD", "XAU"]
        let targets = codes + ["NZD"]
        try await forEachCase(600) { index in
            let amount = try #require(try Amount.parse("\(index * 7919 % 250_000).\(index % 100)"))
            let from = codes[index % codes.count]
            let one = targets.compactMap { try? calculator.result(amount, from: from, to: $0, in: Fixtures.snapshot) }
            #expect(calculator.results(amount, from: from, to: targets, in: Fixtures.snapshot) == one)
            #expect(one.count == codes.count)
        }
        let hundred = try #require(try Amount.parse("100"))
        #expect(
            calculator.results(hundred, from: "USD", to: ["JPY", "EUR"], in: Fixtures.snapshot).map(\.result) == [
                14518, Fixtures.decimal("88.87"),
            ])
        #expect(calculator.results(hundred, from: "NZD", to: ["EUR"], in: Fixtures.snapshot).isEmpty)
    }
}
