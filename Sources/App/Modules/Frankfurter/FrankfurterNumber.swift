import Foundation

/// A number as Frankfurter's v1 API (a Ruby service) computes and writes it: a `Float`, written
/// as Ruby writes one (`1.0`, `0.92081`, `1.0e-05`), or, where its rounding made a whole
/// number of a rate over 5,000, an `Integer` (`16293`).
enum FrankfurterNumber: Equatable {
    case float(Double)
    case integer(Double)

    var value: Double {
        switch self {
        case .float(let value), .integer(let value): value
        }
    }

    /// Frankfurter's rounding (`Roundable#round`), the way forex quotes are written: over 5,000
    /// no decimals, over 80 two, over 20 three, over 1 four, over 0.0001 five, else six.
    static func rounded(_ value: Double) -> FrankfurterNumber {
        if value > 5000 { return .integer(value.rounded(.toNearestOrAwayFromZero)) }
        let digits = value > 80 ? 2 : value > 20 ? 3 : value > 1 ? 4 : value > 0.0001 ? 5 : 6
        return .float(fixed(value, digits: digits))
    }

    /// `Float(format("%.Nf", value))`: the value rounded to `digits` decimals as `printf` rounds
    /// its exact binary value, read back. Done in floating point, which is exact here: the
    /// scaled value (below 10^6) is off by less than 10^-10, so unless it lies that close to a
    /// half its rounding is `printf`'s, and the whole number over a power of ten is one correctly
    /// rounded division. The rare value that close to a half goes through the text.
    static func fixed(_ value: Double, digits: Int) -> Double {
        let scale = powersOfTen[digits]
        let scaled = value * scale
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        if abs(fraction - 0.5) >= 1e-7, scaled < 1e8 {
            return (fraction > 0.5 ? whole + 1 : whole) / scale
        }
        return Double(String(format: "%.\(digits)f", value)) ?? value
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Appends the number as Ruby writes it.
    func write(into bytes: inout [UInt8]) {
        switch self {
        case .float(let value): RubyNumber.writeFloat(value, into: &bytes)
        case .integer(let value):
            if abs(value) < 9e15 {
                bytes.append(contentsOf: String(Int64(value)).utf8)
            } else {
                bytes.append(contentsOf: String(format: "%.0f", value).utf8)
            }
        }
    }
}

/// Ruby's ways with numbers that Frankfurter's answers depend on.
enum RubyNumber {
    /// `String#to_f`: the longest leading decimal number (spaces before it, a sign, digits with
    /// single underscores between them, a fraction, an exponent), `0.0` when there is none:
    /// `"10abc"` is 10, `"1_000"` 1000, `".5"` 0.5, `"abc"` and `"0x1A"` 0.
    static func float(_ text: String) -> Double {
        let bytes = Array(text.utf8)
        var index = 0
        var number: [UInt8] = []
        func isDigit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[at]) }
        /// Digits with single underscores between them; whether any were read.
        func digits() -> Bool {
            guard isDigit(index) else { return false }
            while index < bytes.count {
                if isDigit(index) {
                    number.append(bytes[index])
                    index += 1
                } else if bytes[index] == UInt8(ascii: "_"), isDigit(index + 1) {
                    index += 1
                } else {
                    break
                }
            }
            return true
        }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            number.append(bytes[index])
            index += 1
        }
        let whole = digits()
        var fraction = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(index + 1) {
            number.append(UInt8(ascii: "."))
            index += 1
            fraction = digits()
        }
        guard whole || fraction else { return 0 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var next = index + 1
            var exponent: [UInt8] = [UInt8(ascii: "e")]
            if next < bytes.count, bytes[next] == UInt8(ascii: "-") || bytes[next] == UInt8(ascii: "+") {
                exponent.append(bytes[next])
                next += 1
            }
            if isDigit(next) {
                index = next
                number += exponent
                _ = digits()
            }
        }
        if !whole { number.insert(UInt8(ascii: "0"), at: number.first == UInt8(ascii: "-") || number.first == UInt8(ascii: "+") ? 1 : 0) }
        return Double(String(decoding: number, as: UTF8.self)) ?? 0
    }

    /// `Float#to_s`: the shortest digits that read back as the same `Double`, in fixed notation
    /// from 0.0001 to below 10^16 (always with a fraction: `1.0`), else `1.0e-05`, `1.2e+20`.
    /// Swift's `description` writes the same digits at the same thresholds, but `1e-05` for a
    /// mantissa without a fraction.
    static func writeFloat(_ value: Double, into bytes: inout [UInt8]) {
        let text = value.description
        guard let exponent = text.utf8.firstIndex(of: UInt8(ascii: "e")) else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        let mantissa = text.utf8[..<exponent]
        bytes.append(contentsOf: mantissa)
        if !mantissa.contains(UInt8(ascii: ".")) { bytes.append(contentsOf: ".0".utf8) }
        bytes.append(contentsOf: text.utf8[exponent...])
    }
}
