import Core
import Foundation
import ServiceInterfaces
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import Web

/// The session a request carries and the CSRF check on its forms, over HTTP with sessions in
/// memory (``InMemorySessions``): no app and no database.
@Suite("Sessions and CSRF: a cookie for a session, a token per form, nothing changed without it")
struct SessionTests {
    static let user = User(id: UUID(), email: "ann@example.org", role: .user, createdAt: testNow)

    func withSessions(_ test: (Application, InMemorySessions) async throws -> Void) async throws {
        _ = quietTestLogs
        let sessions = InMemorySessions()
        let app = try await Application.make(.testing)
        do {
            app.middleware = Middlewares()
            app.middleware.use(ErrorMiddleware.default(environment: .testing))
            app.middleware.use(RequestInputMiddleware(streamedUploads: []))
            app.middleware.use(SessionMiddleware(store: sessions, now: { testNow }, secureCookies: false))
            app.get("form") { request async throws -> String in try await request.browserSession.ensure().csrfToken }
            app.get("who") { request -> String in request.currentUser?.email ?? "nobody" }
            app.post("sign-in") { request async throws -> HTTPStatus in
                try await request.browserSession.signIn(Self.user)
                return .noContent
            }
            app.grouped(CSRFMiddleware()).post("change") { _ in "changed" }
            try await test(app, sessions)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    static func cookie(_ response: TestingHTTPResponse) -> String? {
        response.headers.setCookie?[BrowserSession.cookieName]?.string
    }

    @Test("an anonymous visit makes no session; a form makes one, in an HttpOnly cookie that lasts two hours")
    func anonymousAndForm() async throws {
        try await withSessions { app, sessions in
            try await app.testing().test(.GET, "who") { response in
                #expect(response.body.string == "nobody" && Self.cookie(response) == nil)
            }
            #expect(sessions.count == 0)
            try await app.testing().test(.GET, "form") { response in
                let cookie = try #require(response.headers.setCookie?[BrowserSession.cookieName])
                #expect(cookie.isHTTPOnly && cookie.maxAge == Int(SessionLifetime.anonymous) && cookie.sameSite == .lax)
                #expect(!response.body.string.isEmpty)
            }
            #expect(sessions.count == 1)
        }
    }

    @Test("a form is refused without its session's token (403), and accepted with it")
    func csrf() async throws {
        try await withSessions { app, _ in
            var cookie = "", token = ""
            try await app.testing().test(.GET, "form") { response in
                cookie = try #require(Self.cookie(response))
                token = response.body.string
            }
            let headers: HTTPHeaders = [
                "Cookie": "\(BrowserSession.cookieName)=\(cookie)", "Content-Type": "application/x-www-form-urlencoded",
            ]
            for body in ["", "csrf_token=forged", "other=\(token)"] {
                try await app.testing().test(.POST, "change", headers: headers, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .forbidden, "\(body)")
                    #expect(response.body.string.contains("This form has expired"))
                }
            }
            try await app.testing().test(.POST, "change", headers: headers, body: ByteBuffer(string: "csrf_token=\(token)")) { response in
                #expect(response.status == .ok && response.body.string == "changed")
            }
            // Without a session at all: refused too.
            try await app.testing().test(
                .POST, "change", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "csrf_token=\(token)")
            ) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test("signing in replaces the session (a planted id is worthless after it), for two weeks")
    func signInReplacesTheSession() async throws {
        try await withSessions { app, sessions in
            var planted = ""
            try await app.testing().test(.GET, "form") { response in planted = try #require(Self.cookie(response)) }
            var fresh = ""
            try await app.testing().test(.POST, "sign-in", headers: ["Cookie": "\(BrowserSession.cookieName)=\(planted)"]) { response in
                let cookie = try #require(response.headers.setCookie?[BrowserSession.cookieName])
                fresh = cookie.string
                #expect(fresh != planted && cookie.maxAge == Int(SessionLifetime.signedIn))
            }
            #expect(sessions.count == 1)
            try await app.testing().test(.GET, "who", headers: ["Cookie": "\(BrowserSession.cookieName)=\(planted)"]) { response in
                #expect(response.body.string == "nobody")
            }
            try await app.testing().test(.GET, "who", headers: ["Cookie": "\(BrowserSession.cookieName)=\(fresh)"]) { response in
                #expect(response.body.string == Self.user.email)
            }
        }
    }

    @Test("a session that cannot be read (the store is down) is a 503 to retry for a form, not a forged one")
    func unreadableSession() async throws {
        try await withSessions { app, sessions in
            var cookie = "", token = ""
            try await app.testing().test(.GET, "form") { response in
                cookie = try #require(Self.cookie(response))
                token = response.body.string
            }
            sessions.failing.withLockedValue { $0 = true }
            let headers: HTTPHeaders = [
                "Cookie": "\(BrowserSession.cookieName)=\(cookie)", "Content-Type": "application/x-www-form-urlencoded",
            ]
            // A page that does not care still answers; the form's check says why it cannot.
            try await app.testing().test(.GET, "who", headers: headers) { response in #expect(response.body.string == "nobody") }
            try await app.testing().test(.POST, "change", headers: headers, body: ByteBuffer(string: "csrf_token=\(token)")) { response in
                #expect(response.status == .serviceUnavailable && response.headers.first(name: .retryAfter) != nil)
            }
        }
    }
}
