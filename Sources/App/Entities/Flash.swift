/// A one-time message for the next page a browser shows (post/redirect/get): what just
/// happened, and whether it went wrong, so the page can show it as an error.
struct Flash: Sendable, Equatable {
    enum Kind: String, Sendable {
        case success
        case error
    }

    let kind: Kind
    let message: String

    static func success(_ message: String) -> Flash { Flash(kind: .success, message: message) }
    static func error(_ message: String) -> Flash { Flash(kind: .error, message: message) }
}
