/// A sentence for a person (a validation message, a notice), written in English with its
/// variable parts kept apart, so that each page writes it in the visitor's language
/// (``Localization/text(_:)-swift.method``) and the JSON API in canonical English (``english``).
/// `format` is the English source text, `{name}` marking each argument: the key the `.po` files
/// translate, so it must be a literal.
struct Message: Sendable, Hashable, CustomStringConvertible {
    enum Argument: Sendable, Hashable {
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

    let format: String
    let arguments: [String: Argument]

    init(_ format: String, _ arguments: [String: Argument] = [:]) {
        self.format = format
        self.arguments = arguments
    }

    /// In English, numbers and days canonical (`1999-01-04`), as the JSON API says it.
    var english: String {
        Localization.fill(format) { name in
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

    var description: String { english }

    /// Alternatives as a sentence names them, in the reader's language: `POST`, `GET or HEAD`,
    /// `GET, HEAD or POST` (ar `GET أو HEAD`, ja `GET または HEAD`), each item kept whole.
    static func alternatives(_ items: [String]) -> Message {
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
    static func verbatim(_ text: String) -> Message { Message(verbatimFormat, ["text": .text(text)]) }
    /// No translation has it, so every language writes the text alone.
    private static let verbatimFormat = "{text}"
}

extension Localization {
    /// `today`, `yesterday`, `3 days ago`.
    func age(days: Int) -> String {
        switch days {
        case ...0: text("today")
        case 1: text("yesterday")
        default: plural("{count} day ago", "{count} days ago", count: days)
        }
    }

    /// `message` in this language, its numbers and days written as this language writes them.
    func text(_ message: Message) -> String {
        var values: [String: String] = [:]
        for (name, argument) in message.arguments {
            values[name] =
                switch argument {
                case .text(let text): text
                case .number(let plain): number(plain)
                case .day(let day): date(day)
                case .dayWithWeekday(let day): dateWithWeekday(day)
                case .daysAgo(let days): age(days: days)
                case .message(let inner): text(inner)
                }
        }
        return text(message.format, values)
    }
}
