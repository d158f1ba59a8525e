/// A one-time message for the next page a browser shows (post/redirect/get): what just
/// happened, and whether it went wrong, so the page can show it as an error.
package struct Flash: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case success
        case error
    }

    package let kind: Kind
    package let message: String

    package init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    package static func success(_ message: String) -> Flash { Flash(kind: .success, message: message) }
    package static func error(_ message: String) -> Flash { Flash(kind: .error, message: message) }
}
