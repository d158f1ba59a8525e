import Foundation
import NIOConcurrencyHelpers

/// Everything a presenter needs to write for one language: translated sentences with their
/// placeholders filled (``text(_:_:)``, ``plural(_:_:count:_:)``), numbers and dates in the
/// language's own style, and currency names as people say them (CLDR's, through Foundation).
///
/// English is the source text: an English sentence is its own translation. Each argument is
/// isolated (U+2068 … U+2069, what `<bdi>` does in markup) on right-to-left pages, so an amount,
/// a code or a date inside Arabic text keeps its own order.
struct Localization: Sendable {
    let language: Language
    private let catalog: TranslationCatalog
    private let symbols: NumberSymbols
    private let currencyNames: CurrencyNames
    private let dates: DateTexts

    init(language: Language, catalog: TranslationCatalog) {
        self.language = language
        self.catalog = catalog
        let locale = Locale(identifier: language.rawValue)
        symbols = NumberSymbols(locale: locale)
        currencyNames = CurrencyNames(locale: locale)
        dates = DateTexts(locale: locale)
    }

    /// `english` in this language with each `{name}` replaced by `arguments[name]`.
    func text(_ english: String, _ arguments: [String: String] = [:]) -> String {
        let translated = language == .en ? english : (catalog.entries[english]?.forms.first).flatMap { $0.isEmpty ? nil : $0 } ?? english
        return fill(translated, arguments)
    }

    /// The form of a counted message that fits `count` (`{count} contact` / `{count} contacts`),
    /// `{count}` written as a number of this language.
    func plural(_ one: String, _ other: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = number(String(count))
        let form: String
        if language == .en {
            form = count == 1 ? one : other
        } else if let forms = catalog.entries[one]?.forms, case let index = language.pluralForm(of: count), index < forms.count,
            !forms[index].isEmpty
        {
            form = forms[index]
        } else {
            form = count == 1 ? one : other
        }
        return fill(form, arguments)
    }

    /// A number written as `Decimal`'s plain text (`-36295.5`) with this language's grouping
    /// and decimal separator: `36,295.5`, `36.295,5`, `36 295,5`. Exact: the digits are the text's.
    func number(_ plain: String) -> String { symbols.format(plain) }

    /// A day in the language's medium style: `Oct 30, 2026`, `30.10.2026`, `30 окт. 2026 г.`.
    func date(_ day: CalendarDate) -> String { dates.text(of: day, .medium) }
    /// A day with its weekday: `Friday, October 30, 2026`, `Freitag, 30. Oktober 2026`.
    func dateWithWeekday(_ day: CalendarDate) -> String { dates.text(of: day, .withWeekday) }
    /// A month: `October 2026`, `октябрь 2026 г.`, `2026年10月`.
    func month(_ day: CalendarDate) -> String { dates.text(of: day, .month) }
    /// A month, short: `Oct 2026`, for a chart's axis.
    func shortMonth(_ day: CalendarDate) -> String { dates.text(of: day, .shortMonth) }
    /// A year: `2026`, `2026年`.
    func year(_ day: CalendarDate) -> String { dates.text(of: day, .year) }

    /// What people call the currency in this language (CLDR: `British Pound`, `японская иена`),
    /// else the ISO 4217 name the app knows it by. A withdrawn currency says since when:
    /// `Cypriot Pound (withdrawn 2008)`.
    func currencyName(_ currency: Currency) -> String {
        guard let name = currencyNames.name(of: currency.code) else { return currency.name }
        guard let year = currency.withdrawalYear else { return name }
        return text("{currency} (withdrawn {year})", ["currency": name, "year": year])
    }

    /// The decimal and grouping separators, for the live conversion script to write as the page does.
    var decimalSeparator: String { symbols.decimal }
    var groupingSeparator: String { symbols.grouping }

    /// Wraps a text that runs left to right (an amount with its code) so that it keeps its
    /// order inside right-to-left text; unchanged on left-to-right pages.
    func isolated(_ text: String) -> String { language.isRightToLeft ? "\u{2068}" + text + "\u{2069}" : text }

    private func fill(_ format: String, _ arguments: [String: String]) -> String {
        guard format.contains("{") else { return format }
        var result = ""
        result.reserveCapacity(format.utf8.count + 16)
        var rest = format[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = arguments[name] {
                result += isolated(value)
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }
}

/// CLDR's currency names in one language, each looked up once.
final class CurrencyNames: Sendable {
    private let locale: Locale
    private let names = NIOLockedValueBox<[String: String?]>([:])

    init(locale: Locale) { self.locale = locale }

    func name(of code: String) -> String? {
        if let name = names.withLockedValue({ $0[code] }) { return name }
        let name = locale.localizedString(forCurrencyCode: code).flatMap { $0 == code ? nil : $0 }
        names.withLockedValue { $0[code] = name }
        return name
    }
}

/// A language's decimal and grouping separators, as CLDR gives them.
struct NumberSymbols: Sendable {
    let decimal: String
    let grouping: String

    init(locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        decimal = formatter.decimalSeparator ?? "."
        grouping = formatter.groupingSeparator ?? ","
    }

    func format(_ plain: String) -> String {
        var integer = plain[...]
        var sign = ""
        if integer.first == "-" {
            sign = "-"
            integer = integer.dropFirst()
        }
        var fraction: Substring?
        if let point = integer.firstIndex(of: ".") {
            fraction = integer[integer.index(after: point)...]
            integer = integer[..<point]
        }
        guard integer.allSatisfy(\.isASCII) else { return plain }
        var result = sign
        result.reserveCapacity(plain.utf8.count + plain.utf8.count / 3 * grouping.utf8.count + decimal.utf8.count)
        let digits = Array(integer)
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += grouping }
            result.append(digit)
        }
        if let fraction {
            result += decimal
            result += fraction
        }
        return result
    }
}

/// Days written in a language's styles, each day's text kept once written: a history page
/// writes hundreds, and Foundation's formatting is slow next to a lookup.
final class DateTexts: Sendable {
    enum Style: Int, CaseIterable, Sendable {
        case medium, withWeekday, month, shortMonth, year
    }

    private let styles: [Date.FormatStyle]
    private let kept = NIOLockedValueBox<[Int: String]>([:])
    private static let keptAtMost = 50_000

    init(locale: Locale) {
        let utc = TimeZone(identifier: "UTC")!
        styles = Style.allCases.map { style in
            switch style {
            case .medium: Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, timeZone: utc)
            case .withWeekday: Date.FormatStyle(date: .complete, time: .omitted, locale: locale, timeZone: utc)
            case .month: Date.FormatStyle(locale: locale, timeZone: utc).month(.wide).year()
            case .shortMonth: Date.FormatStyle(locale: locale, timeZone: utc).month(.abbreviated).year()
            case .year: Date.FormatStyle(locale: locale, timeZone: utc).year()
            }
        }
    }

    func text(of day: CalendarDate, _ style: Style) -> String {
        let key = day.dayNumber &* 8 &+ style.rawValue
        if let text = kept.withLockedValue({ $0[key] }) { return text }
        let text = Date(timeIntervalSince1970: TimeInterval(day.dayNumber) * 86_400).formatted(styles[style.rawValue])
        kept.withLockedValue { kept in
            if kept.count >= Self.keptAtMost { kept.removeAll() }
            kept[key] = text
        }
        return text
    }
}
