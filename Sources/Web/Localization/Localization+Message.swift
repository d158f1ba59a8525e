import Core

/// Messages and ages in the page's language.
extension Localization {
    /// `today`, `yesterday`, `3 days ago`.
    package func age(days: Int) -> String {
        switch days {
        case ...0: text("today")
        case 1: text("yesterday")
        default: plural("{count} day ago", "{count} days ago", count: days)
        }
    }

    /// `message` in this language, its numbers and days written as this language writes them.
    package func text(_ message: Message) -> String {
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

    /// `13 minutes`: a wait before trying again.
    package func text(_ wait: RetryWait) -> String { plural("{count} minute", "{count} minutes", count: wait.minutes) }
}
