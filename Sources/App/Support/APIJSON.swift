import Foundation

/// The API's JSON: keys sorted, `/` not escaped. Strings, integers, flags, `null`, lists and
/// records (what the API's view models are made of) are written here in one small tree and one
/// pass; anything else (a `Double`, a `Date`, ...) by Foundation's `JSONEncoder` with the same
/// settings (``JSONEncoder/api``), whose output this matches byte for byte.
enum APIJSON {
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        guard let tree = try? JSONTree.Node.encoding(value) else { return Array(try JSONEncoder.api.encode(value)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1_024)
        tree.write(into: &bytes)
        return bytes
    }
}

extension JSONEncoder {
    /// The API's JSON as Foundation writes it: stable key order, so responses (and their tests)
    /// read the same every time. ``APIJSON`` writes the same faster.
    static let api: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// Its own small tree encoder rather than one shared with ``PageContext``'s: a shared encoder
/// generic over what each reads as a leaf was tried and made the API's JSON twice as slow (a
/// generic type's `Encoder` conformance runs unspecialised behind `any Encoder`), and this one
/// runs on every API request while ``PageContext`` runs once per page shape.
private enum JSONTree {
    /// A type this writer leaves to Foundation.
    struct Unsupported: Error {}

    /// One value. Records and lists are filled in as their containers are written to.
    final class Node {
        enum Content {
            case empty
            case string(String)
            case literal(StaticString)
            case integer(Int)
            case record([(key: String, node: Node)])
            case list([Node])
        }

        var content = Content.empty

        static func encoding(_ value: some Encodable) throws -> Node {
            let node = Node()
            try node.set(value)
            return node
        }

        func set<Value: Encodable>(_ value: Value) throws {
            // Told apart by their type metadata: cheaper than casting every value.
            if Value.self == String.self {
                content = .string(value as! String)
            } else if Value.self == Bool.self {
                content = .literal(value as! Bool ? "true" : "false")
            } else if Value.self == Int.self {
                content = .integer(value as! Int)
            } else if Value.self == Double.self || Value.self == Float.self || Value.self == Decimal.self
                        || Value.self == Date.self || Value.self == Data.self || Value.self == URL.self {
                throw Unsupported()
            } else {
                try value.encode(to: NodeEncoder(node: self))
            }
        }

        func append(key: String, _ node: Node) {
            if case .record(var entries) = content {
                content = .empty
                entries.append((key, node))
                content = .record(entries)
            } else {
                content = .record([(key, node)])
            }
        }

        func append(_ node: Node) {
            if case .list(var items) = content {
                content = .empty
                items.append(node)
                content = .list(items)
            } else {
                content = .list([node])
            }
        }

        var count: Int {
            if case .list(let items) = content { return items.count }
            return 0
        }

        func write(into bytes: inout [UInt8]) {
            switch content {
            case .empty: bytes.append(contentsOf: "{}".utf8)
            case .string(let text): Self.write(text, into: &bytes)
            case .literal(let text): bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
            case .integer(let number): bytes.append(contentsOf: String(number).utf8)
            case .record(let entries):
                bytes.append(UInt8(ascii: "{"))
                // Sorted by key, and by order written within a key: a key written twice keeps its
                // last value, as in Foundation's encoder.
                let sorted = entries.indices.sorted { (entries[$0].key, $0) < (entries[$1].key, $1) }
                var first = true
                for (position, index) in sorted.enumerated() {
                    if position + 1 < sorted.count, entries[sorted[position + 1]].key == entries[index].key { continue }
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    Self.write(entries[index].key, into: &bytes)
                    bytes.append(UInt8(ascii: ":"))
                    entries[index].node.write(into: &bytes)
                }
                bytes.append(UInt8(ascii: "}"))
            case .list(let items):
                bytes.append(UInt8(ascii: "["))
                for (index, item) in items.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    item.write(into: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            }
        }

        /// A JSON string as Foundation writes it: `"` and `\` escaped, control characters as
        /// `\n`, `\t`, ... or `\u00XX`, everything else as it is.
        static func write(_ text: String, into bytes: inout [UInt8]) {
            bytes.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                // Runs of bytes that need no escape are copied at once.
                var start = 0
                for offset in 0..<utf8.count {
                    let byte = utf8[offset]
                    guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<offset]))
                    start = offset + 1
                    switch byte {
                    case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                    case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                    case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
                    case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
                    case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
                    case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
                    case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
                    default:
                        let hex = Array("0123456789abcdef".utf8)
                        bytes.append(contentsOf: #"\u00"#.utf8)
                        bytes.append(hex[Int(byte >> 4)])
                        bytes.append(hex[Int(byte & 0x0f)])
                    }
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    struct NodeEncoder: Encoder, SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .empty = node.content { node.content = .record([]) }
            return KeyedEncodingContainer(KeyedContainer<Key>(node: node))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .empty = node.content { node.content = .list([]) }
            return UnkeyedContainer(node: node)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { self }

        func encodeNil() throws { node.content = .literal("null") }
        func encode(_ value: some Encodable) throws { try node.set(value) }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {
            let child = Node()
            child.content = .literal("null")
            node.append(key: key.stringValue, child)
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            let child = Node()
            child.content = .string(value)
            node.append(key: key.stringValue, child)
        }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            node.append(key: key.stringValue, try Node.encoding(value))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            node.append(key: key.stringValue, child)
            return NodeEncoder(node: child).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = Node()
            node.append(key: key.stringValue, child)
            return NodeEncoder(node: child).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }
        private func superEncoder(named name: String) -> any Encoder {
            let child = Node()
            node.append(key: name, child)
            return NodeEncoder(node: child)
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }
        var count: Int { node.count }

        mutating func encodeNil() throws {
            let child = Node()
            child.content = .literal("null")
            node.append(child)
        }
        mutating func encode(_ value: some Encodable) throws { node.append(try Node.encoding(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            node.append(child)
            return NodeEncoder(node: child).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = Node()
            node.append(child)
            return NodeEncoder(node: child).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            let child = Node()
            node.append(child)
            return NodeEncoder(node: child)
        }
    }
}
