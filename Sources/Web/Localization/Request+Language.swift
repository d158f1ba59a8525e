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

    /// Whether the comma-separated `list` names `name`. One pass over the bytes in place: the
    /// list split into an array of items cost about a microsecond of every page (three names
    /// looked for in a `Vary` already set).
    private static func list(_ list: String, contains name: String) -> Bool {
        let lowercase = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        var list = list, name = name
        return list.withUTF8 { list in
            name.withUTF8 { name in
                var start = 0
                while start <= list.count {
                    var end = start
                    while end < list.count, list[end] != UInt8(ascii: ",") { end += 1 }
                    var first = start, last = end
                    while first < last, isSpace(list[first]) { first += 1 }
                    while last > first, isSpace(list[last - 1]) { last -= 1 }
                    if last - first == name.count, (0..<name.count).allSatisfy({ lowercase(list[first + $0]) == lowercase(name[$0]) }) {
                        return true
                    }
                    start = end + 1
                }
                return false
            }
        }
    }

    /// Marks a response written in `language`: `Content-Language`, and `Vary` on what chose it.
    package mutating func setLanguage(_ language: Language) {
        replaceOrAdd(name: .contentLanguage, value: language.rawValue)
        // Most responses have no `Vary` yet: it is written as it would be joined.
        if contains(name: .vary) { addVary(Self.languageVary) } else { add(name: .vary, value: "Accept-Language, Cookie") }
    }

    private static let languageVary = ["Accept-Language", "Cookie"]
}
