import Fluent
import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("Accounts, sessions and security over HTTP on PostgreSQL")
struct AccountPageTests {
    static let admin = AppConfiguration.InitialAdmin(email: "Admin@Example.org", password: "correct-horse")

    func withApp(
        _ configuration: AppConfiguration = .forTests(initialAdmin: admin), clock: TestClock = TestClock(),
        _ test: (Application) async throws -> Void
    ) async throws {
        try await withPostgresApp(configuration: configuration, now: clock.closure, test)
    }

    func sessionCount(_ app: Application) async throws -> Int { try await SessionModel.query(on: app.db).count() }

    @Test("the first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD, stored lower-cased with a Bcrypt hash")
    func initialAdmin() async throws {
        try await withApp { app in
            let model = try #require(try await UserModel.query(on: app.db).first())
            #expect(model.email == "admin@example.org" && model.role == "admin")
            #expect(model.passwordHash.hasPrefix("$2b$") && !model.passwordHash.contains("correct-horse"))
            try await app.prepareToServe() // a restart creates nothing more
            #expect(try await UserModel.query(on: app.db).count() == 1)
        }
    }

    @Test("the login page carries a CSRF token and starts a pre-login session cookie")
    func loginPage() async throws {
        try await withApp { app in
            let browser = TestBrowser(app)
            let page = try await browser.get("/login?next=/admin/rates")
            #expect(page.status == .ok)
            #expect(page.html.contains("<title>Sign in · Currency Converter</title>"))
            #expect(page.html.contains("<label for=\"email\">Email</label>") && page.html.contains("name=\"email\""))
            #expect(page.html.contains("<label for=\"password\">Password</label>") && page.html.contains("name=\"password\""))
            #expect(page.html.contains("name=\"next\" value=\"/admin/rates\""))
            #expect(browser.lastCSRFToken != nil)
            let cookie = try #require(page.cookie(BrowserSession.cookieName))
            #expect(cookie.isHTTPOnly && cookie.sameSite == .lax && !cookie.isSecure)
            #expect(try await sessionCount(app) == 1)
        }
    }

    @Test(
        "the account field is one password managers recognise (autocomplete=username) in markup HTML allows: a text field with an email keyboard"
    )
    func accountFieldForPasswordManagers() async throws {
        try await withApp { app in
            for path in ["/login", "/signup"] {
                let html = try await TestBrowser(app).get(path).html
                let field = try #require(html.firstMatch(of: /<input id="email"[^>]*>/).map { String($0.0) }, "\(path)")
                // HTML allows autocomplete="username" on text fields only, not on type="email".
                #expect(field.contains("type=\"text\"") && field.contains("autocomplete=\"username\""), "\(path): \(field)")
                #expect(field.contains("inputmode=\"email\"") && field.contains("autocapitalize=\"none\""), "\(path): \(field)")
                #expect(field.contains("spellcheck=\"false\""), "\(path): \(field)")
            }
        }
    }

    @Test("COOKIE_SECURE=true marks the session cookie Secure")
    func secureCookie() async throws {
        try await withApp(.forTests(cookieSecure: true)) { app in
            let page = try await TestBrowser(app).get("/login")
            #expect(page.cookie(BrowserSession.cookieName)?.isSecure == true)
        }
    }

