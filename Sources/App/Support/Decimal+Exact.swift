import Foundation

extension Decimal {
    /// `self × multiplier ÷ divisor`, truncated toward zero to `fractionDigits` places: what a
    /// conversion gives (`amount × toRate ÷ fromRate`). Exact: computed as one 128-bit integer
    /// division of the operands' mantissas when the product fits (every amount the converter
    /// accepts times a rate of up to 15 digits); otherwise by `Decimal` arithmetic, whose
    /// 38-digit quotient is then truncated.
    func truncatedProduct(_ multiplier: Decimal, over divisor: Decimal, fractionDigits: Int) -> Decimal {
        integerProduct(multiplier, over: divisor, fractionDigits: fractionDigits)
            ?? (self * multiplier / divisor).truncated(toFractionDigits: fractionDigits)
    }

    /// The integer route of ``truncatedProduct(_:over:fractionDigits:)``; `nil` where it does not apply.
    func integerProduct(_ multiplier: Decimal, over divisor: Decimal, fractionDigits: Int) -> Decimal? {
        guard let value = DecimalParts(self), let multiplier = DecimalParts(multiplier), let divisor = DecimalParts(divisor),
              divisor.mantissa != 0, (0...38).contains(fractionDigits)
        else { return nil }
        let (product, overflow) = value.mantissa.multipliedReportingOverflow(by: multiplier.mantissa)
        guard !overflow else { return nil }
        // value × multiplier ÷ divisor × 10^fractionDigits
        //   = product × 10^(value.e + multiplier.e + fractionDigits - divisor.e) ÷ divisor.mantissa
        let shift = value.exponent + multiplier.exponent + fractionDigits - divisor.exponent
        guard let numerator = shift >= 0 ? product.timesPowerOfTen(shift) : product,
              let denominator = shift >= 0 ? divisor.mantissa : divisor.mantissa.timesPowerOfTen(-shift)
        else { return nil }
        let isNegative = (value.isNegative != multiplier.isNegative) != divisor.isNegative
        return DecimalParts(isNegative: isNegative, mantissa: numerator / denominator, exponent: -fractionDigits).decimal
    }
}

private extension UInt128 {
    /// `self × 10^power`, or `nil` if that does not fit.
    func timesPowerOfTen(_ power: Int) -> UInt128? {
        guard power <= 38 else { return self == 0 ? 0 : nil }
        var result = self
        for _ in 0..<power {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = next
        }
        return result
    }
}
