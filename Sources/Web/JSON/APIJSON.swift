import Foundation

/// The API's JSON: keys sorted, `/` not escaped. Strings, integers, flags, `null`, lists and
/// records (what the API's view models are made of) are written here in one pass, each record
/// as soon as its `encode(to:)` returns; anything else (a `Double`, a `Date`, a nested container
/// opened by key) by Foundation's `JSONEncoder` with the same settings (``JSONEncoder/api``),
/// whose output this matches byte for byte.
package enum APIJSON {
    package static func encode(_ value: some Encodable) throws -> [UInt8] {
        if let writable = value as? any JSONWritable {
            var json = JSONText()
            writable.write(to: &json)
            return json.bytes
        }
        let writer = JSONWriter()
        do {
            try writer.write(value)
            if !writer.refused { return writer.bytes }
        } catch is JSONWriter.Unsupported {}
        return Array(try JSONEncoder.api.encode(value))
    }
}

extension JSONEncoder {
    /// The API's JSON as Foundation writes it: stable key order, so responses (and their tests)
    /// read the same every time. ``APIJSON`` writes the same faster.
    package static let api: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// Writes JSON as the value encodes itself. A record's members are written in the order they
/// come, which for the API's view models is already sorted; a record whose keys come out of
/// order (a dictionary) is put in order when it ends, by moving its members' bytes.
private final class JSONWriter {
    /// A type or a use of `Encoder` this writer leaves to Foundation.
    struct Unsupported: Error {}

    fileprivate enum Kind { case none, record, list, single }

    /// The value being written: what it turned out to be, where its bytes and its record's
    /// members begin, and whether those members came in order.
    private struct Frame {
        var kind = Kind.none
        var start: Int
        var firstMember: Int
        var sorted = true
        var lastKey = ""
    }

    // Unchecked: every append would otherwise pay a run-time exclusivity check, and nothing
    // here hands out access to these arrays while it appends.
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// Set when the value opened a container this writer cannot follow, even if it then wrote
    /// nothing into it.
    private(set) var refused = false
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The members of every open record: key and where `"key":value` begins.
    @exclusivity(unchecked) private var members: [(key: String, start: Int)] = []

    init() {
        bytes.reserveCapacity(1_024)
        frames.reserveCapacity(8)
        members.reserveCapacity(32)
    }

    func write<Value: Encodable>(_ value: Value) throws {
        // Told apart by their type metadata: cheaper than casting every value.
        if Value.self == String.self {
            writeString(value as! String)
        } else if Value.self == Int.self {
            writeASCII(String(value as! Int))
        } else if Value.self == Bool.self {
            writeASCII(value as! Bool ? "true" : "false")
        } else if Value.self == Double.self || Value.self == Float.self || Value.self == Decimal.self
            || Value.self == Date.self || Value.self == Data.self || Value.self == URL.self
        {
            throw Unsupported()
        } else if Value.self == Int64.self || Value.self == Int32.self || Value.self == Int16.self || Value.self == Int8.self
            || Value.self == UInt.self || Value.self == UInt64.self || Value.self == UInt32.self
            || Value.self == UInt16.self || Value.self == UInt8.self
        {
            writeASCII(String(describing: value))
        } else {
            frames.append(Frame(start: bytes.count, firstMember: members.count))
            try value.encode(to: JSONWriterEncoder(writer: self))
            try end(frames.removeLast())
        }
    }

    /// The value asked for something this writer leaves to Foundation; returns the error to
    /// throw at the container's first use.
    func refuse() -> Result<Void, any Error> {
        refused = true
        return .failure(Unsupported())
    }

