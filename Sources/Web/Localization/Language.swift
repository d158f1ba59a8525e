/// A language the pages are written in. English is the source text; the others are translated
/// in `Resources/Translations/<code>.po` (``TranslationCatalog``).
package enum Language: String, CaseIterable, Sendable, Codable {
    case en, ru, de, ar, ja

    /// What a visitor gets who asks for none of these.
    package static let fallback = Language.en

    /// `rtl` for Arabic, else `ltr`: the page's `dir`.
    package var direction: String { self == .ar ? "rtl" : "ltr" }
    package var isRightToLeft: Bool { self == .ar }

    /// Its own name, as the language menu offers it.
    package var endonym: String {
        switch self {
        case .en: "English"
        case .ru: "Русский"
        case .de: "Deutsch"
        case .ar: "العربية"
        case .ja: "日本語"
        }
    }

    /// The language of a tag such as `de`, `de-AT` or `DE_at` (its primary subtag); `nil` for
    /// one the app does not speak.
    package init?(tag: some StringProtocol) {
        let primary = tag.prefix { $0 != "-" && $0 != "_" }.lowercased()
        self.init(rawValue: primary)
    }

    /// The language `Accept-Language` prefers among these: by q-value, then by order; a range
    /// with `q=0` is refused, `*` matches nothing in particular. `nil` when none matches.
    package static func preferred(acceptLanguage header: String) -> Language? {
        var best: (language: Language, quality: Double)?
        var refused: Set<Language> = []
        for range in header.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "q", let value = Double(pair[1]), (0...1).contains(value) {
                    quality = value
                }
            }
            guard let language = Language(tag: tag) else { continue }
            if quality == 0 {
                refused.insert(language)
                continue
            }
            if best == nil || quality > best!.quality { best = (language, quality) }
        }
        guard let best, !refused.contains(best.language) else { return nil }
        return best.language
    }

    /// Which of a message's plural forms (in the order of its `.po` file's `Plural-Forms`) fits
    /// `count`: CLDR's rules for whole numbers.
    package func pluralForm(of count: Int) -> Int {
        let n = abs(count)
        switch self {
        case .en, .de: return n == 1 ? 0 : 1
        case .ja: return 0
        case .ru:
            // one: 1, 21, 101…; few: 2–4, 22–24…; many: 0, 5–20, 25–30…
            if n % 10 == 1 && n % 100 != 11 { return 0 }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return 1 }
            return 2
        case .ar:
            // zero, one, two, few (3–10, 103–110…), many (11–99, 111–199…), other (100–102…)
            switch n {
            case 0: return 0
            case 1: return 1
            case 2: return 2
            default:
                if (3...10).contains(n % 100) { return 3 }
                if (11...99).contains(n % 100) { return 4 }
                return 5
            }
        }
    }

    /// How many plural forms a message has in this language.
    package var pluralFormCount: Int {
        switch self {
        case .en, .de: 2
        case .ja: 1
        case .ru: 3
        case .ar: 6
        }
    }
}
