/// A sentence for a person (a validation message, a notice), written in English with its
/// variable parts kept apart, so that each page writes it in the visitor's language
/// (`Localization.text(_:)` in Web) and the JSON API in canonical English (``english``).
/// `format` is the English source text, `{name}` marking each argument: the key the `.po` files
/// translate, so it must be a literal.
package struct Message: Sendable, Hashable, CustomStringConvertible {
    package enum Argument: Sendable, Hashable {
        case text(String)
        /// A number as `Decimal` writes it (`12.5`), grouped and separated per language.
        case number(String)
        case day(CalendarDate)
        case dayWithWeekday(CalendarDate)
        /// How long ago a day was: `today`, `yesterday`, `3 days ago`.
        case daysAgo(Int)
        /// A sentence within the sentence, written in the same language.
        indirect case message(Message)
    }

    package let format: String
    package let arguments: [String: Argument]

    package init(_ format: String, _ arguments: [String: Argument] = [:]) {
        self.format = format
        self.arguments = arguments
    }

    /// In English, numbers and days canonical (`1999-01-04`), as the JSON API says it.
    package var english: String {
        Self.fill(format) { name in
            switch arguments[name] {
            case .text(let text), .number(let text): text
            case .day(let day): day.description
            case .dayWithWeekday(let day): DateText.dayWithWeekday(day)
            case .daysAgo(let days): days <= 0 ? "today" : days == 1 ? "yesterday" : "\(days) days ago"
            case .message(let message): message.english
            case nil: nil
            }
        }
    }

    package var description: String { english }

    /// Alternatives as a sentence names them, in the reader's language: `POST`, `GET or HEAD`,
    /// `GET, HEAD or POST` (ar `GET أو HEAD`, ja `GET または HEAD`), each item kept whole.
    package static func alternatives(_ items: [String]) -> Message {
        guard let last = items.last else { return .verbatim("") }
        guard items.count > 1 else { return .verbatim(last) }
        var list = Message("{first} or {second}", ["first": .text(items[items.count - 2]), "second": .text(last)])
        for item in items.dropLast(2).reversed() {
            list = Message("{first}, {rest}", ["first": .text(item), "rest": .message(list)])
        }
        return list
    }

    /// A text written elsewhere (by a library, or before the text was a `Message`), shown as it
    /// is in every language.
    package static func verbatim(_ text: String) -> Message { Message(verbatimFormat, ["text": .text(text)]) }
    /// No translation has it, so every language writes the text alone.
    private static let verbatimFormat = "{text}"

    /// `format` with each `{name}` replaced by `value(name)` (left as it is when that is `nil`),
    /// each value isolated when `isolating`. Scans bytes: every page writes dozens of these.
    package static func fill(_ format: String, isolating: Bool = false, _ value: (String) -> String?) -> String {
        let bytes = format.utf8
        guard let firstOpen = bytes.firstIndex(of: UInt8(ascii: "{")) else { return format }
        var result = ""
        result.reserveCapacity(bytes.count + 32)
        var copied = bytes.startIndex
        var open: String.UTF8View.Index? = firstOpen
        while let start = open {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = String(format[bytes.index(after: start)..<end])
            if let text = value(name) {
                result += format[copied..<start]
                if isolating { result += "\u{2068}" }
                result += text
                if isolating { result += "\u{2069}" }
                copied = bytes.index(after: end)
            }
            open = bytes[bytes.index(after: end)...].firstIndex(of: UInt8(ascii: "{"))
        }
        result += format[copied...]
        return result
    }
}
