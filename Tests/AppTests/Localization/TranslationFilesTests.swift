import Foundation
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

/// The `.po` files against the English text the app writes: every text the templates (`#t("…")`)
/// and the Swift sources (`text("…")`, `Message("…")`, `plural("…", "…")`) use is translated in
/// every language, nothing else is, and each translation keeps its original's placeholders.
@Suite("Translation files: complete, nothing extra, placeholders kept, templates free of English")
struct TranslationFilesTests {
    struct Used: Equatable {
        var singles: Set<String> = []
        /// Singular → plural.
        var plurals: [String: String] = [:]
    }

    static let literal = #""(?:[^"\\]|\\.)*""#

    static func unquoted(_ literal: Substring) -> String {
        String(literal.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    static func files(in directory: String, ending suffix: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(suffix) }.sorted().map { directory + "/" + $0 }
    }

    /// Every English text the app translates, read once for every test here: the regular
    /// expressions over every source file take seconds in a debug build, and four languages'
    /// tests reading them each at once held the test process's threads that long.
    static let usedOnce = Result { try readUsed() }

    static func used() throws -> Used { try usedOnce.get() }

    /// Every English text the app translates, read from its sources.
    static func readUsed() throws -> Used {
        var used = Used()
        let tag = try Regex(#"#t\(("# + literal + #")\)"#)
        for file in files(in: "Templates", ending: ".leaf") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for match in text.matches(of: tag) { used.singles.insert(unquoted(text[match.range].dropFirst(3).dropLast())) }
        }
        let plural = try Regex(#"\bplural\(\s*("# + literal + #")\s*,\s*("# + literal + #")"#).wordBoundaryKind(.simple)
        let single = try Regex(#"\b(?:text|Message)\(\s*((?:"# + literal + #"\s*\+?\s*)+)"#).wordBoundaryKind(.simple)
        let literalRegex = try Regex(literal)
        for file in files(in: "Sources", ending: ".swift") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for match in text.matches(of: plural) {
                let literals = text[match.range].matches(of: literalRegex).map { unquoted(text[match.range][$0.range]) }
                used.plurals[literals[0]] = literals[1]
            }
            for match in text.matches(of: single) {
                let span = text[match.range]
                used.singles.insert(span.matches(of: literalRegex).map { unquoted(span[$0.range]) }.joined())
            }
        }
        return used
    }

    static func catalog(_ language: Language) throws -> TranslationCatalog {
        try TranslationCatalog(
            parsing: String(contentsOfFile: "Sources/Web/Resources/Translations/\(language.rawValue).po", encoding: .utf8))
    }

    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{([a-zA-Z]+)\}/).map { String($0.output.1) })
    }

    @Test("the sources' texts are found, and none is built by interpolation")
    func extraction() throws {
        let used = try Self.used()
        #expect(used.singles.contains("Convert currencies")) // a template's
        #expect(used.singles.contains("Rates of {day} ({age})")) // a presenter's
        #expect(used.singles.contains("The amount can’t be negative.")) // an entity's message
        #expect(used.plurals["{count} contact"] == "{count} contacts")
        #expect(used.singles.count > 200)
        for text in used.singles.union(used.plurals.keys) {
            #expect(!text.contains("\\("), "“\(text)” interpolates: write a placeholder, {name}, instead")
        }
    }

    @Test("every language translates exactly the texts the app uses", arguments: Language.allCases.filter { $0 != .en })
    func complete(language: Language) throws {
        let used = try Self.used()
        let catalog = try Self.catalog(language)
        let missing = used.singles.union(used.plurals.keys).subtracting(catalog.entries.keys)
        let extra = Set(catalog.entries.keys).subtracting(used.singles.union(used.plurals.keys))
        #expect(
            missing.isEmpty,
            "\(language.rawValue).po lacks:\n\(missing.sorted().map { "msgid \"\($0)\"\nmsgstr \"\"\n" }.joined(separator: "\n"))")
        #expect(extra.isEmpty, "\(language.rawValue).po translates texts the app no longer uses: \(extra.sorted())")
        #expect(catalog.pluralFormCount == language.pluralFormCount)
        for (english, entry) in catalog.entries {
            #expect(entry.forms.allSatisfy { !$0.isEmpty }, "\(language.rawValue): “\(english)” is not translated")
            if let plural = used.plurals[english] {
                #expect(entry.plural == plural, "\(language.rawValue): “\(english)” should be a plural of “\(plural)”")
                #expect(
                    entry.forms.count == language.pluralFormCount, "\(language.rawValue): “\(english)” needs one form per plural category")
                // A form may say its number in words ("يومين", two days), so {count} may be left out.
                for form in entry.forms {
                    #expect(Self.placeholders(form).subtracting(["count"]) == Self.placeholders(english).subtracting(["count"]))
                    #expect(Self.placeholders(form).isSubset(of: Self.placeholders(english)), "\(language.rawValue): “\(form)”")
                }
            } else {
                #expect(entry.plural == nil && entry.forms.count == 1, "\(language.rawValue): “\(english)” is not a plural")
                #expect(
                    Self.placeholders(entry.forms[0]) == Self.placeholders(english),
                    "\(language.rawValue): “\(entry.forms[0])” must keep the placeholders of “\(english)”")
            }
        }
    }

    @Test("templates hold no text of their own: every word is #t(\"…\") or the view model's")
    func templatesHoldNoEnglish() throws {
        for file in Self.files(in: "Templates", ending: ".leaf") {
            var text = try String(contentsOfFile: file, encoding: .utf8)
            // Leaf's tags and their arguments, then the markup; what is left is text a visitor reads.
            text = text.replacing(/#[a-zA-Z]*(\((?:[^()"]|"(?:[^"\\]|\\.)*"|\((?:[^()"]|"(?:[^"\\]|\\.)*")*\))*\))?:?/, with: " ")
            text = text.replacing(/<(?:[^>"]|"[^"]*")*>/, with: " ")
            let words = text.matches(of: /\p{L}{2,}/).map { String($0.output) }
            #expect(words.isEmpty, "\(file) has untranslated text: \(words)")
        }
    }

    @Test("a broken file is refused with its line")
    func parseErrors() {
        #expect(throws: TranslationCatalog.ParseError.self) { try TranslationCatalog(parsing: "msgid \"a\"\nmsgstr \"b\nmsgid \"c\"") }
        #expect((try? TranslationCatalog(parsing: "msgid \"a\"\nmsgstr \"b\"\nmsgid \"a\"\nmsgstr \"c\"")) == nil)
        do {
            _ = try TranslationCatalog(parsing: "msgid \"a\"\nmsgstr \"x\"\n\nmsgstr \"y\"")
            Issue.record("a msgstr without its msgid was accepted")
        } catch {
            #expect(error.line == 4)
        }
        let parsed = try? TranslationCatalog(
            parsing: """
                # a comment
                msgid ""
                msgstr ""
                "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

                msgid "Say \\"hi\\""
                msgstr "Sag "
                "\\"hallo\\""

                msgid "{count} day"
                msgid_plural "{count} days"
                msgstr[0] "{count} Tag"
                msgstr[1] "{count} Tage"
                """)
        #expect(parsed?.pluralFormCount == 2)
        #expect(parsed?.entries["Say \"hi\""] == .init(plural: nil, forms: ["Sag \"hallo\""]))
        #expect(parsed?.entries["{count} day"] == .init(plural: "{count} days", forms: ["{count} Tag", "{count} Tage"]))
    }
}