    @Test("signing in rotates the session id and goes to next; the old id is dead")
    func signInRotatesSession() async throws {
        try await withApp { app in
            let browser = TestBrowser(app)
            try await browser.get("/login")
            let before = try #require(browser.sessionCookie)
            let response = try await browser.post(
                "/login", [("email", "ADMIN@example.org"), ("password", "correct-horse"), ("next", "/admin/rates")])
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == "/admin/rates")
            let after = try #require(browser.sessionCookie)
            #expect(after != before)
            #expect(response.cookie(BrowserSession.cookieName)?.maxAge == Int(SessionLifetime.signedIn))
            #expect(try await sessionCount(app) == 1) // the pre-login row is gone

            let page = try await browser.get("/about")
            #expect(page.html.contains("admin@example.org"))
            #expect(page.html.contains(">Sign out</button>"))
            #expect(page.html.contains("href=\"/admin/rates\">Admin</a>"))

            let replay = TestBrowser(app)
            replay.setCookie(BrowserSession.cookieName, before)
            #expect(try await !replay.get("/about").html.contains("admin@example.org"))
        }
    }

    @Test("wrong password and unknown email get the same 422 answer, email kept, password not")
    func rejectedSignIn() async throws {
        try await withApp { app in
            for email in ["admin@example.org", "nobody@example.org"] {
                let browser = TestBrowser(app)
                try await browser.get("/login")
                let response = try await browser.post("/login", [("email", email), ("password", "wrong-password")])
                #expect(response.status == .unprocessableEntity)
                #expect(response.html.contains("The email or password is not right."))
                #expect(response.html.contains("value=\"\(email)\""))
                #expect(!response.html.contains("wrong-password"))
            }
        }
    }

    @Test("after 5 failures in 15 minutes: 429 with Retry-After, even for the right password, until the window passes")
    func throttling() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let browser = TestBrowser(app)
            try await browser.get("/login")
            for _ in 0..<5 {
                let failed = try await browser.post("/login", [("email", "admin@example.org"), ("password", "guess")])
                #expect(failed.status == .unprocessableEntity)
                clock.advance(by: 30)
            }
            let locked = try await browser.post("/login", [("email", "admin@example.org"), ("password", "correct-horse")])
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers.first(name: "Retry-After") == "750") // 900 s after the first failure, 150 s later
            #expect(locked.html.contains("Too many failed attempts for this email from your connection. Try again in 13 minutes."))
            // Another email is not affected; an unknown one is counted alike.
            #expect(try await browser.post("/login", [("email", "nobody@example.org"), ("password", "x")]).status == .unprocessableEntity)

            clock.advance(by: 751)
            let allowed = try await browser.post("/login", [("email", "admin@example.org"), ("password", "correct-horse")])
            #expect(allowed.status == .seeOther)
        }
    }

    static let behindProxy = AppConfiguration.forTests(
        initialAdmin: admin, trustedProxies: [IPAddressRange("127.0.0.1")!, IPAddressRange("::1")!])

    /// The app on a loopback socket, so browsers can come from different client addresses.
    func withServer(_ configuration: AppConfiguration = behindProxy, _ test: (LoopbackServer) async throws -> Void) async throws {
        try await withApp(configuration) { app in try await LoopbackServer.with(app, test) }
    }

    @Test("an attacker who fails five times cannot lock the owner out: only the attacker's client is refused")
    func lockoutAttack() async throws {
        try await withServer { server in
            let attacker = TestBrowser(server, client: "203.0.113.66")
            try await attacker.get("/login")
            for _ in 0..<5 {
                #expect(
                    try await attacker.post("/login", [("email", "admin@example.org"), ("password", "guess")]).status
                        == .unprocessableEntity)
            }
            let refused = try await attacker.post("/login", [("email", "admin@example.org"), ("password", "correct-horse")])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers.first(name: "Retry-After") == "900")

            let owner = TestBrowser(server, client: "198.51.100.20")
            try await owner.signIn("admin@example.org", "correct-horse")
            #expect(try await owner.get("/admin/rates").status == .ok)
        }
    }

    @Test("password spraying: 20 failures from one client across any emails stop that client, not others")
    func sprayingAttack() async throws {
        try await withServer { server in
            let sprayer = TestBrowser(server, client: "203.0.113.99")
            try await sprayer.get("/login")
            for index in 0..<AttemptThrottle.signInPerClient.attempts {
                let failed = try await sprayer.post("/login", [("email", "user\(index)@example.org"), ("password", "Summer2026!")])
                #expect(failed.status == .unprocessableEntity)
            }
            let refused = try await sprayer.post("/login", [("email", "admin@example.org"), ("password", "Summer2026!")])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.html.contains("Too many failed sign-ins from your connection."))
            // The real admin, from elsewhere, is not affected.
            try await TestBrowser(server, client: "198.51.100.20").signIn("admin@example.org", "correct-horse")
        }
    }

    @Test("X-Forwarded-For from a peer that is not a trusted proxy is ignored: rotating it does not evade the limit")
    func spoofedForwardedFor() async throws {
        try await withServer(.forTests(initialAdmin: Self.admin)) { server in // TRUSTED_PROXIES unset
            let failures = AttemptThrottle.signInPerClient.attempts
            for index in 0...failures {
                let browser = TestBrowser(server, client: "192.0.2.\(index)")
                try await browser.get("/login")
                let response = try await browser.post("/login", [("email", "user\(index)@example.org"), ("password", "guess")])
                #expect(response.status == (index < failures ? .unprocessableEntity : .tooManyRequests), "attempt \(index)")
            }
        }
    }

    @Test("sign-up attempts are limited per client, since sign-up says when an email is taken")
    func signupLimit() async throws {
        try await withServer { server in
            let prober = TestBrowser(server, client: "203.0.113.7")
            try await prober.get("/signup")
            for index in 0..<AttemptThrottle.signUpPerClient.attempts {
                let probe = try await prober.post(
                    "/signup",
                    [
                        ("email", "admin@example.org"), ("password", "long enough \(index)"),
                        ("password_confirmation", "long enough \(index)"),
                    ])
                #expect(probe.status == .unprocessableEntity)
                #expect(probe.html.contains("An account with this email already exists."))
            }
            let refused = try await prober.post(
                "/signup",
                [
                    ("email", "admin@example.org"), ("password", "long enough"),
                    ("password_confirmation", "long enough"),
                ])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers.first(name: "Retry-After") != nil)
            #expect(refused.html.contains("Too many sign-up attempts from your connection."))
            #expect(!refused.html.contains("already exists"))

            let newcomer = TestBrowser(server, client: "198.51.100.8")
            try await newcomer.get("/signup")
            let created = try await newcomer.post(
                "/signup",
                [
                    ("email", "new@example.org"), ("password", "long enough"),
                    ("password_confirmation", "long enough"),
                ])
            #expect(created.status == .seeOther)
        }
    }

    @Test(
        "open redirects via next are refused",
        arguments: [
            "//evil.example/", "https://evil.example/", "/\\evil.example", "%2F%2Fevil.example", "/%2f%2fevil.example",
            "javascript:alert(1)",
        ])
    func openRedirects(next: String) async throws {
        try await withApp { app in
            let browser = TestBrowser(app)
            try await browser.get("/login")
            let response = try await browser.post(
                "/login", [("email", "admin@example.org"), ("password", "correct-horse"), ("next", next)])
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == "/")
        }
    }

    @Test("logout ends the session on the server and clears the cookie")
    func logout() async throws {
        try await withApp { app in
            let browser = TestBrowser(app)
            try await browser.signIn("admin@example.org", "correct-horse")
            let token = try #require(browser.sessionCookie)
            try await browser.get("/about")
            let response = try await browser.post("/logout")
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == "/")
            #expect(response.cookie(BrowserSession.cookieName)?.string == "")
            #expect(try await sessionCount(app) == 0)
            let replay = TestBrowser(app)
            replay.setCookie(BrowserSession.cookieName, token)
            #expect(try await replay.get("/admin/rates").status == .seeOther)
        }
    }

    @Test("a POST without the session's CSRF token is refused with 403 and changes nothing")
    func csrf() async throws {
        try await withApp { app in
            // Sign-in: no token, a wrong token, a token from another session.
            let browser = TestBrowser(app)
            try await browser.get("/login")
            let form = [("email", "admin@example.org"), ("password", "correct-horse")]
            #expect(try await browser.post("/login", form, csrf: nil).status == .forbidden)
            #expect(try await browser.post("/login", form, csrf: "forged").status == .forbidden)
            let other = TestBrowser(app)
            try await other.get("/login")
            let refused = try await browser.post("/login", form, csrf: other.lastCSRFToken)
            #expect(refused.status == .forbidden)
            #expect(refused.html.contains("This form has expired or did not come from this site."))
            #expect(try await UserModel.query(on: app.db).count() == 1)

            // Sign-out and admin actions.
            try await browser.signIn("admin@example.org", "correct-horse")
            try await browser.get("/admin/rates")
            #expect(try await browser.post("/logout", csrf: nil).status == .forbidden)
            #expect(try await browser.get("/about").html.contains("admin@example.org"))
            #expect(try await browser.post("/admin/rates/refresh", csrf: nil).status == .forbidden)
            #expect(try await browser.post("/admin/rates/import-history", csrf: "x").status == .forbidden)
            #expect(try await RefreshAttemptModel.query(on: app.db).count() == 0)

            // Sign-up.
            let visitor = TestBrowser(app)
            try await visitor.get("/signup")
            let signup = [("email", "eve@example.org"), ("password", "long enough"), ("password_confirmation", "long enough")]
            #expect(try await visitor.post("/signup", signup, csrf: nil).status == .forbidden)
            #expect(try await UserModel.query(on: app.db).count() == 1)
        }
    }

    @Test("anonymous converter visits create no session rows and set no session cookie")
    func anonymousConverterIsSessionless() async throws {
        try await withApp { app in
            let browser = TestBrowser(app)
            for path in ["/", "/?from=USD&to=EUR&amount=5", "/about"] {
                let page = try await browser.get(path)
                #expect(page.cookie(BrowserSession.cookieName) == nil)
                #expect(page.html.contains(">Sign in</a>"))
            }
            let convert = try await browser.post("/convert", [("from", "USD"), ("to", "EUR"), ("amount", "5")], csrf: nil)
            #expect(convert.status == .seeOther)
            #expect(try await browser.post("/swap", [("from", "USD"), ("to", "EUR"), ("amount", "5")], csrf: nil).status == .seeOther)
            #expect(try await sessionCount(app) == 0)
        }
    }

    @Test("a stale or forged session cookie is simply signed out")
    func forgedCookie() async throws {
        try await withApp { app in
            let browser = TestBrowser(app)
            browser.setCookie(BrowserSession.cookieName, "forged-token")
            let page = try await browser.get("/")
            #expect(page.status == .ok)
            #expect(page.html.contains(">Sign in</a>"))
        }
    }

    @Test("sessions expire")
    func expiry() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let browser = TestBrowser(app)
            try await browser.signIn("admin@example.org", "correct-horse")
            clock.advance(by: SessionLifetime.signedIn + 1)
            #expect(try await browser.get("/admin/rates").status == .seeOther)
        }
    }

    @Test("every response carries the security headers, error pages and static files included")
    func securityHeaders() async throws {
        try await withApp { app in
            for path in ["/", "/about", "/login", "/no-such-page", "/css/app.css", "/healthz"] {
                let response = try await TestBrowser(app).get(path)
                let csp = try #require(response.headers.first(name: "Content-Security-Policy"), "\(path)")
                #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"))
                #expect(csp.contains("frame-ancestors 'none'"))
                #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
                #expect(response.headers.first(name: "Referrer-Policy") == "same-origin")
            }
        }
    }

    @Test("pages have no inline scripts or styles, so the policy holds")
    func noInlineScripts() async throws {
        try await withApp { app in
            let browser = TestBrowser(app)
            try await browser.signIn("admin@example.org", "correct-horse")
            for path in ["/", "/?from=USD&to=EUR&amount=5", "/about", "/admin/rates", "/no-such-page", "/rates/USD/EUR", "/contacts"] {
                let html = try await browser.get(path).html
                // Scripts only as files from this site.
                #expect(
                    html.matches(of: /<script/).count == html.matches(of: /<script src="\/js\/[a-z-]+\.js" defer><\/script>/).count,
                    "\(path)")
                #expect(!html.contains(" style=\""), "\(path)")
                #expect(!html.contains(" onclick="), "\(path)")
            }
        }
    }
}

