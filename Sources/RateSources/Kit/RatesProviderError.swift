import Core

/// Why a fetch stored nothing. Each reads as the end of "The refresh failed: …". The details
/// a library or a provider wrote (a connection error, a parser's complaint, the provider's own
/// error code) are quoted as they are; the rest is a ``Message`` each page writes in its language.
package enum RatesProviderError: Error, Equatable, CustomStringConvertible {
    /// Nothing answered within the time limit.
    case timedOut(seconds: Double)
    /// An answer began but did not end within the time limit (a publisher sending it a byte
    /// at a time, or a fetch of several documents that took longer together).
    case incomplete(seconds: Double)
    case unreachable(String)
    case httpStatus(Int)
    /// Not the document expected: HTML, garbage, a truncated download, missing fields.
    case unreadable(String)
    /// The provider answered with an error of its own (ExchangeRate-API's `result: error`).
    case providerError(String)
    /// A readable document whose rates break the refresh rules (``RatesValidator``).
    case invalidRates(Message)
    /// The answer, or what it unpacks to, passed the bound that keeps any one document from
    /// filling memory: read no further.
    case tooLarge(Bound)

    /// What grew past its bound, and the bound.
    package enum Bound: Equatable, Sendable {
        /// The provider's answer as downloaded (``HTTPDocumentFetcher/maxBytes``).
        case answer(megabytes: Int)
        /// The CSV a history archive inflates to (``ECBHistoryArchive/maxCSVBytes``).
        case archiveCSV(megabytes: Int)
        /// The document an uploaded zip inflates to (``UploadedDocument/maxInflatedBytes``).
        case inflated(megabytes: Int)
    }

    /// What kind of failure it is, for a metric's label: `timed-out`, `unreachable`,
    /// `http-status`, `unreadable`, `provider-error`, `invalid-rates` (refused by validation), `too-large`.
    package var category: String {
        switch self {
        case .timedOut, .incomplete: "timed-out"
        case .unreachable: "unreachable"
        case .httpStatus: "http-status"
        case .unreadable: "unreadable"
        case .providerError: "provider-error"
        case .invalidRates: "invalid-rates"
        case .tooLarge: "too-large"
        }
    }

    package var message: Message {
        switch self {
        case .timedOut(let seconds):
            seconds == 1
                ? Message("no answer within {seconds} second", ["seconds": .number("1")])
                : Message("no answer within {seconds} seconds", ["seconds": .number(Self.format(seconds))])
        case .incomplete(let seconds):
            seconds == 1
                ? Message("no complete answer within {seconds} second", ["seconds": .number("1")])
                : Message("no complete answer within {seconds} seconds", ["seconds": .number(Self.format(seconds))])
        case .unreachable(let detail): Message("could not connect ({detail})", ["detail": .text(detail)])
        case .httpStatus(let status): Message("the server answered HTTP {status}", ["status": .text(String(status))])
        case .unreadable(let detail): Message("the answer is not a rates document: {detail}", ["detail": .text(detail)])
        case .providerError(let detail): Message("the provider reported an error: {detail}", ["detail": .text(detail)])
        case .invalidRates(let reason): Message("the rates were rejected: {reason}", ["reason": .message(reason)])
        case .tooLarge(.answer(let megabytes)):
            Message("the answer is larger than {size} MB", ["size": .number(String(megabytes))])
        case .tooLarge(.archiveCSV(let megabytes)):
            Message("the archive's CSV is larger than {size} MB", ["size": .number(String(megabytes))])
        case .tooLarge(.inflated(let megabytes)):
            Message("the zip's file is larger than {size} MB unpacked", ["size": .number(String(megabytes))])
        }
    }

    package var description: String { message.english }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
