import Foundation

extension Decimal {
    /// `self × multiplier ÷ divisor`, truncated toward zero to `fractionDigits` places: what a
    /// conversion gives (`amount × toRate ÷ fromRate`). Exact: computed as one 128-bit integer
    /// division of the operands' mantissas when the product fits (every amount the converter
    /// accepts times a rate of up to 15 digits); otherwise by `Decimal` arithmetic, whose
    /// 38-digit quotient is then truncated.
    package func truncatedProduct(_ multiplier: Decimal, over divisor: Decimal, fractionDigits: Int) -> Decimal {
        integerProduct(multiplier, over: divisor, fractionDigits: fractionDigits)
            ?? (self * multiplier / divisor).truncated(toFractionDigits: fractionDigits)
    }

    /// `self × multiplier ÷ divisor` rounded to `fractionDigits` places, halves away from zero
    /// (`NSDecimalRound`'s `.plain`): what a ledger line gives. Exact by the same integer route
    /// as ``truncatedProduct(_:over:fractionDigits:)``, not `Decimal`'s multiplication, division
    /// and rounding (docs/BENCHMARKS.md, *Exact decimals by hand*).
    package func roundedProduct(_ multiplier: Decimal, over divisor: Decimal, fractionDigits: Int) -> Decimal {
        integerProduct(multiplier, over: divisor, fractionDigits: fractionDigits, roundingHalvesUp: true)
            ?? (self * multiplier / divisor).rounded(toFractionDigits: fractionDigits, .plain)
    }

    /// The integer route of ``truncatedProduct(_:over:fractionDigits:)`` (truncated) and
    /// ``roundedProduct(_:over:fractionDigits:)`` (`roundingHalvesUp`); `nil` where it does not apply.
    package func integerProduct(
        _ multiplier: Decimal, over divisor: Decimal, fractionDigits: Int, roundingHalvesUp: Bool = false
    ) -> Decimal? {
        guard let value = DecimalParts(self), let multiplier = DecimalParts(multiplier), let divisor = DecimalParts(divisor) else {
            return nil
        }
        return value.product(multiplier, over: divisor, fractionDigits: fractionDigits, roundingHalvesUp: roundingHalvesUp)
    }
}

extension DecimalParts {
    /// `self × multiplier ÷ divisor` to `fractionDigits` places, truncated or rounded halves away
    /// from zero, as one 128-bit integer division; `nil` where the mantissas' product does not fit.
    package func product(_ multiplier: DecimalParts, over divisor: DecimalParts, fractionDigits: Int, roundingHalvesUp: Bool) -> Decimal? {
        guard divisor.mantissa != 0, (0...38).contains(fractionDigits) else { return nil }
        let (product, overflow) = mantissa.multipliedReportingOverflow(by: multiplier.mantissa)
        guard !overflow else { return nil }
        // self × multiplier ÷ divisor × 10^fractionDigits
        //   = product × 10^(self.e + multiplier.e + fractionDigits - divisor.e) ÷ divisor.mantissa
        let shift = exponent + multiplier.exponent + fractionDigits - divisor.exponent
        guard let numerator = shift >= 0 ? product.timesPowerOfTen(shift) : product,
            let denominator = shift >= 0 ? divisor.mantissa : divisor.mantissa.timesPowerOfTen(-shift)
        else { return nil }
        let isNegative = (self.isNegative != multiplier.isNegative) != divisor.isNegative
        var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        // Half or more of the next unit rounds the magnitude up (remainder ≥ denominator − remainder).
        if roundingHalvesUp, remainder >= denominator - remainder { quotient += 1 }
        return DecimalParts(isNegative: isNegative, mantissa: quotient, exponent: -fractionDigits).decimal
    }
}

extension Decimal {
    /// `self ÷ divisor` written as ``plainText(minimumFractionDigits:significantDigits:)`` writes
    /// a quotient (a rate from two stored rates): the digits come from an exact long division of
    /// the mantissas, so no 38-digit `Decimal` quotient is made first. `Decimal` arithmetic
    /// where the mantissas do not fit the long division or the divisor is zero.
    package func quotientText(dividingBy divisor: Decimal, minimumFractionDigits: Int, significantDigits: Int) -> String {
        if let text = exactQuotientText(
            dividingBy: divisor, minimumFractionDigits: minimumFractionDigits,
            significantDigits: significantDigits)
        {
            return text
        }
        return (self / divisor).plainText(minimumFractionDigits: minimumFractionDigits, significantDigits: significantDigits)
    }

