import Core

/// `name=value&...` as query strings and `application/x-www-form-urlencoded` bodies carry them,
/// read by one strict rule for GET and POST alike:
///
/// - `+` is a space and `%XX` a byte; the bytes must be valid UTF-8;
/// - no control characters (NUL, ESC, DEL, C1, ...) except tab and line breaks, which a
///   textarea sends;
/// - each name at most once, and no `name[]`/`name[key]` forms: every field of this app has
///   one value, and a second one would be read differently by different decoders;
/// - at most ``maxFields`` fields.
package struct FormFields: Sendable, Equatable {
    package static let maxFields = 64

    /// Why the text was refused; each reads as a sentence on a 400 page.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        case malformedEscape(String)
        case invalidUTF8
        case controlCharacters
        case repeated(String)
        case bracketedName(String)
        case tooMany

        package var message: Message {
            switch self {
            case .malformedEscape(let escape):
                Message("The request has a malformed percent-encoding (“{escape}”).", ["escape": .text(escape)])
            case .invalidUTF8:
                Message("The request contains bytes that are not valid UTF-8 text.")
            case .controlCharacters:
                Message("The request contains control characters (such as a NUL byte) that no field accepts. Remove them and try again.")
            case .repeated(let name):
                Message("The parameter “{name}” is given more than once; send it once.", ["name": .text(name)])
            case .bracketedName(let name):
                Message("Parameters like “{name}” are not accepted; send each field once, by its plain name.", ["name": .text(name)])
            case .tooMany:
                Message("The request has more than {count} parameters.", ["count": .number(String(FormFields.maxFields))])
            }
        }

        package var description: String { message.english }
    }

    /// In the order sent.
    package let fields: [(name: String, value: String)]

    package static func == (a: FormFields, b: FormFields) -> Bool {
        a.fields.elementsEqual(b.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    package subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The fields as a dictionary (names are unique).
    package var dictionary: [String: String] {
        Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// No fields (a request without a query).
    package init() {
        fields = []
    }

    package init(parsing text: some Collection<UInt8>) throws(Problem) {
        let result = text.withContiguousStorageIfAvailable(Self.fields(in:)) ?? Array(text).withUnsafeBufferPointer(Self.fields(in:))
        fields = try result.get()
    }

    package init(parsing text: String) throws(Problem) {
        var text = text
        fields = try text.withUTF8(Self.fields(in:)).get()
    }

    /// One pass over the bytes: no intermediate arrays of parts.
    private static func fields(in bytes: UnsafeBufferPointer<UInt8>) -> Result<[(name: String, value: String)], Problem> {
        var fields: [(name: String, value: String)] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            defer { start = end + 1 }
            guard end > start else { continue }
            guard fields.count < maxFields else { return .failure(.tooMany) }
            var equals = start
            while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            let name: String, value: String
            do {
                name = try decode(UnsafeBufferPointer(rebasing: bytes[start..<equals]))
                value = equals < end ? try decode(UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end])) : ""
            } catch {
                return .failure(error)
            }
            guard !name.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else {
                return .failure(.bracketedName(String(name.prefix(40))))
            }
            // A handful of fields: a scan beats hashing each name.
            guard !fields.contains(where: { $0.name == name }) else { return .failure(.repeated(String(name.prefix(40)))) }
            fields.append((name, value))
        }
        return .success(fields)
    }

    /// Whether `scalar` may appear in a field's text.
    package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0x7F...0x9F: false
        default: true
        }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> String {
        // Fast path: printable ASCII without escapes is its own text.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "+"):
                decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let first = bytes.index(after: index)
                guard first != bytes.endIndex, bytes.index(after: first) != bytes.endIndex,
                    let high = hexValue(bytes[first]), let low = hexValue(bytes[bytes.index(after: first)])
                else {
                    let rest = bytes[index...].prefix(3)
                    throw .malformedEscape(String(decoding: rest, as: UTF8.self))
                }
                decoded.append(high << 4 | low)
                index = bytes.index(after: first)
            default:
                decoded.append(byte)
            }
            index = bytes.index(after: index)
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }
        guard text.unicodeScalars.allSatisfy(isAllowed) else { throw .controlCharacters }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
