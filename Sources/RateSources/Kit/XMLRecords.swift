import Core
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document read as its repeated records, the way rate documents are laid out: each
/// `<Valute>`, `<item>` or `<Rate>` with its attributes, its own text, its children's texts
/// and the attributes of the elements around it (a `<Cube date="…">` a rate sits in). Names
/// are local (a namespace prefix dropped). The parser resolves no external entities.
package struct XMLRecords {
    package struct Record {
        /// Its own attributes, then those of the elements around it (the nearest wins).
        package var attributes: [String: String] = [:]
        /// Each child element's text, trimmed (the first of a name).
        package var fields: [String: String] = [:]
        /// Its own text, trimmed.
        package var text = ""
        /// The text of it and every element in it, in order, untrimmed (a rich-text run's pieces).
        package var allText = ""

        /// A child's text, else an attribute; the empty name is its own text.
        package subscript(_ name: String) -> String? { name.isEmpty ? text : fields[name] ?? attributes[name] }
    }

    /// The document's day, written in the element or attribute `name` outside the records.
    package func date(_ name: String, _ read: (String) -> CalendarDate?) throws(RatesProviderError) -> CalendarDate {
        guard let written = fields[name] ?? attributes[name], let date = read(written) else {
            throw .unreadable("the document is dated \(fields[name] ?? attributes[name] ?? "nowhere")")
        }
        return date
    }

    package var records: [Record] = []
    /// The texts of elements outside any record (a document's `<date>`), the first of a name.
    package var fields: [String: String] = [:]
    /// The attributes of every element outside a record (the root's `Date`), the first of a name.
    package var attributes: [String: String] = [:]

    /// Reads `data` (in `encoding`, as the document declares it) for its `record` elements;
    /// a document that does not parse to its end is unreadable, named as `what`.
    package static func read(
        _ data: Data, record: Set<String>, encoding: String.Encoding = .utf8, what: String
    ) throws(RatesProviderError) -> XMLRecords {
        var utf8 = data
        if encoding != .utf8 {
            // Read in its own encoding and handed to the parser as UTF-8, which every platform's parser reads.
            guard let text = String(data: data, encoding: encoding) else { throw .unreadable("not \(what) (not in its encoding)") }
            utf8 = Data(text.replacingOccurrences(of: #"encoding="[^"]*""#, with: #"encoding="UTF-8""#, options: .regularExpression).utf8)
        }
        let reader = Reader(record: record)
        let parser = XMLParser(data: utf8)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse(), reader.depth == 0 else { throw .unreadable("not \(what) (not complete XML)") }
        return reader.document
    }

    private final class Reader: NSObject, XMLParserDelegate {
        let record: Set<String>
        var document = XMLRecords()
        var depth = 0
        /// The attributes of the open elements, outermost first.
        private var open: [[String: String]] = []
        private var current: Record?
        private var currentDepth = 0
        private var text = ""

        init(record: Set<String>) { self.record = record }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let name = Self.local(elementName)
            depth += 1
            text = ""
            if current == nil, record.contains(name) {
                var started = Record()
                for enclosing in open { started.attributes.merge(enclosing) { _, inner in inner } }
                started.attributes.merge(attributes) { _, own in own }
                current = started
                currentDepth = depth
            } else if current == nil, !attributes.isEmpty {
                document.attributes.merge(attributes) { first, _ in first }
            }
            open.append(attributes)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
            if current != nil { current!.allText += string }
        }

        /// A `<![CDATA[…]]>` section's text (Seðlabanki Íslands writes every name in one).
        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            let string = String(decoding: block, as: UTF8.self)
            text += string
            if current != nil { current!.allText += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            let name = Self.local(elementName)
            // Most elements of a workbook's sheet (its empty cells) hold no text: no trimming to do.
            let trimmed = text.isEmpty ? "" : text.trimmingCharacters(in: .whitespacesAndNewlines)
            if current != nil, depth == currentDepth {
                current!.text = current!.text.isEmpty ? trimmed : current!.text
                document.records.append(current!)
                current = nil
            } else if current != nil {
                if current!.fields[name] == nil { current!.fields[name] = trimmed }
            } else if document.fields[name] == nil, !trimmed.isEmpty {
                document.fields[name] = trimmed
            }
            text = ""
            open.removeLast()
            depth -= 1
        }

        private static func local(_ name: String) -> String {
            guard let colon = name.lastIndex(of: ":") else { return name }
            return String(name[name.index(after: colon)...])
        }
    }
}