    /// `self ÷ divisor` as every page writes a rate (see ``rateText``), without dividing `Decimal`s.
    package func rateText(dividedBy divisor: Decimal) -> String {
        quotientText(dividingBy: divisor, minimumFractionDigits: 4, significantDigits: 4)
    }

    /// The long division of ``quotientText(dividingBy:minimumFractionDigits:significantDigits:)``;
    /// `nil` where it does not apply.
    package func exactQuotientText(dividingBy divisor: Decimal, minimumFractionDigits: Int, significantDigits: Int) -> String? {
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
        // One buffer of digit values: room for a carry at 0, the whole part from 1, then the
        // fraction; written out once at the end (this runs for every rate a page writes).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 112) { digits -> String? in
            var wholeEnd = 1
            var rest = whole
            repeat {
                digits[wholeEnd] = UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                wholeEnd += 1
            } while rest > 0
            var (low, high) = (1, wholeEnd - 1)
            while low < high {
                digits.swapAt(low, high)
                (low, high) = (low + 1, high - 1)
            }
            // Places after the point: at least the minimum, more below one until
            // `significantDigits` significant digits are written.
            var significant = whole > 0
            var places = significant ? Swift.max(minimumFractionDigits, significantDigits - (wholeEnd - 1)) : minimumFractionDigits
            var remainder = firstRemainder, fractionCount = 0
            while fractionCount < places || (!significant && remainder != 0) {
                guard fractionCount < 60 else { return nil } // far beyond any rate: leave it to Decimal
                remainder *= 10
                let (digit, rest) = remainder.quotientAndRemainder(dividingBy: denominator)
                remainder = rest
                digits[wholeEnd + fractionCount] = UInt8(truncatingIfNeeded: digit)
                fractionCount += 1
                if !significant, digit != 0 {
                    significant = true
                    places = Swift.max(minimumFractionDigits, fractionCount - 1 + significantDigits)
                }
            }
            // Round half away from zero on the next digit, as NSDecimalRound's `.plain` does.
            let next = fractionCount > places ? digits[wholeEnd + places] : UInt8(truncatingIfNeeded: remainder * 10 / denominator)
            var first = 1, end = wholeEnd + Swift.min(places, fractionCount)
            if next >= 5 {
                var index = end - 1
                while index >= 1, digits[index] == 9 {
                    digits[index] = 0
                    index -= 1
                }
                if index >= 1 { digits[index] += 1 } else { (digits[0], first) = (1, 0) }
            }
            while end > wholeEnd, digits[end - 1] == 0 { end -= 1 }
            let isNegative = dividend.isNegative != divisor.isNegative && (first..<end).contains { digits[$0] != 0 }
            let length = (isNegative ? 1 : 0) + (wholeEnd - first) + (end > wholeEnd ? 1 + end - wholeEnd : 0)
            return String(unsafeUninitializedCapacity: length) { text in
                var count = 0
                func write(_ byte: UInt8) {
                    text[count] = byte
                    count += 1
                }
                if isNegative { write(UInt8(ascii: "-")) }
                for index in first..<wholeEnd { write(UInt8(ascii: "0") + digits[index]) }
                if end > wholeEnd {
                    write(UInt8(ascii: "."))
                    for index in wholeEnd..<end { write(UInt8(ascii: "0") + digits[index]) }
                }
                return count
            }
        }
    }
}

extension Decimal {
    /// The `Double` nearest to this value, as parsing its decimal text gives (what
    /// `NSDecimalNumber.doubleValue` does not: it is one unit off for a third of the ECB's
    /// rates, 0.3891 becoming 0.38910000000000006). A mantissa below 2^53 and a power of ten up to
    /// 10^22 are both exact as `Double`s, so one multiplication or division rounds correctly;
    /// anything else goes through the text.
    package var nearestDouble: Double {
        if let parts = DecimalParts(self), parts.mantissa < (1 << 53), (-22...22).contains(parts.exponent) {
            let mantissa = Double(UInt64(parts.mantissa)) * (parts.isNegative ? -1 : 1)
            let scale = Self.powersOfTen[abs(parts.exponent)]
            return parts.exponent < 0 ? mantissa / scale : mantissa * scale
        }
        return Double(plainText) ?? .nan
    }

    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }
}

extension Decimal {
    /// `self ÷ divisor` rounded halves away from zero to `significantDigits` significant digits
    /// (as ``rounded(toSignificantDigits:)`` rounds): what a rebased rate is. One 128-bit long
    /// division of the mantissas, where `Decimal`'s division is slower and leaves a 38-digit
    /// quotient that every later reading or writing pays for again (docs/BENCHMARKS.md, *Exact
    /// decimals by hand*). `Decimal` arithmetic where the mantissas do not fit.
    package func quotient(dividingBy divisor: Decimal, significantDigits: Int) -> Decimal {
        quotientWithParts(dividingBy: divisor, significantDigits: significantDigits).quotient
    }

