import Core
import Foundation
import NIOConcurrencyHelpers
import ServiceInterfaces

/// Sessions kept in memory, as the database keeps them (only a token's digest is a key), so the
/// web layer's sessions and CSRF check are tested without a database. `failing` makes every
/// call throw what a database that is down throws (``DatabaseUnavailable``).
final class InMemorySessions: SessionStoring {
    private let sessions = NIOLockedValueBox<[String: StoredSession]>([:])
    let failing = NIOLockedValueBox(false)

    var count: Int { sessions.withLockedValue { $0.count } }

    func create(for user: User?, now: Date) async throws -> (token: String, session: StoredSession) {
        try check()
        let token = SecureToken.generate()
        let session = StoredSession(
            tokenDigest: "digest-" + token, csrfToken: SecureToken.generate(), user: user, flash: nil,
            expiresAt: now.addingTimeInterval(user == nil ? SessionLifetime.anonymous : SessionLifetime.signedIn))
        sessions.withLockedValue { $0[session.tokenDigest] = session }
        return (token, session)
    }

    func find(token: String, now: Date) async throws -> StoredSession? {
        try check()
        return sessions.withLockedValue { $0["digest-" + token] }.flatMap { $0.expiresAt > now ? $0 : nil }
    }

    func delete(_ tokenDigest: String) async throws {
        try check()
        sessions.withLockedValue { $0[tokenDigest] = nil }
    }

    func setFlash(_ flash: Flash?, for tokenDigest: String) async throws {
        try check()
        sessions.withLockedValue { sessions in
            guard let old = sessions[tokenDigest] else { return }
            sessions[tokenDigest] = StoredSession(
                tokenDigest: old.tokenDigest, csrfToken: old.csrfToken, user: old.user, flash: flash, expiresAt: old.expiresAt)
        }
    }

    func deleteExpired(now: Date) async throws {
        try check()
        sessions.withLockedValue { $0 = $0.filter { $0.value.expiresAt > now } }
    }

    private func check() throws {
        if failing.withLockedValue({ $0 }) { throw DatabaseUnavailable(.unreachable) }
    }
}
