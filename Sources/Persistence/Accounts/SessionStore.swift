import Core
import Crypto
import Fluent
import Foundation
import SQLKit
import ServiceInterfaces

/// Browser sessions in the database, so any instance can serve any request. Rows are written
/// only when something changes (sign-in, sign-out, a flash message), never on every request;
/// reads go through this instance's ``SessionCache`` when it has one.
package struct SessionStore: SessionStoring {
    package let database: DatabaseAccess
    /// `nil`: every lookup reads the database.
    package let cache: SessionCache?

    /// Creates a session; returns the token for the cookie (only its digest is stored).
    package func create(for user: User?, now: Date) async throws -> (token: String, session: StoredSession) {
        let token = SecureToken.generate()
        let lifetime = user == nil ? SessionLifetime.anonymous : SessionLifetime.signedIn
        let model = SessionModel(
            tokenHash: Self.digest(token), userID: user?.id, csrfToken: SecureToken.generate(),
            createdAt: now, expiresAt: now.addingTimeInterval(lifetime))
        try await database.run { try await model.create(on: $0) }
        return (
            token,
            StoredSession(
                tokenDigest: model.id!, csrfToken: model.csrfToken, user: user, flash: nil,
                expiresAt: model.expiresAt)
        )
    }

    /// The live session for a cookie's token, with its user; `nil` if unknown or expired. One
    /// query (the session joined to its user), or none when the cache has it.
    package func find(token: String, now: Date) async throws -> StoredSession? {
        guard token.count <= 64 else { return nil }
        let digest = Self.digest(token)
        if let cached = cache?.session(digest, now: now) { return cached }
        let ticket = cache?.ticket()
        let found = try await database.run { try await Self.fetch(digest, now: now, on: $0) }
        if let found, let ticket { cache?.store(found, ticket: ticket, now: now) }
        return found
    }

    private static func fetch(_ digest: String, now: Date, on database: any Database) async throws -> StoredSession? {
        guard
            let row = try await (database as! any SQLDatabase).raw(
                """
                SELECT s.csrf_token, s.flash, s.flash_kind, s.expires_at, u.id AS user_id, u.email, u.role, u.created_at
                FROM \(ident: SessionModel.schema) s LEFT JOIN \(ident: UserModel.schema) u ON u.id = s.user_id
                WHERE s.id = \(bind: digest) AND s.expires_at > \(bind: now)
                """
            ).first()
        else { return nil }
        var user: User?
        if let id = try row.decodeNil(column: "user_id") ? nil : row.decode(column: "user_id", as: UUID.self) {
            let role = try row.decode(column: "role", as: String.self)
            guard let role = User.Role(rawValue: role) else {
                throw PersistenceError.corruptRow("users \(id.uuidString) has role \(role)")
            }
            user = User(
                id: id, email: try row.decode(column: "email", as: String.self), role: role,
                createdAt: try row.decode(column: "created_at", as: Date?.self) ?? .distantPast)
        }
        return StoredSession(
            tokenDigest: digest, csrfToken: try row.decode(column: "csrf_token", as: String.self), user: user,
            flash: try Self.flash(row),
            expiresAt: try row.decode(column: "expires_at", as: Date.self))
    }

    private static func flash(_ row: any SQLRow) throws -> Flash? {
        guard let message = try row.decode(column: "flash", as: String?.self) else { return nil }
        let kind = try row.decode(column: "flash_kind", as: String?.self).flatMap(Flash.Kind.init(rawValue:))
        return Flash(kind: kind ?? .success, message: message)
    }

    package func delete(_ tokenDigest: String) async throws {
        defer { cache?.evict(tokenDigest) }
        try await database.run { try await SessionModel.query(on: $0).filter(\.$id == tokenDigest).delete() }
    }

    package func setFlash(_ flash: Flash?, for tokenDigest: String) async throws {
        defer { cache?.evict(tokenDigest) }
        try await database.run {
            try await SessionModel.query(on: $0).filter(\.$id == tokenDigest)
                .set(\.$flash, to: flash?.message).set(\.$flashKind, to: flash?.kind.rawValue).update()
        }
    }

    /// Removes sessions past their expiry (called now and then; expired rows are never used).
    package func deleteExpired(now: Date) async throws {
        try await database.run { try await SessionModel.query(on: $0).filter(\.$expiresAt <= now).delete() }
    }

    /// Hex SHA-256 of `token`: what the database keeps instead of the token itself.
    static func digest(_ token: String) -> String {
        SecureToken.hex(SHA256.hash(data: Data(token.utf8)))
    }
}
