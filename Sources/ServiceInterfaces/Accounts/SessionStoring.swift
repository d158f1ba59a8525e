import Core
import Foundation

/// A session as a request sees it.
package struct StoredSession: Sendable, Equatable {
    /// The row's key: the SHA-256 of the cookie's token.
    package let tokenDigest: String
    package let csrfToken: String
    package let user: User?
    package let flash: Flash?
    package let expiresAt: Date

    package init(tokenDigest: String, csrfToken: String, user: User?, flash: Flash?, expiresAt: Date) {
        self.tokenDigest = tokenDigest
        self.csrfToken = csrfToken
        self.user = user
        self.flash = flash
        self.expiresAt = expiresAt
    }
}

/// How long sessions last.
package enum SessionLifetime {
    /// A signed-in session.
    package static let signedIn: TimeInterval = 14 * 24 * 60 * 60
    /// A session that only carries a form's CSRF token.
    package static let anonymous: TimeInterval = 2 * 60 * 60
}

/// Browser sessions where every instance can read them (the database's `SessionStore`; the web
/// layer's tests keep them in memory). Only the digest of a cookie's token is ever stored.
package protocol SessionStoring: Sendable {
    /// Creates a session; returns the token for the cookie.
    func create(for user: User?, now: Date) async throws -> (token: String, session: StoredSession)
    /// The live session for a cookie's token, with its user; `nil` if unknown or expired.
    func find(token: String, now: Date) async throws -> StoredSession?
    func delete(_ tokenDigest: String) async throws
    func setFlash(_ flash: Flash?, for tokenDigest: String) async throws
    /// Removes sessions past their expiry (now and then; an expired one is never used).
    func deleteExpired(now: Date) async throws
}