    private func end(_ frame: Frame) throws {
        switch frame.kind {
        case .none: bytes.append(contentsOf: "{}".utf8)
        case .single: break
        case .list: bytes.append(UInt8(ascii: "]"))
        case .record:
            if !frame.sorted { sortMembers(of: frame) }
            members.removeSubrange(frame.firstMember...)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Rewrites the record's members in key order; of a key written twice, the last value stays
    /// (as in Foundation's encoder).
    private func sortMembers(of frame: Frame) {
        let entries = members[frame.firstMember...]
        var ranges: [(key: String, range: Range<Int>)] = []
        for (offset, entry) in zip(entries.indices, entries) {
            let end = offset + 1 < entries.endIndex ? entries[offset + 1].start - 1 : bytes.count
            ranges.append((entry.key, entry.start..<end))
        }
        let order = ranges.indices.sorted { (ranges[$0].key, $0) < (ranges[$1].key, $1) }
        var rewritten: [UInt8] = []
        rewritten.reserveCapacity(bytes.count - frame.start)
        rewritten.append(UInt8(ascii: "{"))
        for (position, index) in order.enumerated() {
            if position + 1 < order.count, ranges[order[position + 1]].key == ranges[index].key { continue }
            if rewritten.count > 1 { rewritten.append(UInt8(ascii: ",")) }
            rewritten.append(contentsOf: bytes[ranges[index].range])
        }
        bytes.replaceSubrange(frame.start..., with: rewritten)
    }

    // MARK: What the containers call

    /// Makes the value being written a record, a list or a single value. Asked again for the
    /// same record or list, it goes on with it; asked for another kind (a list's items and a
    /// record's members in one value), it cannot follow: the failure it returns is thrown at the
    /// container's first use, and the value goes to Foundation.
    func begin(_ kind: Kind) -> Result<Void, any Error> {
        let top = frames.count - 1
        switch frames[top].kind {
        case .none:
            frames[top].kind = kind
            if kind == .record { bytes.append(UInt8(ascii: "{")) }
            if kind == .list { bytes.append(UInt8(ascii: "[")) }
        case kind where kind != .single: break
        default: return refuse()
        }
        return .success(())
    }

    /// Starts a record's member: `,` if not the first, then `"key":`.
    func beginMember(_ key: String) {
        let top = frames.count - 1
        if members.count > frames[top].firstMember {
            bytes.append(UInt8(ascii: ","))
            if frames[top].sorted, !(frames[top].lastKey < key) { frames[top].sorted = false }
        }
        if frames[top].sorted { frames[top].lastKey = key }
        members.append((key, bytes.count))
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts a list's item: `,` if not the first.
    func beginItem(_ index: Int) {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
    }

    func writeNull() { bytes.append(contentsOf: "null".utf8) }

    private func writeASCII(_ text: String) { bytes.append(contentsOf: text.utf8) }

    func writeString(_ text: String) { APIJSON.writeString(text, into: &bytes) }
}

extension APIJSON {
    /// A JSON string as Foundation writes it: `"` and `\` escaped, control characters as
    /// `\n`, `\t`, ... or `\u00XX`, everything else as it is.
    package static func writeString(_ text: String, into bytes: inout [UInt8]) {
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

/// The `Encoder` a value sees. Containers opened by key and `superEncoder` end after the value
/// that opened them, which writing in one pass cannot follow: values using them go to Foundation.
private struct JSONWriterEncoder: Encoder, SingleValueEncodingContainer {
    let writer: JSONWriter
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONWriterRecord<Key>(writer: writer, failure: writer.begin(.record)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONWriterList(writer: writer, failure: writer.begin(.list))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONWriterSingle(writer: writer, failure: writer.begin(.single))
    }

    func encodeNil() throws { writer.writeNull() }
    func encode(_ value: some Encodable) throws { try writer.write(value) }
}

/// Containers cannot throw when opened: one opened where it cannot be written throws at its
/// first use (and the writer has already given the value up to Foundation).
private struct JSONWriterSingle: SingleValueEncodingContainer {
    let writer: JSONWriter
    let failure: Result<Void, any Error>
    var codingPath: [any CodingKey] { [] }

    func encodeNil() throws {
        try failure.get()
        writer.writeNull()
    }

    func encode(_ value: some Encodable) throws {
        try failure.get()
        try writer.write(value)
    }
}

private struct JSONWriterRecord<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONWriter
    let failure: Result<Void, any Error>
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        try failure.get()
        writer.beginMember(key.stringValue)
        writer.writeNull()
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try failure.get()
        writer.beginMember(key.stringValue)
        writer.writeString(value)
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try failure.get()
        writer.beginMember(key.stringValue)
        try writer.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(JSONWriterRecord<NestedKey>(writer: writer, failure: writer.refuse()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONWriterList(writer: writer, failure: writer.refuse())
    }

    mutating func superEncoder() -> any Encoder { JSONWriterRefusingEncoder(writer: writer) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { JSONWriterRefusingEncoder(writer: writer) }
}

private struct JSONWriterList: UnkeyedEncodingContainer {
    let writer: JSONWriter
    let failure: Result<Void, any Error>
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(writer: JSONWriter, failure: Result<Void, any Error>) {
        self.writer = writer
        self.failure = failure
    }

    mutating func encodeNil() throws {
        try failure.get()
        writer.beginItem(count)
        count += 1
        writer.writeNull()
    }

    mutating func encode(_ value: some Encodable) throws {
        try failure.get()
        writer.beginItem(count)
        count += 1
        try writer.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(JSONWriterRecord<NestedKey>(writer: writer, failure: writer.refuse()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONWriterList(writer: writer, failure: writer.refuse())
    }

    mutating func superEncoder() -> any Encoder { JSONWriterRefusingEncoder(writer: writer) }
}

/// What `superEncoder` returns: asking for it is enough to leave the value to Foundation.
private struct JSONWriterRefusingEncoder: Encoder {
    let writer: JSONWriter
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(writer: JSONWriter) {
        self.writer = writer
        _ = writer.refuse()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONWriterRecord<Key>(writer: writer, failure: writer.refuse()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONWriterList(writer: writer, failure: writer.refuse())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONWriterSingle(writer: writer, failure: writer.refuse())
    }
}
