import Foundation

/// The API's JSON: keys sorted, `/` not escaped, as Foundation's `JSONEncoder` writes it with
/// those settings (``JSONEncoder/api``). The conversion, the API's busiest answer, is written once
/// per pair and rates and then filled in (``Request/json(key:texts:model:)``).
package enum APIJSON {
    package static func encode(_ value: some Encodable) throws -> [UInt8] {
        Array(try JSONEncoder.api.encode(value))
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
