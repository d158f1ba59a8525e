/// Why a ledger file is refused as it arrives, before anything is converted.
package enum LedgerRefusal: Error, Sendable, Equatable {
    case tooLarge
    case tooManyLines
    case notText
    case unclosedQuote
    case empty
}

/// What the scan of an arriving ledger file learnt: the byte-order mark, the delimiter (the one
/// of `,` `;` tab the header uses most, outside quotes), the line ending, the rows (the header's
/// included), the bytes and their SHA-256 as sent.
package struct LedgerFileFacts: Sendable, Equatable {
    package let byteOrderMark: Bool
    package let delimiter: UInt8
    package let crlf: Bool
    package let rows: Int
    package let bytes: Int
    package let sha256: String
}

/// How large a ledger may be: what an upload may send, and the lines it may hold after its header.
package enum LedgerLimits {
    package static let maxBytes = 50 * 1024 * 1024
    package static let maxLines = 1_000_000
}
