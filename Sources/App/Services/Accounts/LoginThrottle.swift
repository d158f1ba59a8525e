import Fluent
import Foundation

/// Slows password guessing: after `maxFailures` failed sign-ins for one email within `window`,
/// that email is refused until the window has passed. Counted in the database, so every
/// instance agrees, and per email whether or not an account has it (so refusals reveal nothing).
struct LoginThrottle: Sendable {
    static let maxFailures = 5
    static let window: TimeInterval = 15 * 60

    let database: @Sendable () -> any Database

    /// Seconds until `email` may try again, or `nil` if it may try now.
    func retryAfter(email: String, now: Date) async throws -> TimeInterval? {
        let recent = try await LoginFailureModel.query(on: database())
            .filter(\.$email == EmailAddress.normalized(email))
            .filter(\.$failedAt > now.addingTimeInterval(-Self.window))
            .sort(\.$failedAt, .descending)
            .range(..<Self.maxFailures)
            .all()
        guard recent.count >= Self.maxFailures, let oldest = recent.last else { return nil }
        // Refused until the oldest of the last five failures leaves the window.
        return max(1, oldest.failedAt.addingTimeInterval(Self.window).timeIntervalSince(now))
    }

    func recordFailure(email: String, at now: Date) async throws {
        let email = EmailAddress.normalized(email)
        try await LoginFailureModel(email: email, failedAt: now).create(on: database())
        try await LoginFailureModel.query(on: database())
            .filter(\.$email == email).filter(\.$failedAt < now.addingTimeInterval(-Self.window)).delete()
    }

    /// A successful sign-in forgives earlier failures.
    func reset(email: String) async throws {
        try await LoginFailureModel.query(on: database()).filter(\.$email == EmailAddress.normalized(email)).delete()
    }
}
