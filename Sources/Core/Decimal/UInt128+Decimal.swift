/// The integer steps of exact decimal arithmetic on mantissas (``DecimalParts``).
extension UInt128 {
    /// 10⁰ through 10³⁸, every power of ten that fits.
    static let powersOfTen: [UInt128] = (0...38).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }

    /// `self × 10^power`, or `nil` if that does not fit.
    func timesPowerOfTen(_ power: Int) -> UInt128? {
        guard power > 0 else { return self }
        guard power <= 38 else { return self == 0 ? 0 : nil }
        let (result, overflow) = multipliedReportingOverflow(by: Self.powersOfTen[power])
        return overflow ? nil : result
    }

    /// How many decimal digits it is written with (1 for zero): from its bit length (times
    /// log₁₀ 2 ≈ 1233 / 4096, the digits of the smallest number of that length) and one
    /// comparison, where comparing with each power of ten in turn made half of a rebased rate's
    /// division (docs/BENCHMARKS.md, *History at scale*).
    var decimalDigitCount: Int {
        guard self != 0 else { return 1 }
        let atLeast = ((Self.bitWidth - leadingZeroBitCount) * 1233) >> 12
        return self >= Self.powersOfTen[atLeast] ? atLeast + 1 : atLeast
    }
}
