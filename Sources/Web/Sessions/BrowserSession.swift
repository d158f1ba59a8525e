import Core
import NIOConcurrencyHelpers
import ServiceInterfaces
import Vapor

/// This request's session: who is signed in, the CSRF token for forms, and the changes to make
/// to the session cookie on the way out. Views use it; interactors only ever see a `User?`.
package final class BrowserSession: Sendable {
    package static let cookieName = "cc_session"

    private struct State {
        var current: StoredSession?
        /// `.some(nil)` clears the cookie; `.some(token)` sets it.
        var cookieToken: String??
        /// Why the cookie's session could not be read (the database is down): who this is, is unknown.
        var readFailure: (any Error)?
    }

    private let store: any SessionStoring
    private let now: @Sendable () -> Date
    private let state = NIOLockedValueBox(State())

    package init(store: any SessionStoring, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    package var current: StoredSession? { state.withLockedValue { $0.current } }
    package var user: User? { current?.user }
    /// The request carried a session cookie that could not be read.
    package var isUnreadable: Bool { state.withLockedValue { $0.readFailure != nil } }

    /// Loads the session named by the request's cookie, if it is live. If it cannot be read,
    /// the visitor counts as signed out for pages that do not care (the converter), and
    /// ``requireReadable()`` fails for pages that do.
    package func load(token: String) async {
        do {
            let found = try await store.find(token: token, now: now())
            state.withLockedValue { $0.current = found }
        } catch {
            state.withLockedValue { $0.readFailure = error }
        }
    }

    /// Throws why the session could not be read (a 503 while the database is down), so that a
    /// page acting on who is signed in never mistakes an outage for a signed-out visitor.
    package func requireReadable() throws {
        if let failure = state.withLockedValue({ $0.readFailure }) { throw failure }
    }

    /// The session, creating an anonymous one (for a login form's CSRF token) if there is none.
    @discardableResult
    package func ensure() async throws -> StoredSession {
        try requireReadable()
        if let current { return current }
        let (token, session) = try await store.create(for: nil, now: now())
        state.withLockedValue { $0 = State(current: session, cookieToken: .some(token)) }
        return session
    }

    /// Signs `user` in with a brand-new session id; the old session row is deleted, so an id
    /// planted before sign-in (session fixation) is worthless after it.
    package func signIn(_ user: User) async throws {
        if let old = current { try await store.delete(old.tokenDigest) }
        let (token, session) = try await store.create(for: user, now: now())
        state.withLockedValue { $0 = State(current: session, cookieToken: .some(token)) }
        // Sweep expired sessions now and then: sign-in is rare enough to carry the cost.
        try? await store.deleteExpired(now: now())
    }

    /// Ends the session on the server and clears the cookie.
    package func signOut() async throws {
        if let old = current { try await store.delete(old.tokenDigest) }
        state.withLockedValue { $0 = State(current: nil, cookieToken: .some(nil)) }
    }

    /// A one-time message for the next page this browser shows. Best effort: it reports a
    /// change already made, so failing to store it (the database going away at that moment)
    /// must not turn the answer into an error page that invites the visitor to do it again.
    package func flash(_ flash: Flash, logger: Logger) async {
        do {
            let session = try await ensure()
            try await store.setFlash(flash, for: session.tokenDigest)
        } catch {
            logger.warning("Could not store the message “\(flash.message)” for the next page: \(String(describing: error))")
        }
    }

    /// The pending flash message, removed as it is read.
    package func takeFlash() async throws -> Flash? {
        guard let session = current, let flash = session.flash else { return nil }
        try await store.setFlash(nil, for: session.tokenDigest)
        return flash
    }

    /// Sets or clears the cookie if this request changed the session.
    package func applyCookie(to response: Response, secure: Bool) {
        guard let change = state.withLockedValue({ $0.cookieToken }) else { return }
        if let token = change {
            let lifetime = current?.user == nil ? SessionLifetime.anonymous : SessionLifetime.signedIn
            response.cookies[Self.cookieName] = HTTPCookies.Value(
                string: token, maxAge: Int(lifetime), path: "/", isSecure: secure, isHTTPOnly: true, sameSite: .lax)
        } else {
            response.cookies[Self.cookieName] = HTTPCookies.Value(
                string: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", isSecure: secure,
                isHTTPOnly: true, sameSite: .lax)
        }
    }
}

extension Request {
    private struct BrowserSessionKey: StorageKey {
        typealias Value = BrowserSession
    }

    /// Set by ``SessionMiddleware`` for every request it sees (every route).
    package var browserSession: BrowserSession {
        get {
            guard let session = storage[BrowserSessionKey.self] else { fatalError("SessionMiddleware is not installed") }
            return session
        }
        set { storage[BrowserSessionKey.self] = newValue }
    }

    /// The session if ``SessionMiddleware`` has run: error pages raised before it (a static
    /// file that failed) have none.
    package var browserSessionIfAttached: BrowserSession? { storage[BrowserSessionKey.self] }

    package var currentUser: User? { browserSessionIfAttached?.user }
}
