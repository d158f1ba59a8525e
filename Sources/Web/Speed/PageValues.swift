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
    /// The ahead-deflated parts of texts that are ``PrecompressedHTML``, by text.
    package private(set) var parts: [Int: [PrecompressedHTML.Part]] = [:]
    /// The texts written ahead (``Preencoded``), and where their runs of the page, the same on
    /// every page that shows them, are kept deflated.
    package private(set) var preencoded: [(texts: Range<Int>, spans: DeflatedSpans)] = []

    package init(encoding model: some Encodable) throws {
        let sink = Sink()
        try sink.write(model, depth: 0)
        (texts, shape, parts, preencoded) = (sink.texts, sink.shape, sink.parts, sink.preencoded)
    }

    /// What one value of a model writes, at one depth (``Preencoded``).
    fileprivate struct Fragment: Sendable {
        let texts: [String]
        let shape: [UInt8]
        let parts: [Int: [PrecompressedHTML.Part]]
        let depth: Int
        let spans = DeflatedSpans()
    }
}

/// A member of a page's view model whose page values (``PageValues``) are written once, when it
/// is made, and copied into every page that shows it: for parts a view keeps and shows on many
/// pages (the result page's source menu, banks' details and source line, the same for every
/// amount of a pair: about 80 of its 130 values, and 8 µs of its 12 µs of encoding in a
/// profile of the release app). Any other encoder (Leaf's, JSON) sees the value itself, and
/// so does Swift code, through its members.
@dynamicMemberLookup
package struct Preencoded<Value: Encodable & Sendable & Equatable>: Encodable, Sendable, Equatable {
    package let value: Value
    fileprivate let fragment: PageValues.Fragment?

    /// `value`, written as a member of a view model's top level (the depth it is spliced at;
    /// anywhere else it is written afresh).
    package init(_ value: Value) {
        self.value = value
        let sink = Sink()
        fragment = (try? sink.write(value, depth: Self.depth)).map {
            PageValues.Fragment(texts: sink.texts, shape: sink.shape, parts: sink.parts, depth: Self.depth)
        }
    }

    private static var depth: Int { 1 }

    package subscript<Member>(dynamicMember member: KeyPath<Value, Member>) -> Member { value[keyPath: member] }

    package func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }

    package static func == (a: Self, b: Self) -> Bool { a.value == b.value }
    package static func == (a: Self, b: Value) -> Bool { a.value == b }
}

/// ``Preencoded``'s fragment, whatever its value's type.
private protocol PreencodedFragment {
    var fragment: PageValues.Fragment? { get }
}

extension Preencoded: PreencodedFragment {}

/// Where the encoders write.
private final class Sink {
    // Unchecked: every append would otherwise pay a run-time exclusivity check, and nothing
    // here hands out access to these arrays while it appends.
    @exclusivity(unchecked) var texts: [String] = []
    @exclusivity(unchecked) var shape: [UInt8] = []
    var parts: [Int: [PrecompressedHTML.Part]] = [:]
    var preencoded: [(texts: Range<Int>, spans: DeflatedSpans)] = []

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
        } else if Value.self == PrecompressedHTML.self {
            let html = value as! PrecompressedHTML
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
            switch kind(of: Value.self) {
            case .leafScalar:
                if let represented = value as? any LeafDataRepresentable, !represented.leafData.isCollection {
                    literal("\(represented.leafData)")
                    return
                }
            case .preencoded:
                if let preencoded = value as? any PreencodedFragment, let fragment = preencoded.fragment, fragment.depth == depth {
                    splice(fragment)
                    return
                }
            case .other: break
            }
            try value.encode(to: SinkEncoder(sink: self, depth: depth))
        }
    }

    /// A value written ahead (``Preencoded``): its texts, shape and compressed parts, as they
    /// would have been written here.
    private func splice(_ fragment: PageValues.Fragment) {
        let offset = texts.count
        texts.append(contentsOf: fragment.texts)
        shape.append(contentsOf: fragment.shape)
        for (index, kept) in fragment.parts { parts[offset + index] = kept }
        if !fragment.texts.isEmpty { preencoded.append((offset..<texts.count, fragment.spans)) }
    }

    /// What a type is to the page, asked once per type and page: most values are the model's
    /// records and lists, which casting each to ``LeafDataRepresentable`` and to ``Preencoded``
    /// would test every time.
    private enum Kind {
        case leafScalar, preencoded, other
    }
    private var kinds: [ObjectIdentifier: Kind] = [:]

    private func kind(of type: Any.Type) -> Kind {
        let id = ObjectIdentifier(type)
        if let known = kinds[id] { return known }
        var kind = Kind.other
        if type is any LeafDataRepresentable.Type {
            kind = .leafScalar
        } else if type is any PreencodedFragment.Type {
            kind = .preencoded
        }
        kinds[id] = kind
        return kind
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
