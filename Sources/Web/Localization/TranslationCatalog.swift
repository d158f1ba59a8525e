import Foundation

/// One language's translations, read from a gettext `.po` file (the format translators and
/// their tools, Poedit, Weblate, Crowdin, know): English source text as `msgid`, and for plural
/// messages `msgid_plural` with one `msgstr[n]` per form of ``Language/pluralForm(of:)``.
package struct TranslationCatalog: Sendable {
    package struct Entry: Sendable, Equatable {
        /// `nil` for a message without plural forms.
        package let plural: String?
        /// One text, or one per plural form; empty texts are untranslated.
        package let forms: [String]
    }

    package struct ParseError: Error, CustomStringConvertible {
        package let line: Int
        package let reason: String

        package var description: String { "line \(line): \(reason)" }
    }

    /// By English source text (`msgid`).
    package let entries: [String: Entry]
    /// The header's `Plural-Forms: nplurals=N`, if it says.
    package var pluralFormCount: Int? = nil
}

extension TranslationCatalog {
    /// The catalog in a `.po` file's text.
    package init(parsing text: String) throws(ParseError) {
        var entries: [String: Entry] = [:]
        var header = ""
        var id: String?, plural: String?, forms: [Int: String] = [:]
        /// Which string a continuation line (`"…"`) adds to.
        enum Field {
            case id, plural
            case form(Int)
        }
        var field: Field?
        var entryLine = 0

        func finish() throws(ParseError) {
            defer { (id, plural, forms, field) = (nil, nil, [:], nil) }
            guard let finished = id else {
                if !forms.isEmpty { throw ParseError(line: entryLine, reason: "a msgstr without a msgid") }
                return
            }
            if finished.isEmpty {
                header = forms[0] ?? ""
                return
            }
            guard entries[finished] == nil else { throw ParseError(line: entryLine, reason: "“\(finished)” is translated twice") }
            let count = (forms.keys.max() ?? -1) + 1
            guard count > 0, forms.count == count else {
                throw ParseError(line: entryLine, reason: "“\(finished)” has no msgstr, or a gap in its forms")
            }
            entries[finished] = Entry(plural: plural, forms: (0..<count).map { forms[$0]! })
        }

        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("\"") {
                let value = try Self.quoted(line[...], line: number)
                switch field {
                case .id: id! += value
                case .plural: plural! += value
                case .form(let index): forms[index]! += value
                case nil: throw ParseError(line: number, reason: "a string outside any msgid or msgstr")
                }
                continue
            }
            let keyword = String(line.prefix { !$0.isWhitespace })
            let value = try Self.quoted(line.dropFirst(keyword.count).drop { $0.isWhitespace }, line: number)
            switch keyword {
            case "msgctxt":
                throw ParseError(line: number, reason: "msgctxt is not used: write a message that says what it means")
            case "msgid":
                if id != nil || !forms.isEmpty { try finish() }
                entryLine = number
                id = value
                field = .id
            case "msgid_plural":
                guard id != nil, plural == nil else { throw ParseError(line: number, reason: "msgid_plural without its msgid") }
                plural = value
                field = .plural
            case "msgstr":
                guard id != nil, plural == nil, forms[0] == nil else {
                    throw ParseError(line: number, reason: "msgstr without its msgid, a second one, or for a plural")
                }
                forms[0] = value
                field = .form(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()),
                    (0..<8).contains(index), plural != nil, forms[index] == nil
                else { throw ParseError(line: number, reason: "unexpected “\(keyword)”") }
                forms[index] = value
                field = .form(index)
            }
        }
        try finish()
        self.entries = entries
        self.pluralFormCount = Self.pluralFormCount(inHeader: header)
    }

    /// `nplurals=N` from the header's `Plural-Forms` line.
    private static func pluralFormCount(inHeader header: String) -> Int? {
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }),
            let range = line.range(of: "nplurals=")
        else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// The text of a `"…"` token, its C escapes undone.
    private static func quoted(_ token: Substring, line: Int) throws(ParseError) -> String {
        guard token.count >= 2, token.first == "\"", token.last == "\"" else {
            throw ParseError(line: line, reason: "expected a string in double quotes")
        }
        var text = ""
        var escaping = false
        for character in token.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "\"", "\\": text.append(character)
                default: throw ParseError(line: line, reason: "unknown escape \\\(character)")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                throw ParseError(line: line, reason: "a double quote inside a string must be escaped")
            } else {
                text.append(character)
            }
        }
        if escaping { throw ParseError(line: line, reason: "a string ends in a backslash") }
        return text
    }
}
