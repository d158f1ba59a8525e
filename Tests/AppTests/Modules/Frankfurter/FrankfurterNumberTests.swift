import Foundation
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Frankfurter's numbers: its rounding and Ruby's ways of reading and writing them")
struct FrankfurterNumberTests {
    func text(_ number: FrankfurterNumber) -> String {
        var bytes: [UInt8] = []
        number.write(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("rates are rounded by size: none over 5,000, 2 over 80, 3 over 20, 4 over 1, 5 over 0.0001, else 6")
    func rounding() {
        #expect(FrankfurterNumber.rounded(16293.4) == .integer(16293))
        #expect(FrankfurterNumber.rounded(16293.5) == .integer(16294)) // halves away from zero, as Ruby's Float#round
        #expect(FrankfurterNumber.rounded(5000) == .float(5000)) // "over" 5,000
        #expect(FrankfurterNumber.rounded(359.98765) == .float(359.99))
        #expect(FrankfurterNumber.rounded(80) == .float(80))
        #expect(FrankfurterNumber.rounded(32.96349) == .float(32.963))
        #expect(FrankfurterNumber.rounded(1.52484) == .float(1.5248))
        #expect(FrankfurterNumber.rounded(0.920810001) == .float(0.92081))
        #expect(FrankfurterNumber.rounded(0.0001) == .float(0.0001))
        #expect(FrankfurterNumber.rounded(0.0000612345) == .float(0.000061))
        #expect(text(.rounded(16293.4)) == "16293")
        #expect(text(.rounded(1e20)) == "100000000000000000000")
        #expect(text(.rounded(137.85)) == "137.85")
    }

    @Test("the fast rounding is printf's rounding of the exact value, read back, for 200,000 values")
    func roundingMatchesPrintf() {
        var generator = SystemRandomNumberGenerator()
        var mismatch: String?
        for _ in 0..<200_000 where mismatch == nil {
            let digits = Int.random(in: 2...6, using: &generator)
            // Values near halves at every scale, and plain ones.
            let base = Double(Int.random(in: 0..<5_000_000, using: &generator)) + 0.5
            let value =
                Bool.random(using: &generator)
                ? base / [1, 10, 100, 1000, 10_000, 100_000, 1_000_000][digits] : Double.random(in: 0..<5000)
            let expected = Double(String(format: "%.\(digits)f", value))!
            if FrankfurterNumber.fixed(value, digits: digits) != expected { mismatch = "\(value) to \(digits) places" }
        }
        #expect(mismatch == nil)
    }

    @Test("floats are written as Ruby writes them: always a fraction, exponents past 10^16 and below 10^-4")
    func rubyFloats() {
        func ruby(_ value: Double) -> String {
            var bytes: [UInt8] = []
            RubyNumber.writeFloat(value, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(ruby(1) == "1.0")
        #expect(ruby(100) == "100.0")
        #expect(ruby(0.84378) == "0.84378")
        #expect(ruby(0.0001) == "0.0001")
        #expect(ruby(0.00001) == "1.0e-05")
        #expect(ruby(0.000061) == "6.1e-05")
        #expect(ruby(1e15) == "1000000000000000.0")
        #expect(ruby(1e16) == "1.0e+16")
        #expect(ruby(1.5e300) == "1.5e+300")
    }

    @Test("an amount is read as Ruby's String#to_f reads it")
    func rubyToF() {
        #expect(RubyNumber.float("100") == 100)
        #expect(RubyNumber.float("10.5") == 10.5)
        #expect(RubyNumber.float(" 10abc") == 10)
        #expect(RubyNumber.float("1_000") == 1000)
        #expect(RubyNumber.float("1__0") == 1)
        #expect(RubyNumber.float(".5") == 0.5)
        #expect(RubyNumber.float("-.5") == -0.5)
        #expect(RubyNumber.float("5.") == 5)
        #expect(RubyNumber.float("1e3") == 1000)
        #expect(RubyNumber.float("1e") == 1)
        #expect(RubyNumber.float("2E-2x") == 0.02)
        #expect(RubyNumber.float("abc") == 0)
        #expect(RubyNumber.float("0x1A") == 0)
        #expect(RubyNumber.float("") == 0)
        #expect(RubyNumber.float("_1") == 0)
        #expect(RubyNumber.float("1e400") == .infinity)
    }

    @Test("a stored rate's Double is the one its decimal text reads as, which NSDecimalNumber's is not")
    func nearestDouble() {
        #expect(Decimal(string: "0.3891")!.nearestDouble == 0.3891)
        #expect(NSDecimalNumber(decimal: Decimal(string: "0.3891")!).doubleValue != 0.3891)
        #expect(Decimal(string: "17694.04")!.nearestDouble == 17694.04)
        #expect(Decimal(string: "150")!.nearestDouble == 150)
        #expect(Decimal(string: "0.000342")!.nearestDouble == 0.000342)
        #expect(Decimal(string: "123456789012345678901234")!.nearestDouble == 123456789012345678901234.0)
    }
}
