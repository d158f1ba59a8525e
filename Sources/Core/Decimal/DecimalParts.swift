import Foundation

/// A finite `Decimal` as its sign, its mantissa (up to 128 bits) and its power of ten
/// (value = ±mantissa × 10^exponent), written through `Decimal`'s public API
/// (`init(sign:exponent:significand:)`) and read from the value's own bytes where they are laid
/// out as swift-foundation lays them (checked once against the public API, read otherwise), so
/// that writing numbers and exact integer arithmetic on them need no `Decimal` arithmetic.
package struct DecimalParts: Equatable {
    package var isNegative: Bool
    package var mantissa: UInt128
    package var exponent: Int

    package init(isNegative: Bool = false, mantissa: UInt128, exponent: Int) {
        (self.isNegative, self.mantissa, self.exponent) = (isNegative, mantissa, exponent)
    }

    /// `nil` for NaN.
    package init?(_ value: Decimal) {
        if Self.readsBytes {
            self.init(bytesOf: value)
        } else {
            self.init(publicly: value)
        }
    }

    /// Read from `Decimal`'s public API (`sign`, `exponent`, `significand`).
    init?(publicly value: Decimal) {
        guard !value.isNaN else { return nil }
        let significand = NSDecimalNumber(decimal: value.significand)
        // The significand through `NSDecimalNumber` when it fits 64 bits: every amount, rate and
        // result does, and only a long quotient needs its digits read. Below 1.8 × 10^19 (2^64 is
        // 1.84 × 10^19) a double's rounding cannot hide one that does not; comparing `Decimal`s
        // instead cost an allocation each (docs/BENCHMARKS.md, *Exact decimals by hand*).
        if significand.doubleValue < 1.8e19 {
            mantissa = UInt128(significand.uint64Value)
        } else {
            guard let digits = Self.integer(value.significand.description) else { return nil }
            mantissa = digits
        }
        exponent = Int(value.exponent)
        isNegative = value.sign == .minus && mantissa != 0
    }

    /// Read from the value's 20 bytes as swift-foundation lays them out (its `Decimal.Storage`):
    /// an 8-bit exponent; a byte of the length in 16-bit words (its top four bits), the sign
    /// (bit 3) and the compact flag (bit 2); two reserved; eight 16-bit words of the mantissa,
    /// least significant first (NaN: length 0 and the sign set). A few nanoseconds where the
    /// public API took fifty, for each of the 160 rates a `/v2` day divides and writes
    /// (docs/BENCHMARKS.md, *History at scale*); ``readsBytes`` says whether the layout holds.
    init?(bytesOf value: Decimal) {
        var value = value
        guard
            let parts = withUnsafeBytes(
                of: &value,
                { bytes -> DecimalParts? in
                    let flags = bytes[1]
                    let length = Int(flags >> 4), sign = flags & 0x08 != 0
                    guard length > 0 || !sign, length <= 8 else { return nil }
                    var mantissa: UInt128 = 0
                    for word in stride(from: length - 1, through: 0, by: -1) {
                        mantissa = mantissa << 16 | UInt128(bytes.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self).littleEndian)
                    }
                    return DecimalParts(isNegative: sign && mantissa != 0, mantissa: mantissa, exponent: Int(Int8(bitPattern: bytes[0])))
                })
        else { return nil }
        self = parts
    }

    /// Whether this platform's `Decimal` is laid out as ``init(bytesOf:)`` reads it: checked
    /// once, on values of every length and sign, against the public API.
    static let readsBytes: Bool = {
        guard MemoryLayout<Decimal>.size == 20 else { return false }
        let samples: [Decimal] = [
            0, 1, -1, 12_345, Decimal(sign: .minus, exponent: -5, significand: 84_770), Decimal(UInt64.max),
            Decimal(sign: .plus, exponent: -20, significand: Decimal(UInt64.max) * Decimal(UInt64.max)),
            Decimal(sign: .plus, exponent: 30, significand: 7), .nan,
        ]
        return samples.allSatisfy { DecimalParts(bytesOf: $0) == DecimalParts(publicly: $0) }
    }()

    /// The `Decimal` with these parts (in Foundation's compact form: no trailing zeros in the
    /// mantissa); `nil` if the exponent is out of `Decimal`'s range.
    package var decimal: Decimal? {
        var compact = self
        if compact.mantissa <= UInt128(UInt64.max) {
            // In 64 bits, where dividing by ten is a multiplication: in 128 it is a routine of its
            // own, three of them for an amount such as 1234,50 (docs/BENCHMARKS.md, *Exact
            // decimals by hand*).
            var mantissa = UInt64(compact.mantissa)
            while mantissa != 0, mantissa % 10 == 0 {
                mantissa /= 10
                compact.exponent += 1
            }
            compact.mantissa = UInt128(mantissa)
        } else {
            while compact.mantissa % 10 == 0 {
                compact.mantissa /= 10
                compact.exponent += 1
            }
        }
        if compact.mantissa == 0 { compact = DecimalParts(mantissa: 0, exponent: 0) }
        guard Int8(exactly: compact.exponent) != nil else { return nil }
        let significand =
            compact.mantissa <= UInt128(UInt64.max)
            ? Decimal(UInt64(compact.mantissa))
            : Decimal(UInt64(compact.mantissa >> 64)) * Self.twoTo64 + Decimal(UInt64(truncatingIfNeeded: compact.mantissa))
        return Decimal(sign: compact.isNegative ? .minus : .plus, exponent: compact.exponent, significand: significand)
    }

    private static let twoTo64 = Decimal(UInt64.max) + 1

    /// Whether the value is exactly one (`1`, `1.0000`).
    package var isOne: Bool {
        !isNegative && exponent <= 0 && -exponent < UInt128.powersOfTen.count && mantissa == UInt128.powersOfTen[-exponent]
    }

    /// The integer a `Decimal` significand writes (digits only), if it fits 128 bits.
    private static func integer(_ text: String) -> UInt128? {
        var value: UInt128 = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt128(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }
}
