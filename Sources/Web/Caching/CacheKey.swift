/// What a cached page or answer is made of besides the texts that change from request to request
/// (an amount's): one value of named fields, which its module declares beside its other types.
/// Equal values, equal answers. Web derives from it, by the value's own `Encodable` conformance,
/// the key the answer's frame is kept by (``PageFrames``) and its validator
/// (``HTTPCachePolicy/directive(_:texts:language:now:maxAge:shared:variesWithCookie:)``): no
/// module writes a key or a validator by hand.
package protocol CacheKey: Encodable, Sendable {}

/// A ``CacheKey`` written out once for a request, for its frame and its validator alike: each
/// field in its order, each text as `<length>:<text>`, a missing optional as `~`, a list as `[`
/// and each element after a `,`. Equal values give equal texts, and no two values of a type the
/// same text. Made only from a ``CacheKey``.
package struct DerivedCacheKey: Sendable, Hashable {
    package let text: String

    package init(_ key: some CacheKey) {
        let writer = CacheKeyWriter()
        // The writer never throws; a value whose own encoding throws is written as far as it got.
        try? key.encode(to: writer)
        text = writer.text
    }
}

/// The texts of a page (or an answer) that change from request to request while its
/// ``CacheKey`` stays (an amount's, and its results): a value of named fields, which Web reads
/// in the order ``mapTexts(_:)`` visits them and fills into the frame's holes.
package protocol FrameTexts: Sendable {
    /// This value with each text replaced by `transform`'s, visiting them in one fixed order.
    func mapTexts(_ transform: (String) -> String) -> Self
}

extension FrameTexts {
    /// Each text, in the order ``mapTexts(_:)`` visits them.
    package var texts: [String] {
        var texts: [String] = []
        texts.reserveCapacity(8)
        _ = mapTexts { text in
            texts.append(text)
            return text
        }
        return texts
    }

    /// This value with `replacements[i]` in the place of its `i`-th text.
    package func replacingTexts(with replacements: [String]) -> Self {
        var index = 0
        return mapTexts { _ in
            defer { index += 1 }
            return replacements[index]
        }
    }
}

/// Writes a ``CacheKey`` as ``DerivedCacheKey`` says: an `Encoder` that keeps no coding path
/// and writes every leaf into one text, grown once. A value reaches its leaves through its own
/// `encode(to:)` (a date or an id through a single value), never by asking what type it is:
/// a cast per field made deriving the result page's key several times slower
/// (docs/BENCHMARKS.md, "The page's key").
final class CacheKeyWriter: Encoder {
    private(set) var text = ""

    init() {
        text.reserveCapacity(256)
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed(writer: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(writer: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single(writer: self) }

    func write(_ leaf: String) {
        text += String(leaf.utf8.count)
        text += ":"
        text += leaf
    }

    func write(_ flag: Bool) { write(flag ? "1" : "0") }
    func write(integer: some BinaryInteger) { write(String(integer)) }
    func write(number: some LosslessStringConvertible) { write(number.description) }
    func writeNil() { text += "~" }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let writer: CacheKeyWriter
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) { writer.writeNil() }
        mutating func encode(_ value: String, forKey key: Key) { writer.write(value) }
        mutating func encode(_ value: Bool, forKey key: Key) { writer.write(value) }
        mutating func encode(_ value: Int, forKey key: Key) { writer.write(integer: value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: writer) }
        // A missing optional is written, not left out: the fields after it keep their places.
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) {
            if let value { writer.write(value) } else { writer.writeNil() }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) {
            if let value { writer.write(value) } else { writer.writeNil() }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) {
            if let value { writer.write(integer: value) } else { writer.writeNil() }
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try value.encode(to: writer) } else { writer.writeNil() }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            writer.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { writer.unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { writer }
        mutating func superEncoder(forKey key: Key) -> any Encoder { writer }
    }

    /// A list: each element after a `,`, so that where it ends is known (the next field does not
    /// start with one).
    private struct Unkeyed: UnkeyedEncodingContainer {
        let writer: CacheKeyWriter
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0

        init(writer: CacheKeyWriter) {
            self.writer = writer
            writer.text += "["
        }

        private mutating func element() {
            writer.text += ","
            count += 1
        }

        mutating func encodeNil() {
            element()
            writer.writeNil()
        }

        mutating func encode(_ value: String) {
            element()
            writer.write(value)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            element()
            try value.encode(to: writer)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            element()
            return writer.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            element()
            return writer.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { writer }
    }

    /// Where every leaf ends up: each standard type has its own method here, so a value's generic
    /// `encode(to:)` always lands on one and never comes back to ``encode(_:)-generic``.
    private struct Single: SingleValueEncodingContainer {
        let writer: CacheKeyWriter
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { writer.writeNil() }
        mutating func encode(_ value: String) { writer.write(value) }
        mutating func encode(_ value: Bool) { writer.write(value) }
        mutating func encode(_ value: Double) { writer.write(number: value) }
        mutating func encode(_ value: Float) { writer.write(number: value) }
        mutating func encode(_ value: Int) { writer.write(integer: value) }
        mutating func encode(_ value: Int8) { writer.write(integer: value) }
        mutating func encode(_ value: Int16) { writer.write(integer: value) }
        mutating func encode(_ value: Int32) { writer.write(integer: value) }
        mutating func encode(_ value: Int64) { writer.write(integer: value) }
        mutating func encode(_ value: UInt) { writer.write(integer: value) }
        mutating func encode(_ value: UInt8) { writer.write(integer: value) }
        mutating func encode(_ value: UInt16) { writer.write(integer: value) }
        mutating func encode(_ value: UInt32) { writer.write(integer: value) }
        mutating func encode(_ value: UInt64) { writer.write(integer: value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: writer) }
    }
}