    /// ``quotient(dividingBy:significantDigits:)``, with the quotient's parts where the long
    /// division made them (arithmetic that goes on with it need not read them back).
    package func quotientWithParts(dividingBy divisor: Decimal, significantDigits: Int) -> (quotient: Decimal, parts: DecimalParts?) {
        if let dividend = DecimalParts(self), let parts = DecimalParts(divisor),
            let quotient = dividend.quotient(dividingBy: parts, significantDigits: significantDigits), let decimal = quotient.decimal
        {
            return (decimal, quotient)
        }
        return ((self / divisor).rounded(toSignificantDigits: significantDigits), nil)
    }
}

extension Decimal {
    /// `self × multiplier` rounded halves away from zero to `significantDigits` significant digits
    /// (as ``rounded(toSignificantDigits:)`` rounds): a pegged rate, the peg times its anchor's
    /// rate. One 128-bit multiplication of the mantissas, not `Decimal`'s product and its
    /// rounding through text, which made the pegs a third of blending a day (docs/BENCHMARKS.md,
    /// *Exact decimals by hand*). `Decimal` arithmetic where the product does not fit.
    package func product(_ multiplier: Decimal, significantDigits: Int) -> Decimal {
        if let left = DecimalParts(self), let right = DecimalParts(multiplier) {
            let (mantissa, overflow) = left.mantissa.multipliedReportingOverflow(by: right.mantissa)
            if !overflow,
                let product = DecimalParts(
                    isNegative: left.isNegative != right.isNegative, mantissa: mantissa, exponent: left.exponent + right.exponent
                ).quotient(dividingBy: DecimalParts(mantissa: 1, exponent: 0), significantDigits: significantDigits)?.decimal
            {
                return product
            }
        }
        return (self * multiplier).rounded(toSignificantDigits: significantDigits)
    }
}

extension DecimalParts {
    /// `self ÷ divisor` rounded halves away from zero to `significantDigits` (1...38) significant
    /// digits, or to units where the whole part has more digits (as `rounded(toSignificantDigits:)`
    /// keeps a whole part); `nil` for a zero divisor or mantissas too long to scale within 128 bits.
    package func quotient(dividingBy divisor: DecimalParts, significantDigits: Int) -> DecimalParts? {
        guard divisor.mantissa != 0, (1...38).contains(significantDigits) else { return nil }
        guard mantissa != 0 else { return DecimalParts(mantissa: 0, exponent: 0) }
        guard let (quotient, unroundedExponent) = rounded(dividingBy: divisor, significantDigits: significantDigits) else { return nil }
        // A whole part longer than the digits asked for (its last digit worth more than one): to units instead.
        guard unroundedExponent > 0 else { return quotient }
        let wholeDigits = significantDigits + unroundedExponent
        return wholeDigits <= 38 ? rounded(dividingBy: divisor, significantDigits: wholeDigits)?.0 : nil
    }

    /// The quotient rounded to `significantDigits`, and the power of ten of its last digit before
    /// rounding (positive: the whole part has more digits than that).
    private func rounded(dividingBy divisor: DecimalParts, significantDigits: Int) -> (DecimalParts, unroundedExponent: Int)? {
        let limit = UInt128.powersOfTen[significantDigits]
        // mantissa ÷ divisor lies between 10^(d−1) and 10^(d+1), d the difference of their digit
        // counts: scaled by 10^(s−d) it has s or s+1 digits; with s+1, once more by one less.
        var scale = significantDigits - (mantissa.decimalDigitCount - divisor.mantissa.decimalDigitCount)
        for _ in 0..<2 {
            guard let numerator = scale >= 0 ? mantissa.timesPowerOfTen(scale) : mantissa,
                let denominator = scale >= 0 ? divisor.mantissa : divisor.mantissa.timesPowerOfTen(-scale)
            else { return nil }
            var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
            if quotient >= limit {
                scale -= 1
                continue
            }
            // Half or more of the next unit rounds the magnitude up (remainder ≥ denominator − remainder).
            if remainder >= denominator - remainder { quotient += 1 }
            let unroundedExponent = exponent - divisor.exponent - scale
            var exponent = unroundedExponent
            if quotient == limit {
                quotient /= 10
                exponent += 1
            }
            return (DecimalParts(isNegative: isNegative != divisor.isNegative, mantissa: quotient, exponent: exponent), unroundedExponent)
        }
        return nil
    }
}
