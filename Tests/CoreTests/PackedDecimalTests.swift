import Foundation
import Testing

@testable import Core

/// Rates held in eight bytes must come back as the very `Decimal` that was stored, and as the
/// `Double` parsing their text gives: a packed rate is what every chart, blend and past day reads.
@Suite("Decimals packed in eight bytes")
struct PackedDecimalTests {
    /// The same representation, as `Decimal`'s public API tells it.
    private static func sameBytes(_ a: Decimal, _ b: Decimal) -> Bool {
        a.sign == b.sign && a.exponent == b.exponent && a.significand == b.significand
    }

    private static func digits(_ count: Int, using generator: inout some RandomNumberGenerator) -> String {
        String((0..<count).map { _ in "0123456789".randomElement(using: &generator)! })
    }

    private static func randomText(using generator: inout some RandomNumberGenerator) -> String {
        var whole = Self.digits(Int.random(in: 1...9, using: &generator), using: &generator)
        while whole.count > 1, whole.hasPrefix("0") { whole.removeFirst() }
        // Sixteen digits at most: what fits.
        let fraction = Self.digits(Int.random(in: 0...(16 - whole.count), using: &generator), using: &generator)
        return fraction.isEmpty ? whole : whole + "." + fraction
    }

    @Test("5,000 rate texts come back as the Decimal read from the text, field for field, and as the Double parsed from it")
    func roundTrip() async throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "1", "0", "0.0", "1.10", "163.36", "0.000342", "0.3891", "17694.04", "0.9095977273", "1500", "12345678901234.56",
            "0.0000000000000000000001", "9999999999999999", "12345678901234567",
        ]
        for _ in 0..<5_000 { texts.append(Self.randomText(using: &generator)) }
        try await forEachCase(texts.count) { index in
            let text = texts[index]
            let decimal = try #require(Decimal(plainText: text))
            let packed = try #require(PackedDecimal.pack(plainText: text), "\(text)")
            #expect(PackedDecimal.holdsValue(packed), "\(text)")
            #expect(packed == PackedDecimal.pack(decimal), "\(text): packed the same from its text and from its Decimal")
            let back = PackedDecimal.decimal(packed)
            #expect(back == decimal && Self.sameBytes(back, decimal), "\(text)")
            #expect(back.plainText == decimal.plainText, "\(text)")
            #expect(PackedDecimal.nearestDouble(packed) == Double(text)!, "\(text)")
            #expect(PackedDecimal.nearestDouble(packed) == decimal.nearestDouble, "\(text)")
        }
    }

    @Test("negatives, quotients and the extremes keep their value, or are told to be kept aside")
    func edges() throws {
        let negative = Decimal(string: "-0.25")!
        #expect(PackedDecimal.decimal(PackedDecimal.pack(negative)) == negative)
        #expect(PackedDecimal.nearestDouble(PackedDecimal.pack(negative)) == -0.25)
        // A 38-digit quotient, a 17-digit rate: too long to pack; the holder keeps them aside.
        #expect(PackedDecimal.pack(Decimal(1) / 3) == PackedDecimal.unpackable)
        #expect(PackedDecimal.pack(plainText: "123456789012345678") == PackedDecimal.unpackable)
        let tiny = "0.00000000000000000001234567890123456" // sixteen digits, 10^-35: fits
        #expect(PackedDecimal.decimal(PackedDecimal.pack(plainText: tiny)!) == Decimal(plainText: tiny))
        #expect(PackedDecimal.nearestDouble(PackedDecimal.pack(plainText: tiny)!) == Double(tiny))
        #expect(PackedDecimal.pack(plainText: "123456789012345678901234567890") == PackedDecimal.unpackable)
        #expect(PackedDecimal.pack(Decimal.nan) == PackedDecimal.unpackable)
        // Trailing zeros are dropped as Foundation's compact form drops them.
        #expect(PackedDecimal.pack(plainText: "1.2500") == PackedDecimal.pack(plainText: "1.25"))
        #expect(PackedDecimal.decimal(PackedDecimal.pack(plainText: "1500")!) == 1500)
        #expect(!PackedDecimal.holdsValue(PackedDecimal.absent))
        #expect(!PackedDecimal.holdsValue(PackedDecimal.unpackable))
    }

    @Test("texts that are not plain decimals are refused")
    func refusesOtherText() {
        for text in ["", ".", "1.", ".5", "1.2.3", "-1", "+1", "1e5", "1,5", " 1", "NaN", "١٢"] {
            #expect(PackedDecimal.pack(plainText: text) == nil, "\(text)")
        }
    }
}
