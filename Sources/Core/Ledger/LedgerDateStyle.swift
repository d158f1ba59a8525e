import Foundation

/// How a ledger's dates are written: ISO (`2026-03-05`), with dots (`05.03.2026`), or with
/// slashes day first (`05/03/2026`) or month first (`03/05/2026`). Output dates are written the
/// same way, so the converted file opens where it came from.
package enum LedgerDateStyle: String, Sendable, CaseIterable, Codable {
    case iso
    case dots
    case dayMonthSlashes = "dmy"
    case monthDaySlashes = "mdy"

    /// The style of a file's dates, read from some of them: the style most non-empty samples
    /// fit (a mistyped date such as `31.02.2026` does not hide the others'). Slashes are day first
    /// when more samples read that way (a first part over 12), month first when more read the
    /// other; when every sample reads either way, they could be either (`nil` with `ambiguous`).
    package static func sniff(_ samples: some Sequence<String>) -> (style: LedgerDateStyle?, ambiguous: Bool) {
        var fits: [LedgerDateStyle: Int] = [:]
        for sample in samples {
            let text = sample.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            for style in allCases where style.parse(text) != nil { fits[style, default: 0] += 1 }
        }
        let most = fits.values.max() ?? 0
        guard most > 0 else { return (nil, false) }
        let best = allCases.filter { fits[$0] == most }
        if best.contains(.iso) { return (.iso, false) }
        if best.contains(.dots) { return (.dots, false) }
        return best.count == 1 ? (best[0], false) : (nil, true)
    }

    /// The date `text` names in this style (surrounding spaces ignored), or `nil`.
    package func parse(_ text: some StringProtocol) -> CalendarDate? {
        var text = Substring(text)
        return text.withUTF8 { parse(bytes: $0) }
    }

    private func parse(bytes all: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
        var start = 0, end = all.count
        while start < end, all[start] == 0x20 { start += 1 }
        while end > start, all[end - 1] == 0x20 { end -= 1 }
        guard end - start == 10 else { return nil }
        let bytes = UnsafeBufferPointer(rebasing: all[start..<end])
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        switch self {
        case .iso:
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), let y = number(0..<4), let m = number(5..<7),
                let d = number(8..<10)
            else { return nil }
            return CalendarDate(year: y, month: m, day: d)
        case .dots, .dayMonthSlashes, .monthDaySlashes:
            let separator = self == .dots ? UInt8(ascii: ".") : UInt8(ascii: "/")
            guard bytes[2] == separator, bytes[5] == separator, let first = number(0..<2), let second = number(3..<5),
                let y = number(6..<10)
            else { return nil }
            return self == .monthDaySlashes
                ? CalendarDate(year: y, month: first, day: second) : CalendarDate(year: y, month: second, day: first)
        }
    }

    /// `date` written in this style.
    package func write(_ date: CalendarDate) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        switch self {
        case .iso: return date.description
        case .dots: return "\(two(date.day)).\(two(date.month)).\(date.year)"
        case .dayMonthSlashes: return "\(two(date.day))/\(two(date.month))/\(date.year)"
        case .monthDaySlashes: return "\(two(date.month))/\(two(date.day))/\(date.year)"
        }
    }
}
