/// The rules a new password must meet.
enum Password {
    static let minimumLength = 8
    /// Bcrypt reads only the first 72 bytes; longer passwords would silently lose their tail.
    static let maximumBytes = 72

    /// Why `password` is not acceptable, as a message for the form; `nil` when it is fine.
    static func problem(with password: String) -> String? {
        if password.count < minimumLength { return "Use at least \(minimumLength) characters." }
        if password.utf8.count > maximumBytes { return "Use at most \(maximumBytes) characters (fewer with accents or emoji)." }
        return nil
    }
}
