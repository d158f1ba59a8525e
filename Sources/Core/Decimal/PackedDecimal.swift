import Foundation

/// A `Decimal` in eight bytes, as the millions of stored rates kept in memory are held: a
/// `Decimal?` takes 24 bytes in an array and its nearest `Double` 8 more, so ten years of
/// every publisher's days (5 million rates) took 170 MB where these take 42 (docs/BENCHMARKS.md,
/// *History at scale*). Exact: the value unpacked is the `Decimal` packed, in Foundation's
/// compact form, as ``DecimalParts/decimal`` makes it; and its `Double` is the one parsing its
/// text gives (``Foundation/Decimal/nearestDouble``).
///
/// Bits 0–53 hold the mantissa (up to 1.8 × 10^16: sixteen digits), 54–61 the power of ten
/// plus 128, 62 the sign; bit 63 is never set by a value, so ``absent`` and ``unpackable``
/// (a rate too long for the mantissa, kept aside by its holder) can never be taken for one.
package enum PackedDecimal {
    /// No rate.
    package static let absent: UInt64 = .max
    /// A rate that does not fit, kept elsewhere.
    package static let unpackable: UInt64 = .max - 1

    private static let mantissaBits = 54
    private static let mantissaMask: UInt64 = (1 << 54) - 1
    private static let signBit: UInt64 = 1 << 62

    /// `value` packed; ``unpackable`` when its mantissa is longer than sixteen digits or it is NaN.
    package static func pack(_ value: Decimal) -> UInt64 {
        guard let parts = DecimalParts(value) else { return unpackable }
        return pack(parts)
    }

    /// `parts` packed in compact form (no trailing zeros in the mantissa, as ``DecimalParts/decimal``
    /// makes it); ``unpackable`` when it does not fit.
    package static func pack(_ parts: DecimalParts) -> UInt64 {
        var mantissa = parts.mantissa, exponent = parts.exponent
        while mantissa != 0, mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        if mantissa == 0 { return 0 | (UInt64(128) << mantissaBits) }
        guard mantissa <= UInt128(mantissaMask), let shifted = UInt8(exactly: exponent + 128) else { return unpackable }
        return UInt64(mantissa) | UInt64(shifted) << mantissaBits | (parts.isNegative ? signBit : 0)
    }

    /// A plain decimal's text (`163.36`, `0.000123`: what ``Foundation/Decimal/init(plainText:)``
    /// reads) packed without making a `Decimal` first, as millions of stored rates are read;
    /// ``unpackable`` when it has more digits than fit (read it as a `Decimal` then); `nil` when
    /// it is not such a text.
    package static func pack(plainText text: some StringProtocol) -> UInt64? {
        pack(utf8: text.utf8)
    }

    /// ``pack(plainText:)`` of the text's UTF-8 bytes.
    package static func pack(utf8 text: some Sequence<UInt8>) -> UInt64? {
        guard let (parts, digits) = DecimalParts.scanned(plainText: text) else { return nil }
        return digits > 38 ? unpackable : pack(parts)
    }

    /// Whether `bits` hold a value (neither ``absent`` nor ``unpackable``).
    @inline(__always)
    package static func holdsValue(_ bits: UInt64) -> Bool { bits & (1 << 63) == 0 }

    /// The parts `bits` hold.
    @inline(__always)
    package static func parts(_ bits: UInt64) -> DecimalParts {
        DecimalParts(
            isNegative: bits & signBit != 0, mantissa: UInt128(bits & mantissaMask),
            exponent: Int((bits >> mantissaBits) & 0xFF) - 128)
    }

    /// The `Decimal` `bits` hold (they must hold one, ``holdsValue(_:)``).
    package static func decimal(_ bits: UInt64) -> Decimal {
        // Made as a rate read from its text is (``Foundation/Decimal/init(plainText:)``): the same `Decimal`, field for field.
        parts(bits).decimal ?? .nan
    }

    /// The `Double` nearest to the value `bits` hold (they must hold one): one division or
    /// multiplication by an exact power of ten where the mantissa is below 2^53 and the power up
    /// to 10^22, which rounds correctly, as parsing the value's text does; else the text parsed.
    @inline(__always)
    package static func nearestDouble(_ bits: UInt64) -> Double {
        let mantissa = bits & mantissaMask, exponent = Int((bits >> mantissaBits) & 0xFF) - 128
        guard mantissa < 1 << 53, exponent >= -22, exponent <= 22 else { return decimal(bits).nearestDouble }
        let signed = Double(mantissa) * (bits & signBit != 0 ? -1 : 1)
        return exponent < 0 ? signed / powersOfTen[-exponent] : signed * powersOfTen[exponent]
    }

    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }
}
