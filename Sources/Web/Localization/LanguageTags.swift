import Leaf
import LeafKit

/// The Leaf tags that write a page's fixed texts in the page's language. The language is in
/// the render's `userInfo` (``PageRenderer``), and each language's pages have their own
/// skeletons, so these texts are fixed per skeleton.
package enum LanguageTags {
    package static let userInfoKey = "language"

    package static func language(in context: LeafContext) -> Language {
        context.userInfo[userInfoKey] as? Language ?? .fallback
    }

    /// The tags, with the language menu linking where `paths` says.
    package static func register(in tags: inout [String: any LeafTag], paths: SitePaths) {
        tags["t"] = TranslateTag()
        tags["lang"] = LanguageCodeTag()
        tags["dir"] = DirectionTag()
        tags["languageMenu"] = LanguageMenuTag(paths: paths)
    }
}

/// `#t("Convert currencies")`: a template's fixed English text in the page's language (escaped).
/// A test checks every such text is translated in every `.po` file.
package struct TranslateTag: LeafTag {
    package func render(_ context: LeafContext) throws -> LeafData {
        try context.requireParameterCount(1)
        guard let english = context.parameters[0].string else { throw LeafError(.unknownError("#t takes one text")) }
        return .string(Localizations.of(LanguageTags.language(in: context)).text(english))
    }

    package init() {}
}

/// `#lang()`: the page's language code, for `<html lang>`.
package struct LanguageCodeTag: LeafTag {
    package func render(_ context: LeafContext) throws -> LeafData { .string(LanguageTags.language(in: context).rawValue) }

    package init() {}
}

/// `#dir()`: `rtl` or `ltr`, for `<html dir>`.
package struct DirectionTag: LeafTag {
    package func render(_ context: LeafContext) throws -> LeafData { .string(LanguageTags.language(in: context).direction) }

    package init() {}
}

/// `#languageMenu()`: the footer's links to every language, each named in itself, the page's
/// own marked current. A link sets the choice (``LanguageChoiceView``) and comes back here.
package struct LanguageMenuTag: UnsafeUnescapedLeafTag {
    /// Each page language's menu, written once.
    private let menus: [Language: String]

    package init(paths: SitePaths) {
        menus = Dictionary(
            uniqueKeysWithValues: Language.allCases.map { current in
                let items = Language.allCases.map { language in
                    let path = HTML.escape(paths.language(language))
                    let current = language == current ? " aria-current=\"true\"" : ""
                    return
                        "<li><a href=\"\(path)\" lang=\"\(language.rawValue)\" hreflang=\"\(language.rawValue)\"\(current)>\(HTML.escape(language.endonym))</a></li>"
                }
                return (current, items.joined())
            })
    }

    package func render(_ context: LeafContext) throws -> LeafData { .string(menus[LanguageTags.language(in: context)]!) }
}
