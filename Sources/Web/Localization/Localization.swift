import Core
import Foundation
import NIOConcurrencyHelpers

/// Everything a presenter needs to write for one language: translated sentences with their
/// placeholders filled (``text(_:_:)``, ``plural(_:_:count:_:)``), numbers and dates in the
/// language's own style, and currency names as people say them (CLDR's, through Foundation).
///
/// English is the source text: an English sentence is its own translation. Each argument is
/// isolated (U+2068 … U+2069, what `<bdi>` does in markup) on right-to-left pages, so an amount,
/// a code or a date inside Arabic text keeps its own order.
package struct Localization: Sendable {
    package let language: Language
    private let catalog: TranslationCatalog
    private let symbols: NumberSymbols
    private let currencyNames: CurrencyNames
    private let dates: DateTexts

    package init(language: Language, catalog: TranslationCatalog) {
        self.language = language
        self.catalog = catalog
        let locale = Locale(identifier: language.rawValue)
        symbols = NumberSymbols(locale: locale)
        currencyNames = CurrencyNames(locale: locale)
        dates = DateTexts(locale: locale)
    }

    /// `english` in this language with each `{name}` replaced by `arguments[name]`.
    package func text(_ english: String, _ arguments: [String: String] = [:]) -> String {
        let translated = language == .en ? english : (catalog.entries[english]?.forms.first).flatMap { $0.isEmpty ? nil : $0 } ?? english
        return fill(translated, arguments)
    }

    /// The form of a counted message that fits `count` (`{count} contact` / `{count} contacts`),
    /// `{count}` written as a number of this language.
    package func plural(_ one: String, _ other: String, count: Int, _ arguments: [String: String] = [:]) -> String {
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
    package func number(_ plain: String) -> String { symbols.format(plain) }

    /// A day in the language's medium style: `Oct 30, 2026`, `30.10.2026`, `30 окт. 2026 г.`.
    package func date(_ day: CalendarDate) -> String { dates.text(of: day, .medium) }
    /// A day with its weekday: `Friday, October 30, 2026`, `Freitag, 30. Oktober 2026`.
    package func dateWithWeekday(_ day: CalendarDate) -> String { dates.text(of: day, .withWeekday) }
    /// A month: `October 2026`, `октябрь 2026 г.`, `2026年10月`.
    package func month(_ day: CalendarDate) -> String { dates.text(of: day, .month) }
    /// A month, short: `Oct 2026`, for a chart's axis.
    package func shortMonth(_ day: CalendarDate) -> String { dates.text(of: day, .shortMonth) }
    /// A year: `2026`, `2026年`.
    package func year(_ day: CalendarDate) -> String { dates.text(of: day, .year) }

    /// What people call the currency in this language (CLDR: `British Pound`, `японская иена`),
    /// else the ISO 4217 name the app knows it by. A withdrawn currency says since when:
    /// `Cypriot Pound (withdrawn 2008)`.
    package func currencyName(_ currency: Currency) -> String {
        guard let name = currencyNames.name(of: currency.code) else { return currency.name }
        guard let year = currency.withdrawalYear else { return name }
        return text("{currency} (withdrawn {year})", ["currency": name, "year": year])
    }

    /// The decimal and grouping separators, for the live conversion script to write as the page does.
    package var decimalSeparator: String { symbols.decimal }
    package var groupingSeparator: String { symbols.grouping }

    /// Wraps a text that runs left to right (an amount with its code) so that it keeps its
    /// order inside right-to-left text; unchanged on left-to-right pages.
    package func isolated(_ text: String) -> String { language.isRightToLeft ? "\u{2068}" + text + "\u{2069}" : text }

    private func fill(_ format: String, _ arguments: [String: String]) -> String {
        Self.fill(format, isolating: language.isRightToLeft) { arguments[$0] }
    }

    /// `format` with each `{name}` replaced by `value(name)` (``Message/fill(_:isolating:_:)``).
    package static func fill(_ format: String, isolating: Bool = false, _ value: (String) -> String?) -> String {
        Message.fill(format, isolating: isolating, value)
    }
}

/// CLDR's currency names in one language, for every ISO 4217 code Foundation knows (withdrawn
/// ones too), looked up once at start: a page then reads them without a lock.
package struct CurrencyNames: Sendable {
    private let names: [String: String]

    package init(locale: Locale) {
        var names: [String: String] = [:]
        for code in Locale.Currency.isoCurrencies.map(\.identifier) {
            if let name = locale.localizedString(forCurrencyCode: code), name != code { names[code] = name }
        }
        self.names = names
    }

    package func name(of code: String) -> String? { names[code] }
}

/// A language's decimal and grouping separators, as CLDR gives them.
package struct NumberSymbols: Sendable {
    package let decimal: String
    package let grouping: String

    package init(locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        decimal = formatter.decimalSeparator ?? "."
        grouping = formatter.groupingSeparator ?? ","
    }

    package func format(_ plain: String) -> String {
        let bytes = plain.utf8
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let negative = bytes.first == UInt8(ascii: "-")
        let integerDigits = bytes.distance(from: bytes.startIndex, to: point ?? bytes.endIndex) - (negative ? 1 : 0)
        // Most amounts and rates: nothing to group, and (in half the languages) a point already.
        if integerDigits <= 3 {
            guard let point, decimal != "." else { return plain }
            return String(plain[..<point]) + decimal + String(plain[bytes.index(after: point)...])
        }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return plain }
        var result = ""
        result.reserveCapacity(bytes.count + integerDigits / 3 * grouping.utf8.count + decimal.utf8.count)
        var index = bytes.startIndex
        if negative {
            result += "-"
            index = bytes.index(after: index)
        }
        var remaining = integerDigits
        while remaining > 0 {
            let next = bytes.index(index, offsetBy: remaining % 3 == 0 ? 3 : remaining % 3)
            if remaining != integerDigits { result += grouping }
            result += plain[index..<next]
            remaining -= bytes.distance(from: index, to: next)
            index = next
        }
        if let point {
            result += decimal
            result += plain[bytes.index(after: point)...]
        }
        return result
    }
}

/// Days written in a language's styles, each day's text kept once written: a history page
/// writes hundreds, and Foundation's formatting is slow next to a lookup.
package final class DateTexts: Sendable {
    package enum Style: Int, CaseIterable, Sendable {
        case medium, withWeekday, month, shortMonth, year
    }

    private let styles: [Date.FormatStyle]
    private let kept = NIOLockedValueBox<[Int: String]>([:])
    private static let keptAtMost = 50_000

    package init(locale: Locale) {
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

    package func text(of day: CalendarDate, _ style: Style) -> String {
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