@Suite("Sign-up over HTTP on PostgreSQL")
struct SignupPageTests {
    @Test("creates a user account, signs it in, and goes on")
    func signUp() async throws {
        try await withPostgresApp(configuration: .forTests()) { app in
            let browser = TestBrowser(app)
            let page = try await browser.get("/signup?next=/about")
            #expect(page.status == .ok)
            #expect(page.html.contains("<label for=\"password_confirmation\">"))
            let response = try await browser.post(
                "/signup",
                [
                    ("email", "Eve@Example.org"), ("password", "long enough"), ("password_confirmation", "long enough"), ("next", "/about"),
                ])
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == "/about")
            let user = try #require(try await UserModel.query(on: app.db).filter(\.$email == "eve@example.org").first())
            #expect(user.role == "user")
            #expect(try await browser.get("/about").html.contains("eve@example.org"))
            // A user is not an admin.
            #expect(try await browser.get("/admin/rates").status == .forbidden)
        }
    }

    @Test("invalid sign-ups: 422 with the message at the field; no account")
    func invalid() async throws {
        try await withPostgresApp(configuration: .forTests(initialAdmin: AccountPageTests.admin)) { app in
            let cases: [([(String, String)], String)] = [
                ([("email", "nope"), ("password", "long enough"), ("password_confirmation", "long enough")], "email-error"),
                (
                    [("email", "ADMIN@example.org"), ("password", "long enough"), ("password_confirmation", "long enough")],
                    "already exists"
                ),
                ([("email", "eve@example.org"), ("password", "short"), ("password_confirmation", "short")], "password-error"),
                (
                    [("email", "eve@example.org"), ("password", "long enough"), ("password_confirmation", "different!")],
                    "password-confirmation-error"
                ),
            ]
            for (form, marker) in cases {
                let browser = TestBrowser(app)
                try await browser.get("/signup")
                let response = try await browser.post("/signup", form)
                #expect(response.status == .unprocessableEntity, "\(form)")
                #expect(response.html.contains(marker), "\(form)")
                #expect(!response.html.contains("long enough") && !response.html.contains("different!"))
            }
            #expect(try await UserModel.query(on: app.db).count() == 1)
        }
    }

    @Test("ALLOW_SIGNUP=false closes sign-up with a clear 403, and the login page stops offering it")
    func closed() async throws {
        try await withPostgresApp(configuration: .forTests(allowSignup: false)) { app in
            let browser = TestBrowser(app)
            let page = try await browser.get("/signup")
            #expect(page.status == .forbidden)
            #expect(page.html.contains("New accounts cannot be created on this server."))
            let login = try await browser.get("/login").html
            #expect(!login.contains("/signup") && !login.contains("Create an account") && !login.contains("href=\"\""))
            let response = try await browser.post(
                "/signup", [("email", "eve@example.org"), ("password", "long enough"), ("password_confirmation", "long enough")])
            #expect(response.status == .forbidden)
            #expect(try await UserModel.query(on: app.db).count() == 0)
        }
    }
}
