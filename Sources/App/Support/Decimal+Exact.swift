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

extension Decimal {
    /// `self ÷ divisor` written as ``plainText(minimumFractionDigits:significantDigits:)`` writes
    /// a quotient (a rate from two stored rates): the digits come from an exact long division of
    /// the mantissas, so no 38-digit `Decimal` quotient is made first. `Decimal` arithmetic
    /// where the mantissas are not at hand (an unknown layout) or the divisor is zero.
    func quotientText(dividingBy divisor: Decimal, minimumFractionDigits: Int, significantDigits: Int) -> String {
        if let text = exactQuotientText(dividingBy: divisor, minimumFractionDigits: minimumFractionDigits,
                                        significantDigits: significantDigits) {
            return text
        }
        return (self / divisor).plainText(minimumFractionDigits: minimumFractionDigits, significantDigits: significantDigits)
    }

    /// `self ÷ divisor` as every page writes a rate (see ``rateText``), without dividing `Decimal`s.
    func rateText(dividedBy divisor: Decimal) -> String {
        quotientText(dividingBy: divisor, minimumFractionDigits: 4, significantDigits: 4)
    }

    /// The long division of ``quotientText(dividingBy:minimumFractionDigits:significantDigits:)``;
    /// `nil` where it does not apply.
    func exactQuotientText(dividingBy divisor: Decimal, minimumFractionDigits: Int, significantDigits: Int) -> String? {
        guard let dividend = DecimalParts(self), let divisor = DecimalParts(divisor), divisor.mantissa != 0,
              significantDigits > 0, minimumFractionDigits >= 0
        else { return nil }
        // dividend ÷ divisor = numerator ÷ denominator, both integers.
        let shift = dividend.exponent - divisor.exponent
        guard let numerator = shift >= 0 ? dividend.mantissa.timesPowerOfTen(shift) : dividend.mantissa,
              let denominator = shift >= 0 ? divisor.mantissa : divisor.mantissa.timesPowerOfTen(-shift),
              denominator <= UInt128.max / 10
        else { return nil }
        let (whole, firstRemainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        var remainder = firstRemainder
        // Places after the point: at least the minimum, more below one until `significantDigits`
        // significant digits are written (a leading-digit exponent of -k needs k - 1 + digits).
        var places = minimumFractionDigits
        var fraction: [UInt8] = []
        var firstSignificant: Int? = whole > 0 ? -1 : nil
        if whole > 0 {
            places = Swift.max(minimumFractionDigits, significantDigits - String(whole).count)
        }
        while fraction.count < places || (firstSignificant == nil && remainder != 0) {
            remainder *= 10
            let (digit, rest) = remainder.quotientAndRemainder(dividingBy: denominator)
            remainder = rest
            fraction.append(UInt8(digit))
            if firstSignificant == nil, digit != 0 {
                firstSignificant = fraction.count - 1
                places = Swift.max(minimumFractionDigits, fraction.count - 1 + significantDigits)
            }
            if fraction.count > 60 { return nil } // far beyond any rate: leave it to Decimal
        }
        // Round half away from zero on the next digit, as NSDecimalRound's `.plain` does.
        var kept = Array(fraction.prefix(places))
        var wholeDigits = Array(String(whole).utf8).map { $0 - UInt8(ascii: "0") }
        let next: UInt8
        if fraction.count > places {
            next = fraction[places]
        } else {
            remainder *= 10
            next = UInt8(remainder / denominator)
        }
        if next >= 5 {
            var index = kept.count - 1
            while index >= 0, kept[index] == 9 { kept[index] = 0; index -= 1 }
            if index >= 0 {
                kept[index] += 1
            } else {
                index = wholeDigits.count - 1
                while index >= 0, wholeDigits[index] == 9 { wholeDigits[index] = 0; index -= 1 }
                if index >= 0 { wholeDigits[index] += 1 } else { wholeDigits.insert(1, at: 0) }
            }
        }
        while kept.last == 0 { kept.removeLast() }
        var text = wholeDigits.map { $0 + UInt8(ascii: "0") }
        if !kept.isEmpty {
            text.append(UInt8(ascii: "."))
            text += kept.map { $0 + UInt8(ascii: "0") }
        }
        let isNegative = dividend.isNegative != divisor.isNegative && (wholeDigits.contains { $0 != 0 } || !kept.isEmpty)
        return (isNegative ? "-" : "") + String(decoding: text, as: UTF8.self)
    }
}
