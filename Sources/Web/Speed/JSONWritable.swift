/// A view model the API writes as JSON itself, member by member in key order, instead of through
/// `Encodable`'s generic containers (which cost the API's busiest answer most of its JSON time).
/// Its `Encodable` conformance stays the reference: tests compare the two outputs byte for byte
/// through Foundation's encoder, so a member added to one and not the other fails them.
package protocol JSONWritable: Encodable {
    func write(to json: inout JSONText)
}

/// JSON being written: what ``JSONWritable`` values write into, as ``APIJSON`` writes it.
package struct JSONText {
    package private(set) var bytes: [UInt8] = []
    /// Whether the record being written has a member already (the next one needs a comma).
    private var hasMember = false
    #if DEBUG
        private var lastKey = ""
    #endif

    package init(capacity: Int = 1_024) {
        bytes.reserveCapacity(capacity)
    }

    /// A record: `members` writes its members (``member(_:_:)``) in ascending key order, as
    /// Foundation sorts them.
    package mutating func record(_ members: (inout JSONText) -> Void) {
        let outer = hasMember
        #if DEBUG
            let outerKey = lastKey
            defer { lastKey = outerKey }
        #endif
        hasMember = false
        bytes.append(UInt8(ascii: "{"))
        members(&self)
        bytes.append(UInt8(ascii: "}"))
        hasMember = outer
    }

    /// `"key":` and then what `value` writes.
    package mutating func member(_ key: String, _ value: (inout JSONText) -> Void) {
        #if DEBUG
            assert(!hasMember || lastKey < key, "JSON members must be written in key order: \(lastKey), then \(key)")
            lastKey = key
        #endif
        if hasMember { bytes.append(UInt8(ascii: ",")) }
        hasMember = true
        string(key)
        bytes.append(UInt8(ascii: ":"))
        value(&self)
    }

    package mutating func member(_ key: String, _ value: String) { member(key) { $0.string(value) } }
    /// Left out when `nil`, as `Encodable`'s synthesised conformance leaves it out.
    package mutating func member(_ key: String, _ value: String?) { if let value { member(key, value) } }
    package mutating func member(_ key: String, _ value: Bool) { member(key) { $0.flag(value) } }
    package mutating func member(_ key: String, _ value: Int?) { member(key) { json in value.map { json.integer($0) } ?? json.null() } }
    package mutating func member(_ key: String, _ value: some JSONWritable) { member(key) { value.write(to: &$0) } }
    package mutating func member<Item: JSONWritable>(_ key: String, _ items: [Item]) { member(key) { $0.list(items) } }

    package mutating func list<Item: JSONWritable>(_ items: [Item]) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            item.write(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    package mutating func string(_ text: String) { APIJSON.writeString(text, into: &bytes) }
    package mutating func integer(_ number: Int) { bytes.append(contentsOf: String(number).utf8) }
    package mutating func flag(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    package mutating func null() { bytes.append(contentsOf: "null".utf8) }
}
