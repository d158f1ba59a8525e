import ServiceInterfaces
import Vapor

/// Attaches a ``BrowserSession`` to each request. It reads the database only when the request
/// carries a session cookie, so anonymous visitors cost nothing and create nothing.
package struct SessionMiddleware: AsyncMiddleware {
    package let store: any SessionStoring
    package let now: @Sendable () -> Date
    package let secureCookies: Bool

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let session = BrowserSession(store: store, now: now)
        request.browserSession = session
        if let token = request.cookies[BrowserSession.cookieName]?.string, !token.isEmpty {
            // The converter must keep working while the database is unreachable: a session that
            // cannot be read fails only the pages that need it (``SessionKnownMiddleware``).
            await session.load(token: token)
        }
        let response = try await next.respond(to: request)
        session.applyCookie(to: response, secure: secureCookies)
        return response
    }
}

/// For pages that act on who is signed in (contacts, admin, sign-in, sign-up): when the
/// visitor's session could not be read, answer with why (503 while the database is down)
/// instead of treating them as signed out and sending them to sign in.
package struct SessionKnownMiddleware: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try request.browserSession.requireReadable()
        return try await next.respond(to: request)
    }

    package init() {}
}
