import Vapor

extension Request {
    private struct LanguageKey: StorageKey {
        typealias Value = Language
    }

    /// The language of this visitor's pages: their choice from the language menu (a cookie),
    /// else the best `Accept-Language` match, else English. Worked out once per request.
    var language: Language {
        if let language = storage[LanguageKey.self] { return language }
        let language =
            cookies[LanguageCookie.name].flatMap { Language(rawValue: $0.string) }
            ?? headers.first(name: .acceptLanguage).flatMap(Language.preferred(acceptLanguage:))
            ?? .fallback
        storage[LanguageKey.self] = language
        return language
    }

    /// Everything the presenters need to write in ``language``.
    var localization: Localization { Localizations.of(language) }
}

/// The language menu's choice, remembered for a year.
enum LanguageCookie {
    static let name = "lang"
    static let maxAge = 365 * 86_400

    static func value(_ language: Language, secure: Bool) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: language.rawValue, maxAge: maxAge, path: "/", isSecure: secure, isHTTPOnly: true, sameSite: .lax)
    }
}

extension HTTPHeaders {
    /// Adds `names` to `Vary`, keeping what it already names.
    mutating func addVary(_ names: [String]) {
        var values = self[.vary].flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        for name in names where !values.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { values.append(name) }
        if !values.isEmpty { replaceOrAdd(name: .vary, value: values.joined(separator: ", ")) }
    }

    /// Marks a response written in `language`: `Content-Language`, and `Vary` on what chose it.
    mutating func setLanguage(_ language: Language) {
        replaceOrAdd(name: .contentLanguage, value: language.rawValue)
        addVary(["Accept-Language", "Cookie"])
    }
}
