import LeafKit

/// A view model as Leaf sees it (what Leaf's own encoder would give it), with its texts told
/// apart from its shape: which fields are present, how long each list is, every flag and number.
/// Two view models of the same shape render the same page but for their texts, which is what
/// lets ``PageRenderer`` render a shape once (from this tree) and fill in the texts per request
/// (written by ``PageValues`` without building the tree).
package indirect enum PageContext {
    /// A string: a slot of the page, unless it is empty, `"true"` or `"false"`, which Leaf's
    /// `#if` reads differently from other strings (those stay part of the shape).
    case text(String)
    /// A flag, a number or another value Leaf takes as it is: part of the shape.
    case literal(LeafData)
    case list([PageContext])
    case record([(String, PageContext)])

    /// `model` encoded as Leaf's encoder would encode it (absent optionals left out).
    package init(encoding model: some Encodable) throws {
        guard let context = try Self.encode(model) else { throw PageContextError.notARecord }
        guard case .record = context else { throw PageContextError.notARecord }
        self = context
    }

    /// The texts that fill the page's slots, in slot order.
    package func texts() -> [String] {
        var texts: [String] = []
        collect(into: &texts)
        return texts
    }

    /// Leaf's context for this shape, each slotted text replaced by `marker(index)`.
    package func leafData(marker: (Int) -> String) -> [String: LeafData] {
        var index = 0
        return leafData(marker: marker, index: &index).dictionary ?? [:]
    }

    private var slottedText: String? {
        guard case .text(let text) = self, !text.isEmpty, text != "true", text != "false" else { return nil }
        return text
    }

    private func collect(into texts: inout [String]) {
        if let text = slottedText {
            texts.append(text)
            return
        }
        switch self {
        case .text, .literal: break
        case .list(let items):
            for item in items { item.collect(into: &texts) }
        case .record(let entries):
            for (_, value) in entries { value.collect(into: &texts) }
        }
    }

    private func leafData(marker: (Int) -> String, index: inout Int) -> LeafData {
        if slottedText != nil {
            defer { index += 1 }
            return .string(marker(index))
        }
        switch self {
        case .text(let text): return .string(text)
        case .literal(let data): return data
        case .list(let items): return .array(items.map { $0.leafData(marker: marker, index: &index) })
        case .record(let entries):
            var dictionary: [String: LeafData] = [:]
            for (key, value) in entries { dictionary[key] = value.leafData(marker: marker, index: &index) }
            return .dictionary(dictionary)
        }
    }

    /// One value, as Leaf's encoder takes it: strings, flags and numbers directly, values that
    /// represent themselves to Leaf as they say, everything else through `encode(to:)`.
    fileprivate static func encode(_ value: some Encodable) throws -> PageContext? {
        switch value {
        case let text as String: return .text(text)
        case let flag as Bool: return .literal(.bool(flag))
        case let number as Int: return .literal(.int(number))
        case let number as Double: return .literal(.double(number))
        case let represented as any LeafDataRepresentable where !represented.leafData.isCollection:
            return .literal(represented.leafData)
        default:
            let node = Node()
            try value.encode(to: ContextEncoder(node: node))
            return node.resolved
        }
    }
}

package enum PageContextError: Error {
    case notARecord
}

/// What one level of encoding wrote: nothing, one value, a record or a list.
private final class Node {
    enum Content {
        case empty
        case value(PageContext?)
        case record([(String, Node)])
        case list([Node])
    }

    var content = Content.empty

    var resolved: PageContext? {
        switch content {
        case .empty: nil
        case .value(let value): value
        case .record(let entries):
            // A key written twice keeps its last value, as in Leaf's dictionary.
            .record(
                entries.enumerated().compactMap { offset, entry in
                    entries[(offset + 1)...].contains { $0.0 == entry.0 } ? nil : entry.1.resolved.map { (entry.0, $0) }
                })
        case .list(let items): .list(items.compactMap(\.resolved))
        }
    }

    func set(_ value: PageContext?) { content = .value(value) }

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

    static func holding(_ value: some Encodable) throws -> Node {
        let node = Node()
        node.set(try PageContext.encode(value))
        return node
    }
}

private struct ContextEncoder: Encoder, SingleValueEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] = []
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

    func encodeNil() throws {}
    func encode(_ value: some Encodable) throws { node.set(try PageContext.encode(value)) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: String, forKey key: Key) throws {
        let child = Node()
        child.set(.text(value))
        node.append(key: key.stringValue, child)
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        node.append(key: key.stringValue, try Node.holding(value))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = Node()
        node.append(key: key.stringValue, child)
        return ContextEncoder(node: child).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Node()
        node.append(key: key.stringValue, child)
        return ContextEncoder(node: child).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }
    private func superEncoder(named name: String) -> any Encoder {
        let child = Node()
        node.append(key: name, child)
        return ContextEncoder(node: child)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { [] }
    var count: Int { node.count }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: some Encodable) throws { node.append(try Node.holding(value)) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = Node()
        node.append(child)
        return ContextEncoder(node: child).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Node()
        node.append(child)
        return ContextEncoder(node: child).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        let child = Node()
        node.append(child)
        return ContextEncoder(node: child)
    }
}
