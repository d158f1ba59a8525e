import Core
import Foundation

/// How a ``Message`` is kept in the database: its English source text and its arguments, as
/// JSON (`{"format":"Stored {count} rates…","arguments":{"count":{"number":"162"}}}`), so that
/// it can be written again in any language.
extension Message: Codable {
    private enum CodingKeys: String, CodingKey { case format, arguments }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(String.self, forKey: .format),
            try container.decodeIfPresent([String: Argument].self, forKey: .arguments) ?? [:])
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        if !arguments.isEmpty { try container.encode(arguments, forKey: .arguments) }
    }

    /// The JSON text stored, or `nil` if it cannot be written.
    package var storedText: String? {
        (try? Self.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The message in `text`, or `nil` if it is not one.
    package init?(storedText text: String) {
        guard let message = try? JSONDecoder().decode(Message.self, from: Data(text.utf8)) else { return nil }
        self = message
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}

extension Message.Argument: Codable {
    /// One key, naming the kind of argument.
    private enum CodingKeys: String, CodingKey { case text, number, day, dayWithWeekday, daysAgo, message }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not one argument"))
        }
        func day() throws -> CalendarDate {
            let text = try container.decode(String.self, forKey: key)
            guard let day = CalendarDate(iso8601: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "Not a day: \(text)")
            }
            return day
        }
        switch key {
        case .text: self = .text(try container.decode(String.self, forKey: key))
        case .number: self = .number(try container.decode(String.self, forKey: key))
        case .day: self = .day(try day())
        case .dayWithWeekday: self = .dayWithWeekday(try day())
        case .daysAgo: self = .daysAgo(try container.decode(Int.self, forKey: key))
        case .message: self = .message(try container.decode(Message.self, forKey: key))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text): try container.encode(text, forKey: .text)
        case .number(let number): try container.encode(number, forKey: .number)
        case .day(let day): try container.encode(day.description, forKey: .day)
        case .dayWithWeekday(let day): try container.encode(day.description, forKey: .dayWithWeekday)
        case .daysAgo(let days): try container.encode(days, forKey: .daysAgo)
        case .message(let message): try container.encode(message, forKey: .message)
        }
    }
}
