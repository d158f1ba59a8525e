import Fluent
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Input at the door, health endpoints and database outages, over HTTP on PostgreSQL")
struct BoundaryPageTests {
    /// An app with an admin signed in through the real form, who has opened the add-contact form.
    func withSignedInAdmin(_ test: (Application, TestBrowser) async throws -> Void) async throws {
        try await withPostgresApp(configuration: .forTests(initialAdmin: .init(email: "admin@example.org", password: "correct-horse"))) {
            app in
            let browser = TestBrowser(app)
            try await browser.signIn("admin@example.org", "correct-horse")
            try await browser.get("/contacts/new")
            try await test(app, browser)
        }
    }

    func send(
        _ app: Application, _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:],
        body: String? = nil
    ) async throws -> TestingHTTPResponse {
        try await app.testing().performTest(
            request: TestingHTTPRequest(
                method: method, url: URI(string: path), headers: headers, body: ByteBuffer(string: body ?? "")))
    }

    @Test(
        "oversized, malformed and hostile requests get a clear 4xx page, never a 500",
        arguments: [
            ("GET", "/?amount=" + String(repeating: "9", count: 9000), 414, "The address is too long"),
            ("GET", "/?from=USD&from=EUR&amount=1", 400, "The parameter “from” is given more than once"),
            ("GET", "/?from[]=USD", 400, "Parameters like “from[]” are not accepted"),
            ("GET", "/?amount=%00", 400, "control characters"),
            ("GET", "/?amount=%ED%A0%80", 400, "not valid UTF-8"),
            ("GET", "/contacts%00", 400, "The address contains characters that are not allowed"),
            ("GET", "/css/app.css%00.html", 400, "The address contains characters that are not allowed"),
            ("GET", "/x%0a%5B%20CRITICAL%20%5D", 400, "The address contains characters that are not allowed"),
        ])
    func refused(method: String, path: String, status: Int, message: String) async throws {
        try await withPostgresApp { app in
            let response = try await send(app, HTTPMethod(rawValue: method), path)
            #expect(Int(response.status.code) == status)
            #expect(response.headers.contentType == .html)
            #expect(response.body.string.contains(message))
        }
    }

    @Test("the API refuses the same way, as problem documents")
    func apiRefusals() async throws {
        try await withPostgresApp { app in
            let response = try await send(app, .GET, "/api/v1/convert?from=USD&to=EUR&to=JPY&amount=1")
            #expect(response.status == .badRequest)
            #expect(response.headers.first(name: .contentType) == "application/problem+json; charset=utf-8")
            #expect(response.body.string.contains("The parameter “to” is given more than once"))
        }
    }

    @Test("headers over 16 KB are a 431; a form over 64 KB a 413")
    func sizes() async throws {
        try await withPostgresApp { app in
            let big = try await send(app, .GET, "/", headers: ["X-Padding": String(repeating: "b", count: 17_000)])
            #expect(big.status == .requestHeaderFieldsTooLarge)
            let form = try await send(
                app, .POST, "/convert", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: "amount=1&from=USD&to=EUR&x=" + String(repeating: "x", count: 70_000))
            #expect(form.status == .payloadTooLarge)
            #expect(form.body.string.contains("The form is too large (at most 64 KB)."))
        }
    }

    @Test("a compressed form (Content-Encoding: gzip) is a clear 415: request bodies are never inflated, so none can be a bomb")
    func compressedForms() async throws {
        try await withPostgresApp { app in
            // The gzip of "from=USD&to=EUR&amount=5"
            let gzipped = Data(base64Encoded: "H4sIAAAAAAACA0srys+1DQ12USvJt3UNDVJLzM0vzSuxNQUApROYPBgAAAA=")!
            let response = try await app.testing().performTest(
                request: TestingHTTPRequest(
                    method: .POST, url: URI(string: "/convert"),
                    headers: ["Content-Type": "application/x-www-form-urlencoded", "Content-Encoding": "gzip"],
                    body: ByteBuffer(data: gzipped)))
            #expect(response.status == .unsupportedMediaType)
            #expect(response.body.string.contains("Forms are sent uncompressed; a Content-Encoding such as gzip is not accepted."))
            // "identity" is no encoding at all.
            let plain = try await send(
                app, .POST, "/convert", headers: ["Content-Type": "application/x-www-form-urlencoded", "Content-Encoding": "identity"],
                body: "from=USD&to=EUR&amount=5")
            #expect(plain.status == .seeOther)
        }
    }

    @Test("GET and POST read repeated parameters by the same rule")
    func oneRule() async throws {
        try await withPostgresApp { app in
            let get = try await send(app, .GET, "/?from=USD&to=EUR&amount=1&amount=2")
            let post = try await send(
                app, .POST, "/convert", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: "from=USD&to=EUR&amount=1&amount=2")
            #expect(get.status == .badRequest && post.status == .badRequest)
            #expect(
                get.body.string.contains("“amount” is given more than once")
                    && post.body.string.contains("“amount” is given more than once"))
        }
    }

    @Test("/health/live always answers; /health/ready says whether the database and rates are there")
    func health() async throws {
        try await withPostgresApp { app in
            #expect(try await send(app, .GET, "/health/live").body.string == "ok")
            #expect(try await send(app, .GET, "/healthz").body.string == "ok")
            let ready = try await send(app, .GET, "/health/ready")
            #expect(ready.status == .ok)
            #expect(ready.body.string == #"{"database":"ok","draining":false,"rates":"ok: blend of 2025-05-09","ready":true}"#)
            app.appServices.draining.set()
            let draining = try await send(app, .GET, "/health/ready")
            #expect(draining.status == .serviceUnavailable && draining.body.string.contains(#""draining":true"#))
            app.appServices.database.health.close()
            let stopping = try await send(app, .GET, "/health/ready")
            #expect(stopping.status == .serviceUnavailable && stopping.headers.first(name: "Retry-After") == "5")
            #expect(stopping.body.string.contains(#""database":"unavailable: the app is shutting down""#))
            #expect(try await send(app, .GET, "/health/live").status == .ok)
        }
        try await withPostgresApp(.emptyStore) { app in
            let ready = try await send(app, .GET, "/health/ready")
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.body.string.contains(#""rates":"none loaded""#))
        }
    }

    @Test("with the database unavailable, a signed-in visitor gets 503s, not the sign-in page; the converter still works")
    func outage() async throws {
        try await withSignedInAdmin { app, browser in
            app.appServices.database.health.close() // as after a failure: every database call refused

            for path in ["/contacts", "/contacts/new", "/admin/rates", "/login", "/signup"] {
                let page = try await browser.get(path)
                #expect(page.status == .serviceUnavailable, "\(path)")
                #expect(page.headers.first(name: "Retry-After") == "5")
                #expect(page.html.contains("The database is not answering right now"))
            }
            let form = try await browser.post("/contacts", [("first_name", "Lost")])
            #expect(form.status == .serviceUnavailable)
            let converter = try await browser.get("/?from=USD&to=EUR&amount=100")
            #expect(converter.status == .ok)
            #expect(converter.html.contains("Accounts unavailable"))
            #expect(!converter.html.contains(">Sign in<"))
            // Someone without a session can still convert, and is told sign-in is unavailable.
            #expect(try await TestBrowser(app).get("/login").status == .serviceUnavailable)
        }
    }

    @Test("a change that was made is answered as made, even if its flash message cannot be stored")
    func flashIsBestEffort() async throws {
        try await withSignedInAdmin { app, browser in
            // From here the database refuses to update sessions, as a server shutting down would.
            let sql = app.db as! any SQLDatabase
            try await sql.raw(
                """
                CREATE FUNCTION refuse_session_updates() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'shutting down' USING ERRCODE = '57P01'; END $$
                """
            ).run()
            try await sql.raw("CREATE TRIGGER refuse BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_session_updates()")
                .run()

            let saved = try await browser.post("/contacts", [("first_name", "Kept")])
            #expect(saved.status == .seeOther)
            #expect(try await ContactModel.query(on: app.db).filter(\.$firstName == "Kept").count() == 1)
        }
    }
}
