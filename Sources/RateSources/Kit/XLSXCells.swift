import Foundation

/// A worksheet part's cells read straight from its bytes: each `<c r="B3" t="s"><v>12</v></c>`
/// (a prefixed `<x:c>` too) by its address, its value (`<v>`, or an inline string's `<t>` runs)
/// with character references decoded, and whether it points into the shared strings.
///
/// Written by hand rather than read through `XMLParser` (``XMLRecords``): the sheets are
/// machine-written and large, most of their cells empty, and the parser held a refresh of every
/// provider past its limit (docs/BENCHMARKS.md, *Publishers' documents*). What it reads is no
/// more than a cell's address, type and value; anything else in the part is passed over.
enum XLSXCells {
    struct Cell {
        let address: Substring
        let value: String
        let isSharedString: Bool
    }

    /// The cells of `xml` that hold a value, in document order; `nil` for a part that is not
    /// well formed where a cell is (a tag or a cell left open).
    static func read(_ xml: Data) -> [Cell]? {
        let bytes = [UInt8](xml)
        var cells: [Cell] = []
        var index = 0
        // The open cell's attributes, and its value's text so far (`nil` outside `<v>` and `<t>`).
        var cell: (address: Substring, type: Substring)?
        var value = ""
        var text: [UInt8]?
        while index < bytes.count {
            guard bytes[index] == lessThan else {
                let start = index
                while index < bytes.count, bytes[index] != lessThan { index += 1 }
                text?.append(contentsOf: bytes[start..<index])
                continue
            }
            let open = index
            guard let close = bytes[open...].firstIndex(of: greaterThan) else { return nil }
            let tag = bytes[(open + 1)..<close]
            index = close + 1
            if tag.first == UInt8(ascii: "!") || tag.first == UInt8(ascii: "?") {
                // A comment or a declaration; a CDATA section's text (`<![CDATA[`, 9 bytes) is a value's text.
                if tag.starts(with: Array("![CDATA[".utf8)) {
                    guard let end = bytes[(open + 9)...].firstRange(of: Array("]]>".utf8)) else { return nil }
                    text?.append(contentsOf: bytes[(open + 9)..<end.lowerBound])
                    index = end.upperBound
                }
                continue
            }
            let isEnd = tag.first == slash
            let selfClosing = tag.last == slash
            let name = localName(isEnd ? tag.dropFirst() : tag)
            switch (name, isEnd) {
            case ("c", false):
                let attributes = String(decoding: tag, as: UTF8.self)
                cell = (attribute("r", in: attributes) ?? "", attribute("t", in: attributes) ?? "")
                value = ""
                if selfClosing { cell = nil }
            case ("c", true):
                if let open = cell, !value.isEmpty {
                    let trimmed =
                        value.first!.isWhitespace || value.last!.isWhitespace
                        ? value.trimmingCharacters(in: .whitespacesAndNewlines) : value
                    cells.append(Cell(address: open.address, value: trimmed, isSharedString: open.type == "s"))
                }
                cell = nil
            case ("v", false), ("t", false):
                if cell != nil, !selfClosing { text = [] }
            case ("v", true), ("t", true):
                if let written = text {
                    value += HTMLTables.decoded(Substring(String(decoding: written, as: UTF8.self)))
                }
                text = nil
            default: break
            }
        }
        return cell == nil && text == nil ? cells : nil
    }

    private static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), slash = UInt8(ascii: "/")

    /// A tag's name without its prefix (`x:c` is `c`), up to the first space or `/`.
    private static func localName(_ tag: ArraySlice<UInt8>) -> String {
        let name = tag.prefix { $0 != UInt8(ascii: " ") && $0 != slash && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n") }
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        return String(decoding: local, as: UTF8.self)
    }

    /// The value of the attribute `name` in a tag's text (`r="B3"`, quoted either way).
    private static func attribute(_ name: String, in tag: String) -> Substring? {
        var rest = tag[...]
        while let found = rest.range(of: name + "=") {
            let before = rest[..<found.lowerBound].last
            let after = rest[found.upperBound...]
            guard let quote = after.first, quote == "\"" || quote == "'" else { return nil }
            let value = after.dropFirst()
            guard let end = value.firstIndex(of: quote) else { return nil }
            if before == " " || before == "\t" || before == "\n" { return value[..<end] }
            rest = value[end...]
        }
        return nil
    }
}
