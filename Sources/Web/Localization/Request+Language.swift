import Vapor

extension Request {
    private struct LanguageKey: StorageKey {
        typealias Value = Language
    }

    /// The language of this visitor's pages: their choice from the language menu (a cookie),
    /// else the best `Accept-Language` match, else English. Worked out once per request.
    package var language: Language {
        if let language = storage[LanguageKey.self] { return language }
        let language =
            cookies[LanguageCookie.name].flatMap { Language(rawValue: $0.string) }
            ?? headers.first(name: .acceptLanguage).flatMap(Language.preferred(acceptLanguage:))
            ?? .fallback
        storage[LanguageKey.self] = language
        return language
    }

    /// Everything the presenters need to write in ``language``.
    package var localization: Localization { Localizations.of(language) }
}

/// The language menu's choice, remembered for a year.
package enum LanguageCookie {
    package static let name = "lang"
    package static let maxAge = 365 * 86_400

    package static func value(_ language: Language, secure: Bool) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: language.rawValue, maxAge: maxAge, path: "/", isSecure: secure, isHTTPOnly: true, sameSite: .lax)
    }
}

extension HTTPHeaders {
    /// Adds `names` to `Vary`, keeping what it already names (by byte comparison of the trimmed
    /// names, ignoring ASCII case: header names are ASCII). Every page response passes here.
    package mutating func addVary(_ names: [String]) {
        guard !names.isEmpty else { return }
        guard let existing = first(name: .vary) else {
            replaceOrAdd(name: .vary, value: names.joined(separator: ", "))
            return
        }
        var value = existing
        for name in names where !Self.list(existing, contains: name) {
            value += ", "
            value += name
        }
        if value.utf8.count != existing.utf8.count { replaceOrAdd(name: .vary, value: value) }
    }

    /// Whether the comma-separated `list` names `name`.
    private static func list(_ list: String, contains name: String) -> Bool {
        let lowercase = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        for item in list.utf8.split(separator: UInt8(ascii: ",")) {
            // Trimmed by index: reversing the item twice made this most of a microsecond a page.
            guard let first = item.firstIndex(where: { !isSpace($0) }), let last = item.lastIndex(where: { !isSpace($0) }) else {
                continue
            }
            let trimmed = item[first...last]
            if trimmed.count == name.utf8.count, zip(trimmed, name.utf8).allSatisfy({ lowercase($0) == lowercase($1) }) { return true }
        }
        return false
    }

    /// Marks a response written in `language`: `Content-Language`, and `Vary` on what chose it.
    package mutating func setLanguage(_ language: Language) {
        replaceOrAdd(name: .contentLanguage, value: language.rawValue)
        addVary(["Accept-Language", "Cookie"])
    }
}
