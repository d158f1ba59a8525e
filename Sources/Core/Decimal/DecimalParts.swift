import Foundation

/// A finite `Decimal` as Foundation keeps it: a sign, a mantissa of up to 128 bits and a power
/// of ten (value = ±mantissa × 10^exponent). Read from and written to its representation, so
/// that writing numbers and exact integer arithmetic on them need no `Decimal` arithmetic.
package struct DecimalParts: Equatable {
    package var isNegative: Bool
    package var mantissa: UInt128
    package var exponent: Int

    package init(isNegative: Bool = false, mantissa: UInt128, exponent: Int) {
        (self.isNegative, self.mantissa, self.exponent) = (isNegative, mantissa, exponent)
    }

    /// `nil` for NaN, or where this platform's layout is not one of the known two.
    package init?(_ value: Decimal) {
        guard !value.isNaN, let layout = Self.layout else { return nil }
        self.init(representationOf: value, layout)
    }

    /// The `Decimal` with these parts (in Foundation's compact form: no trailing zeros in the
    /// mantissa); `nil` if the exponent is out of `Decimal`'s range or the layout is unknown.
    package var decimal: Decimal? {
        guard let layout = Self.layout else { return nil }
        var compact = self
        while compact.mantissa != 0, compact.mantissa % 10 == 0 {
            compact.mantissa /= 10
            compact.exponent += 1
        }
        if compact.mantissa == 0 { compact = DecimalParts(mantissa: 0, exponent: 0) }
        guard Int8(exactly: compact.exponent) != nil else { return nil }
        return compact.written(with: layout)
    }

    /// Where a `Decimal`'s second byte keeps the mantissa's length (in 16-bit words), the sign
    /// and the "compact" flag (no trailing zero words). The rest is the same everywhere: an 8-bit
    /// exponent first, two reserved bytes, then eight 16-bit words of mantissa, least significant first.
    package struct Layout {
        /// `NSDecimal`'s C bit fields (Darwin, swift-corelibs-foundation): length in the low
        /// four bits, the sign in bit 4, compact in bit 5.
        package static let bitFields = Layout(lengthShift: 0, negativeMask: 0x10, compactMask: 0x20)
        /// swift-foundation's `Decimal`: length in the high four bits, the sign in bit 3, compact in bit 2.
        package static let packed = Layout(lengthShift: 4, negativeMask: 0x08, compactMask: 0x04)
        package let lengthShift: UInt8
        package let negativeMask: UInt8
        package let compactMask: UInt8

        package init(lengthShift: UInt8, negativeMask: UInt8, compactMask: UInt8) {
            self.lengthShift = lengthShift
            self.negativeMask = negativeMask
            self.compactMask = compactMask
        }
    }

    private init(representationOf value: Decimal, _ layout: Layout) {
        var mantissa: UInt128 = 0
        (exponent, isNegative) = withUnsafeBytes(of: value) { bytes in
            let length = min(8, Int((bytes[1] >> layout.lengthShift) & 0x0f))
            for word in stride(from: length - 1, through: 0, by: -1) {
                mantissa = mantissa << 16 | UInt128(bytes.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self))
            }
            return (Int(Int8(bitPattern: bytes[0])), bytes[1] & layout.negativeMask != 0)
        }
        self.mantissa = mantissa
    }

    /// How this platform's `Decimal` is laid out, found once by reading and writing a few values
    /// and comparing with Foundation's own arithmetic and writing; `nil` (callers fall back to
    /// Foundation: slower, the same result) if neither known layout matches.
    package static let layout: Layout? = {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        let posix = Locale(identifier: "en_US_POSIX")
        let samples =
            ["-123.45", "0.000123", "1500", "7", "0", "98765432109876543210.123456789012345678"]
            .compactMap { Decimal(string: $0, locale: posix) } + [Decimal(1) / 3, -Decimal(2) / 7]
        return [Layout.packed, Layout.bitFields].first { layout in
            samples.allSatisfy { sample in
                let parts = Self(representationOf: sample, layout)
                let sign: Decimal = parts.isNegative ? -1 : 1
                let rebuilt = sign * Decimal(sign: .plus, exponent: parts.exponent, significand: Self.decimal(parts.mantissa))
                let written = parts.written(with: layout)
                let sameBytes = withUnsafeBytes(of: written) { a in withUnsafeBytes(of: sample) { b in a.elementsEqual(b) } }
                return rebuilt == sample && sameBytes
            }
        }
    }()

    /// The mantissa by `Decimal` arithmetic, to check the layout against.
    private static func decimal(_ mantissa: UInt128) -> Decimal {
        Decimal(UInt64(truncatingIfNeeded: mantissa >> 64)) * Decimal(string: "18446744073709551616")!
            + Decimal(UInt64(truncatingIfNeeded: mantissa))
    }

    private func written(with layout: Layout) -> Decimal {
        var value = Decimal()
        withUnsafeMutableBytes(of: &value) { bytes in
            var rest = mantissa, length: UInt8 = 0
            while rest > 0 {
                bytes.storeBytes(of: UInt16(truncatingIfNeeded: rest), toByteOffset: 4 + 2 * Int(length), as: UInt16.self)
                rest >>= 16
                length += 1
            }
            bytes[0] = UInt8(bitPattern: Int8(truncatingIfNeeded: exponent))
            bytes[1] =
                length == 0
                ? 0
                : length << layout.lengthShift | (isNegative ? layout.negativeMask : 0) | layout.compactMask
        }
        return value
    }
}

/// For tests: whether `Decimal`s are read and written through their representation here.
package enum DecimalDigitsCheck {
    package static var layoutIsKnown: Bool { DecimalParts.layout != nil }
}
