import LeafKit

/// A view model's texts and shape (see ``PageContext``), written in one pass of its `encode(to:)`
/// straight into two arrays: no tree of the model is built. This is what each request pays;
/// ``PageContext`` is built only when a shape is first seen, to render its skeleton, and its
/// texts are then checked to be these.
///
/// The shape lists every key with its depth, every list item, every flag, number and text that
/// Leaf's `#if` reads as more than a text (empty, `"true"`, `"false"`), and a `$` per slotted
/// text; two models with the same shape differ only in their slotted texts.
package struct PageValues {
    package private(set) var texts: [String] = []
    package private(set) var shape: [UInt8] = []
    /// The ahead-deflated parts of texts that are ``SelectOptions`` (their menus' runs), by text.
    package private(set) var parts: [Int: [PrecompressedHTML.Part]] = [:]

    package init(encoding model: some Encodable) throws {
        let sink = Sink()
        try sink.write(model, depth: 0)
        (texts, shape, parts) = (sink.texts, sink.shape, sink.parts)
    }
}

/// Where the encoders write.
private final class Sink {
    // Unchecked: every append would otherwise pay a run-time exclusivity check, and nothing
    // here hands out access to these arrays while it appends.
    @exclusivity(unchecked) var texts: [String] = []
    @exclusivity(unchecked) var shape: [UInt8] = []
    var parts: [Int: [PrecompressedHTML.Part]] = [:]

    init() {
        texts.reserveCapacity(64)
        shape.reserveCapacity(512)
    }

    func write(_ text: String) {
        if text.isEmpty || text == "true" || text == "false" {
            shape.append(UInt8(ascii: "'"))
            shape.append(contentsOf: text.utf8)
            shape.append(UInt8(ascii: "'"))
        } else {
            texts.append(text)
            shape.append(UInt8(ascii: "$"))
        }
    }

    func literal(_ description: String) {
        shape.append(UInt8(ascii: "<"))
        shape.append(contentsOf: description.utf8)
        shape.append(UInt8(ascii: ">"))
    }

    /// One value, by the rules of ``PageContext``'s encoding.
    func write<Value: Encodable>(_ value: Value, depth: Int) throws {
        // The common types by comparing type metadata first: cheaper than casting every value.
        if Value.self == String.self {
            write(value as! String)
        } else if Value.self == SelectOptions.self {
            let options = value as! SelectOptions
            let html = OptionMenu.of(options.choices, placeholder: options.placeholder).html(selecting: options.selected)
            let count = texts.count
            write(html.text)
            if texts.count > count, !html.parts.isEmpty { parts[count] = html.parts }
        } else if Value.self == Bool.self {
            shape.append(contentsOf: value as! Bool ? "<true>".utf8 : "<false>".utf8)
        } else if Value.self == Int.self {
            literal(String(value as! Int))
        } else if Value.self == Double.self {
            literal("\(LeafData.double(value as! Double))")
        } else {
            if isLeafScalar(Value.self), let represented = value as? any LeafDataRepresentable, !represented.leafData.isCollection {
                literal("\(represented.leafData)")
                return
            }
            try value.encode(to: SinkEncoder(sink: self, depth: depth))
        }
    }

    /// Whether a type is a scalar to Leaf, asked once per type and page: most values are the
    /// model's records and lists, which casting each to ``LeafDataRepresentable`` would test
    /// every time.
    private var scalars: [ObjectIdentifier: Bool] = [:]

    private func isLeafScalar(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if let known = scalars[id] { return known }
        let scalar = type is any LeafDataRepresentable.Type
        scalars[id] = scalar
        return scalar
    }

    /// A key of a record at `depth` (a byte, so that where a nested record ends is never in
    /// doubt), prefixed with its length (so that no key, whatever its bytes, reads as structure).
    func key(_ name: String, depth: Int) {
        shape.append(UInt8(truncatingIfNeeded: depth))
        var length = name.utf8.count
        while length >= 0x80 {
            shape.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        shape.append(UInt8(length))
        shape.append(contentsOf: name.utf8)
    }

    func item(depth: Int) {
        shape.append(UInt8(truncatingIfNeeded: depth))
        shape.append(UInt8(ascii: "#"))
    }
}

private struct SinkEncoder: Encoder, SingleValueEncodingContainer {
    let sink: Sink
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.shape.append(UInt8(ascii: "{"))
        return KeyedEncodingContainer(SinkKeyedContainer<Key>(sink: sink, depth: depth + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.shape.append(UInt8(ascii: "["))
        return SinkUnkeyedContainer(sink: sink, depth: depth + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws {}
    func encode(_ value: some Encodable) throws { try sink.write(value, depth: depth) }
}

private struct SinkKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: Sink
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: String, forKey key: Key) throws {
        sink.key(key.stringValue, depth: depth)
        sink.write(value)
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        sink.key(key.stringValue, depth: depth)
        sink.shape.append(contentsOf: value ? "<true>".utf8 : "<false>".utf8)
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        sink.key(key.stringValue, depth: depth)
        try sink.write(value, depth: depth)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        sink.key(key.stringValue, depth: depth)
        return SinkEncoder(sink: sink, depth: depth).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        sink.key(key.stringValue, depth: depth)
        return SinkEncoder(sink: sink, depth: depth).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }
    private func superEncoder(named name: String) -> any Encoder {
        sink.key(name, depth: depth)
        return SinkEncoder(sink: sink, depth: depth)
    }
}

private struct SinkUnkeyedContainer: UnkeyedEncodingContainer {
    let sink: Sink
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(sink: Sink, depth: Int) {
        (self.sink, self.depth) = (sink, depth)
    }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: some Encodable) throws {
        sink.item(depth: depth)
        count += 1
        try sink.write(value, depth: depth)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        sink.item(depth: depth)
        count += 1
        return SinkEncoder(sink: sink, depth: depth).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.item(depth: depth)
        count += 1
        return SinkEncoder(sink: sink, depth: depth).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        sink.item(depth: depth)
        count += 1
        return SinkEncoder(sink: sink, depth: depth)
    }
}
