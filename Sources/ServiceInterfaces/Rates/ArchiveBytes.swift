import Core
import Foundation

/// Writes an archive's values: integers as variable-length (zigzag) numbers, strings with their
/// length, decimals as their exact parts (``Decimal``'s exponent, sign, length and mantissa,
/// so that a decimal read back is the same value written the same way).
struct ArchiveWriter {
    private(set) var written: [UInt8] = []

    mutating func byte(_ value: UInt8) { written.append(value) }

    mutating func bytes(_ values: [UInt8]) { written.append(contentsOf: values) }

    mutating func string(_ value: String) {
        integer(value.utf8.count)
        written.append(contentsOf: value.utf8)
    }

    /// A flags byte (bit 0: negative, bit 1: NaN), the power of ten and the significand's
    /// digits as one number: the value as it is written, trailing zeros and all.
    mutating func decimal(_ value: Decimal) {
        guard let parts = DecimalParts(value) else { return written.append(2) }
        written.append(parts.isNegative ? 1 : 0)
        integer(parts.exponent)
        unsigned(UInt64(truncatingIfNeeded: parts.mantissa >> 64))
        unsigned(UInt64(truncatingIfNeeded: parts.mantissa))
    }

    private mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            written.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        written.append(UInt8(rest))
    }

    mutating func integer(_ value: Int) { unsigned(UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63))) }
}

/// Reads what ``ArchiveWriter`` wrote; `nil` for every value past the end or malformed.
struct ArchiveReader {
    private let data: [UInt8]
    private var position = 0

    init(_ data: [UInt8]) { self.data = data }

    var remaining: Int { data.count - position }

    mutating func byte() -> UInt8? {
        guard position < data.count else { return nil }
        defer { position += 1 }
        return data[position]
    }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return Array(data[position..<position + count])
    }

    private mutating func unsigned() -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard let byte = byte() else { return nil }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 { return value }
        }
        return nil
    }

    mutating func integer() -> Int? {
        unsigned().map { Int(Int64(bitPattern: $0 >> 1) ^ -Int64(bitPattern: $0 & 1)) }
    }

    /// A number of things to read, each at least a byte long: never more than the bytes left.
    mutating func count() -> Int? {
        integer().flatMap { $0 >= 0 && $0 <= remaining ? $0 : nil }
    }

    mutating func string() -> String? {
        guard let count = count(), let bytes = bytes(count) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    mutating func decimal() -> Decimal? {
        guard let flags = byte(), flags <= 2 else { return nil }
        if flags == 2 { return .nan }
        guard let exponent = integer(), let exponent = Int8(exactly: exponent), let high = unsigned(), let low = unsigned() else {
            return nil
        }
        // Not through `DecimalParts.decimal`, which drops trailing zeros: the value as it was written.
        let digits = String(UInt128(high) << 64 | UInt128(low))
        // A `Decimal` holds 38 digits at most.
        guard digits.utf8.count <= 38, let significand = high == 0 ? Decimal(low) : Decimal(string: digits) else { return nil }
        return Decimal(sign: flags == 1 ? .minus : .plus, exponent: Int(exponent), significand: significand)
    }
}
