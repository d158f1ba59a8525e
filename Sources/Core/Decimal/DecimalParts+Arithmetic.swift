/// Exact arithmetic on non-negative ``DecimalParts``, as integer steps on their mantissas:
/// `Decimal`'s own is far slower on Linux (docs/BENCHMARKS.md, *Exact decimals by hand*). Each
/// answers `nil` where a mantissa would pass 128 bits (the caller then uses `Decimal`). Signs
/// are the caller's: these read magnitudes.
extension DecimalParts {
    /// `a`'s magnitude against `b`'s: -1, 0 or 1.
    package static func compareMagnitudes(_ a: DecimalParts, _ b: DecimalParts) -> Int {
        if a.exponent == b.exponent { return a.mantissa < b.mantissa ? -1 : a.mantissa == b.mantissa ? 0 : 1 }
        // Scale the one with the larger exponent up by dividing the other down: nothing overflows.
        let (larger, smaller, sign) = a.exponent > b.exponent ? (a, b, 1) : (b, a, -1)
        let shift = larger.exponent - smaller.exponent
        guard shift <= 38 else { return larger.mantissa == 0 ? (smaller.mantissa == 0 ? 0 : -sign) : sign }
        let (quotient, remainder) = smaller.mantissa.quotientAndRemainder(dividingBy: UInt128.powersOfTen[shift])
        if larger.mantissa != quotient { return larger.mantissa > quotient ? sign : -sign }
        return remainder == 0 ? 0 : -sign
    }

    /// Both mantissas at the smaller of the two exponents.
    private static func aligned(_ a: DecimalParts, _ b: DecimalParts) -> (a: UInt128, b: UInt128, exponent: Int)? {
        let exponent = min(a.exponent, b.exponent)
        guard let left = a.mantissa.timesPowerOfTen(a.exponent - exponent), let right = b.mantissa.timesPowerOfTen(b.exponent - exponent)
        else { return nil }
        return (left, right, exponent)
    }

    /// `|a| + |b|`.
    package static func sumOfMagnitudes(_ a: DecimalParts, _ b: DecimalParts) -> DecimalParts? {
        guard let (left, right, exponent) = aligned(a, b) else { return nil }
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? nil : DecimalParts(mantissa: sum, exponent: exponent)
    }

    /// `||a| − |b||`.
    package static func distanceOfMagnitudes(_ a: DecimalParts, _ b: DecimalParts) -> DecimalParts? {
        guard let (left, right, exponent) = aligned(a, b) else { return nil }
        return DecimalParts(mantissa: left >= right ? left - right : right - left, exponent: exponent)
    }

    /// `|a| × |b|`.
    package static func productOfMagnitudes(_ a: DecimalParts, _ b: DecimalParts) -> DecimalParts? {
        let (product, overflow) = a.mantissa.multipliedReportingOverflow(by: b.mantissa)
        return overflow ? nil : DecimalParts(mantissa: product, exponent: a.exponent + b.exponent)
    }
}
