import Foundation

/// A day in the Gregorian calendar without a time zone, such as the date rates take effect.
/// Written and stored as ISO 8601 `YYYY-MM-DD`, which also sorts correctly as text.
struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    let year: Int
    let month: Int
    let day: Int

    /// Parses `YYYY-MM-DD`; `nil` for anything else, including impossible days like `2025-02-30`.
    init?(iso8601 text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    init?(year: Int, month: Int, day: Int) {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        guard components.isValidDate(in: Self.calendar) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The UTC day containing `date`.
    init(containing date: Date) {
        let parts = Self.calendar.dateComponents([.year, .month, .day], from: date)
        (year, month, day) = (parts.year!, parts.month!, parts.day!)
    }

    var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Whole days from `self` to `later` (negative when `later` is earlier).
    func days(until later: CalendarDate) -> Int {
        Self.calendar.dateComponents([.day], from: startOfDay, to: later.startOfDay).day ?? 0
    }

    private var startOfDay: Date {
        Self.calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(iso8601: text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "Expected a date as YYYY-MM-DD, got \(text)"))
        }
        self = date
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
