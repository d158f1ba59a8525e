/// A path on this site, safe to redirect to after sign-in: it starts with a single `/`, names no
/// other host (`//evil.example`, `/\evil.example`), no scheme, and holds no control characters.
package struct LocalPath: Sendable, Equatable {
    package let value: String

    package init?(_ text: String?) {
        guard let text else { return nil }
        let bytes = text.utf8
        guard bytes.first == UInt8(ascii: "/"), bytes.count <= 2000 || text.count <= 2000 else { return nil }
        let second = bytes.dropFirst().first
        // Bytes, not characters: every byte checked here is ASCII, which UTF-8 never uses inside
        // another character.
        guard second != UInt8(ascii: "/"), second != UInt8(ascii: "\\"),
            !bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F }),
            // A percent-encoded slash or backslash right after the first could be decoded by a
            // proxy into `//host`; no page of this app needs one there.
            !Self.startsWithEncodedSeparator(bytes)
        else { return nil }
        value = text
    }

    /// `/%2f` or `/%5c`, in either case.
    private static func startsWithEncodedSeparator(_ bytes: String.UTF8View) -> Bool {
        var start = bytes.makeIterator()
        guard start.next() == UInt8(ascii: "/"), start.next() == UInt8(ascii: "%"), let high = start.next(), let low = start.next()
        else { return false }
        let lowered = low | 0x20 // A–Z to a–z; the digits and letters compared below are unchanged otherwise
        return (high == UInt8(ascii: "2") && lowered == UInt8(ascii: "f")) || (high == UInt8(ascii: "5") && lowered == UInt8(ascii: "c"))
    }
}
