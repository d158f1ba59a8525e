import Fluent
import Foundation

/// A session as a request sees it.
struct StoredSession: Sendable, Equatable {
    /// The row's key: the SHA-256 of the cookie's token.
    let tokenDigest: String
    let csrfToken: String
    let user: User?
    let flash: String?
    let expiresAt: Date
}

/// Browser sessions in the database, so any instance can serve any request. Rows are written
/// only when something changes (sign-in, sign-out, a flash message), never on every request.
struct SessionStore: Sendable {
    /// How long a signed-in session lasts.
    static let signedInLifetime: TimeInterval = 14 * 24 * 60 * 60
    /// How long a session that only carries a login form's CSRF token lasts.
    static let anonymousLifetime: TimeInterval = 2 * 60 * 60

    let database: DatabaseAccess

    /// Creates a session; returns the token for the cookie (only its digest is stored).
    func create(for user: User?, now: Date) async throws -> (token: String, session: StoredSession) {
        let token = SecureToken.generate()
        let lifetime = user == nil ? Self.anonymousLifetime : Self.signedInLifetime
        let model = SessionModel(
            tokenHash: SecureToken.digest(token), userID: user?.id, csrfToken: SecureToken.generate(),
            createdAt: now, expiresAt: now.addingTimeInterval(lifetime))
        try await database.run { try await model.create(on: $0) }
        return (token, StoredSession(tokenDigest: model.id!, csrfToken: model.csrfToken, user: user, flash: nil,
                                     expiresAt: model.expiresAt))
    }

    /// The live session for a cookie's token, with its user; `nil` if unknown or expired.
    func find(token: String, now: Date) async throws -> StoredSession? {
        guard token.count <= 64, let model = try await database.run({ database in
            try await SessionModel.query(on: database)
                .filter(\.$id == SecureToken.digest(token))
                .filter(\.$expiresAt > now)
                .with(\.$user)
                .first()
        })
        else { return nil }
        return StoredSession(tokenDigest: model.id!, csrfToken: model.csrfToken, user: try model.user?.toEntity(),
                             flash: model.flash, expiresAt: model.expiresAt)
    }

    func delete(_ tokenDigest: String) async throws {
        try await database.run { try await SessionModel.query(on: $0).filter(\.$id == tokenDigest).delete() }
    }

    func setFlash(_ message: String?, for tokenDigest: String) async throws {
        try await database.run {
            try await SessionModel.query(on: $0).filter(\.$id == tokenDigest).set(\.$flash, to: message).update()
        }
    }

    /// Removes sessions past their expiry (called now and then; expired rows are never used).
    func deleteExpired(now: Date) async throws {
        try await database.run { try await SessionModel.query(on: $0).filter(\.$expiresAt <= now).delete() }
    }
}
