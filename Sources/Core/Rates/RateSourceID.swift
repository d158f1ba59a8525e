/// A rate source's id, as its snapshots are stored under it and addresses, cookies and forms name
/// it: a provider's (`ecb`, `nbp.b`, `exchangerate-api`, `ecb-bundled`) or the blend's (`blend`).
/// Text becomes one only through ``init(_:)``, which lower-cases it and refuses anything that
/// cannot be an id: whatever a visitor typed is checked once, where it comes in.
package struct RateSourceID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let rawValue: String

    /// `text` lower-cased, if it is 1 to 24 letters, digits, dots and hyphens.
    package init?(_ text: some StringProtocol) {
        guard Self.isWellFormed(text) else { return nil }
        // Ids as links carry them need no lower-casing (a Foundation call).
        rawValue = text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? text.lowercased() : String(text)
    }

    /// An id the code names (`"ecb"`); it must be well formed.
    package init(stringLiteral value: String) {
        precondition(Self.isWellFormed(value) && value == value.lowercased(), "not a source id: \(value)")
        rawValue = value
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = Self(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a source id: \(text)"))
        }
        self = id
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    package var description: String { rawValue }

    /// The key the `/v2` API uses for it: `ECB`, `NBP.B`.
    package var key: String { rawValue.uppercased() }

    package static func < (a: RateSourceID, b: RateSourceID) -> Bool { a.rawValue < b.rawValue }

    /// Every official provider's rates blended (``RateBlender``).
    package static let blend: RateSourceID = "blend"
    /// The ECB's history as the app ships it (``RateSource/bundledECB``): the ECB's days too.
    package static let bundledECB: RateSourceID = "ecb-bundled"
    package static let ecb: RateSourceID = "ecb"

    /// The sources whose snapshots are this provider's rates: the ECB's include the copy that
    /// ships with the app.
    package var family: [RateSourceID] { self == .ecb || self == .bundledECB ? [.ecb, .bundledECB] : [self] }

    /// The provider whose rates a stored source's are (the bundled ECB copy is the ECB's).
    package var provider: RateSourceID { self == .bundledECB ? .ecb : self }

    private static func isWellFormed(_ text: some StringProtocol) -> Bool {
        (1...24).contains(text.utf8.count)
            && text.utf8.allSatisfy {
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D
            }
    }
}
