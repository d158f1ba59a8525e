import Foundation

/// The tables of an HTML page as their cells' texts, for publishers whose only rates are a
/// page: each `<table>` a list of rows, each row its `<td>` and `<th>` cells' text with tags
/// dropped, character references decoded and white space collapsed. No maintained HTML parser
/// resolves here (SwiftSoup is not among the packages this build may use), and a rate table
/// needs no tree: a single pass over the tags, linear in the page, which the fetcher has
/// already bounded to 5 MB. Nested tables are read as tables of their own. The page is scanned
/// as UTF-8 bytes and cleaned scalar by scalar, not as `Character`s, which cost a refresh a
/// large share of its time (docs/BENCHMARKS.md, *Publishers' documents*).
package struct HTMLTables {
    package private(set) var tables: [[[String]]] = []
    /// The page's text outside tags, white space collapsed: where a publisher writes the day.
    package private(set) var text = ""

    package init(_ data: Data, what: String) throws(RatesProviderError) {
        guard let html = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw .unreadable("not \(what): not text")
        }
        self.init(html)
        guard !tables.isEmpty else { throw .unreadable("not \(what): no table") }
    }

    /// Whether `data` ends as a whole page does, with `</html>` (white space after it allowed):
    /// a page of many tables cut short still holds whole tables, and must not pass for all of them.
    package static func isWhole(_ data: Data) -> Bool {
        let tail = String(decoding: data.suffix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return tail.lowercased().hasSuffix("</html>")
    }

    init(_ html: String) {
        var open: [(rows: [[String]], row: [String]?, cell: String?)] = []
        var text = ""
        let bytes = html.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "<") else {
                let next = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.endIndex
                let chunk = html[index..<next]
                text += chunk
                if open.last?.cell != nil { open[open.count - 1].cell! += chunk }
                index = next
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = Self.name(of: html[bytes.index(after: index)..<close])
            index = bytes.index(after: close)
            text += " "
            switch tag {
            case "table": open.append(([], nil, nil))
            case "/table":
                guard var table = open.popLast() else { continue }
                Self.endRow(&table)
                tables.append(table.rows)
            case "tr", "/tr":
                guard !open.isEmpty else { continue }
                Self.endRow(&open[open.count - 1])
                if tag == "tr" { open[open.count - 1].row = [] }
            case "td", "th":
                guard !open.isEmpty else { continue }
                Self.endCell(&open[open.count - 1])
                if open[open.count - 1].row == nil { open[open.count - 1].row = [] }
                open[open.count - 1].cell = ""
            case "/td", "/th":
                guard !open.isEmpty else { continue }
                Self.endCell(&open[open.count - 1])
            case "br", "p", "div", "/p", "/div":
                if open.last?.cell != nil { open[open.count - 1].cell! += " " }
            default: break
            }
        }
        self.text = Self.clean(Substring(text))
    }

    /// The lower-cased name of a tag written `<name …>` or `</name>`.
    private static func name(of inside: Substring) -> String {
        let trimmed = inside.drop { $0 == " " }
        let closing = trimmed.first == "/"
        let name = (closing ? trimmed.dropFirst() : trimmed).prefix { $0.isLetter || $0.isNumber }.lowercased()
        return (closing ? "/" : "") + name
    }

    private static func endCell(_ table: inout (rows: [[String]], row: [String]?, cell: String?)) {
        guard let cell = table.cell else { return }
        table.row = (table.row ?? []) + [clean(Substring(cell))]
        table.cell = nil
    }

    private static func endRow(_ table: inout (rows: [[String]], row: [String]?, cell: String?)) {
        endCell(&table)
        if let row = table.row, !row.isEmpty { table.rows.append(row) }
        table.row = nil
    }

    /// `text` with character references decoded and runs of white space made one space.
    static func clean(_ text: Substring) -> String {
        let decoded = decoded(text)
        var cleaned = ""
        cleaned.reserveCapacity(decoded.utf8.count)
        var spaced = false
        for scalar in decoded.unicodeScalars {
            guard !isWhitespace(scalar) else {
                spaced = !cleaned.isEmpty
                continue
            }
            if spaced { cleaned.unicodeScalars.append(" ") }
            spaced = false
            cleaned.unicodeScalars.append(scalar)
        }
        return cleaned
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// `text` with character references decoded.
    static func decoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return String(text) }
        var decoded = ""
        var rest = text
        while let ampersand = rest.utf8.firstIndex(of: UInt8(ascii: "&")) {
            decoded += rest[..<ampersand]
            let tail = rest[ampersand...]
            if let semicolon = tail.prefix(10).firstIndex(of: ";"),
                let character = character(tail[tail.index(after: ampersand)..<semicolon])
            {
                decoded.append(character)
                rest = tail[tail.index(after: semicolon)...]
            } else {
                decoded += "&"
                rest = tail.dropFirst()
            }
        }
        decoded += rest
        return decoded
    }

    private static let named: [String: Character] = [
        "nbsp": " ", "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "eacute": "é", "egrave": "è", "agrave": "à",
        "ccedil": "ç", "ocirc": "ô", "ecirc": "ê",
    ]

    private static func character(_ reference: Substring) -> Character? {
        if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
            return UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(Character.init)
        }
        if reference.hasPrefix("#") { return UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init).map(Character.init) }
        return named[reference.lowercased()]
    }
}
