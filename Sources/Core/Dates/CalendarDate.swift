import Foundation

/// A day in the Gregorian calendar without a time zone, such as the date rates take effect.
/// Written and stored as ISO 8601 `YYYY-MM-DD`, which also sorts correctly as text.
///
/// Day arithmetic is done on day numbers (days since 1970-01-01) rather than with `Calendar`,
/// which is exact for the Gregorian calendar and cheap enough for every page view.
package struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package let year: Int
    package let month: Int
    package let day: Int

    /// Parses `YYYY-MM-DD`; `nil` for anything else, including impossible days like `2025-02-30`.
    package init?(iso8601 text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    package init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysInMonth(month, of: year) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The UTC day containing `date`.
    package init(containing date: Date) {
        let dayNumber = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        self.init(dayNumber: dayNumber)
    }

    package var description: String {
        guard (0...9999).contains(year) else {
            let month = month < 10 ? "0\(month)" : "\(month)"
            let day = day < 10 ? "0\(day)" : "\(day)"
            return "\(year)-\(month)-\(day)"
        }
        // Ten ASCII bytes, written in place (pages write dozens of dates).
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func write(_ value: Int, at start: Int, digits: Int) {
                var rest = value
                for position in stride(from: start + digits - 1, through: start, by: -1) {
                    bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            write(year, at: 0, digits: 4)
            bytes[4] = UInt8(ascii: "-")
            write(month, at: 5, digits: 2)
            bytes[7] = UInt8(ascii: "-")
            write(day, at: 8, digits: 2)
            return 10
        }
    }

    /// Whole days from `self` to `later` (negative when `later` is earlier).
    package func days(until later: CalendarDate) -> Int {
        later.dayNumber - dayNumber
    }

    /// The day `count` days later (earlier when negative).
    package func adding(days count: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + count) }

    /// Monday 1, …, Sunday 7 (ISO 8601).
    package var isoWeekday: Int { ((dayNumber + 3) % 7 + 7) % 7 + 1 }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(iso8601: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "Expected a date as YYYY-MM-DD, got \(text)"))
        }
        self = date
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: Day numbers (H. Hinnant's civil-date algorithms)

    /// Days since 1970-01-01.
    package var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    private static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension Character {
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
