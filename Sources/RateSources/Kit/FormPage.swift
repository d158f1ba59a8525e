import Foundation

/// A publisher's form page, read for what its POST must carry back: the cookies it set and the
/// values of its hidden inputs (an ASP.NET antiforgery token that must match its cookie, the
/// `__VIEWSTATE` of a WebForms page). A server refuses a POST without them.
struct FormPage {
    /// The page's cookies as a `Cookie` header sends them (`name=value; name=value`), if it set any.
    let cookie: String?
    /// The values of the `<input>`s of each name, in the page's order, character references
    /// decoded (a list of checkboxes shares one name).
    let inputs: [String: [String]]

    init(_ data: Data, setCookies: [String]) throws(RatesProviderError) {
        guard let html = String(data: data, encoding: .utf8) else { throw .unreadable("the form's page is not text") }
        let pairs = setCookies.compactMap { $0.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) }
        cookie = pairs.isEmpty ? nil : pairs.joined(separator: "; ")
        inputs = Self.inputs(in: html)
    }

    /// `fields` after every value the page gives the `carrying` names, form-encoded; a page
    /// without one of them (an error page, a changed form) is refused rather than posted half-filled.
    func body(carrying names: [String], then fields: String) throws(RatesProviderError) -> String {
        var parts: [String] = []
        for name in names {
            guard let values = inputs[name] else { throw .unreadable("the form's page has no \(name.prefix(40))") }
            parts += values.map { "\(Self.encoded(name))=\(Self.encoded($0))" }
        }
        return (parts + (fields.isEmpty ? [] : [fields])).joined(separator: "&")
    }

    /// The `name` and `value` of every `<input …>` tag, one pass over the page.
    static func inputs(in html: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        var rest = html[...]
        while let start = rest.range(of: "<input", options: .caseInsensitive) {
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { break }
            let attributes = Self.attributes(rest[start.upperBound..<end])
            if let name = attributes["name"] { found[name, default: []].append(attributes["value"] ?? "") }
            rest = rest[rest.index(after: end)...]
        }
        return found
    }

    /// A tag's quoted attributes (`name="…"` or `name='…'`) by lower-cased name.
    private static func attributes(_ tag: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = tag
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0.isWhitespace }).last.map { $0.lowercased() } ?? ""
            let afterEquals = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = afterEquals.first, quote == "\"" || quote == "'" else {
                rest = afterEquals
                continue
            }
            let valueStart = afterEquals.index(after: afterEquals.startIndex)
            guard let valueEnd = afterEquals[valueStart...].firstIndex(of: quote) else { break }
            attributes[name] = HTMLTables.decoded(afterEquals[valueStart..<valueEnd])
            rest = afterEquals[afterEquals.index(after: valueEnd)...]
        }
        return attributes
    }

    /// The first link (`href`) in `page` whose address ends in `ending` (its query aside) and
    /// holds `containing`, and whose text (up to `</a>`) holds `labelled` (any, when `nil`),
    /// resolved against `base`.
    static func link(
        in page: Data, ending: String, containing: String? = nil, labelled: String? = nil, relativeTo base: URL
    ) -> URL? {
        let html = String(decoding: page, as: UTF8.self)
        var rest = html[...]
        while let found = rest.range(of: "href=") {
            let after = rest[found.upperBound...]
            guard let quote = after.first, quote == "\"" || quote == "'" else {
                rest = after
                continue
            }
            let value = after.dropFirst()
            guard let end = value.firstIndex(of: quote) else { return nil }
            let address = HTMLTables.decoded(value[..<end])
            let path = address.split(separator: "?").first?.lowercased() ?? ""
            if path.hasSuffix(ending.lowercased()), containing.map({ path.contains($0.lowercased()) }) ?? true,
                labelled.map({ linkText(after: value[end...])?.contains($0) == true }) ?? true
            {
                return URL(string: address.replacingOccurrences(of: " ", with: "%20"), relativeTo: base)?.absoluteURL
            }
            rest = value[end...]
        }
        return nil
    }

    /// The text of the link whose `href` value ends where `rest` starts: what is between the
    /// tag's `>` and `</a>`, tags inside left out.
    private static func linkText(after rest: Substring) -> String? {
        guard let open = rest.firstIndex(of: ">"), let close = rest.range(of: "</a>", options: .caseInsensitive),
            open < close.lowerBound
        else { return nil }
        var text = "", inTag = false
        for character in rest[rest.index(after: open)..<close.lowerBound] {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return HTMLTables.clean(text[...])
    }

    /// `text` as a form's value: everything but letters, digits and `-._~` percent-encoded.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
