/// The rules a new password must meet.
package enum Password {
    package static let minimumLength = 8
    /// Bcrypt reads only the first 72 bytes; longer passwords would silently lose their tail.
    package static let maximumBytes = 72

    /// Why `password` is not acceptable, as a message for the form; `nil` when it is fine.
    package static func problem(with password: String) -> Message? {
        if password.count < minimumLength { return Message("Use at least {count} characters.", ["count": .number(String(minimumLength))]) }
        if password.utf8.count > maximumBytes {
            return Message("Use at most {count} characters (fewer with accents or emoji).", ["count": .number(String(maximumBytes))])
        }
        return nil
    }
}
