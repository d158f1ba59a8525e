import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Web

/// The alerts page over HTTP on PostgreSQL: signed in only, forms behind the CSRF check, each
/// user's own watches and feed, refused webhook addresses, and the feed at its rotatable address.
@Suite("Rate alerts: the page, its forms and the feed")
struct AlertsPagesTests {
    static func signedUp(_ app: Application, _ email: String) async throws -> TestBrowser {
        let browser = TestBrowser(app)
        try await browser.get("/signup")
        let response = try await browser.post(
            "/signup", [("email", email), ("password", "long enough"), ("password_confirmation", "long enough")])
        #expect(response.status == .seeOther)
        return browser
    }

    static func watch(_ value: String = "2", webhook: String = "") -> [(String, String)] {
        [("from", "USD"), ("to", "EUR"), ("source", "blend"), ("kind", "above"), ("value", value), ("webhook_url", webhook)]
    }

    @Test("a watch set, listed with its secret and condition, deleted; only by its owner, only with the form's token")
    func ownersOnly() async throws {
        try await withPostgresApp { app in
            let signedOut = try await TestBrowser(app).get("/alerts")
            #expect(signedOut.status == .seeOther && signedOut.headers.first(name: .location) == "/login?next=/alerts")
            let eve = try await Self.signedUp(app, "eve@example.org")
            #expect(try await eve.get("/alerts").status == .ok)
            // No token, no watch.
            #expect(try await eve.post("/alerts", Self.watch(), csrf: nil).status == .forbidden)
            let set = try await eve.post("/alerts", Self.watch("1.5"))
            #expect(set.status == .seeOther && set.headers.first(name: .location) == "/alerts")
            let page = try await eve.get("/alerts")
            #expect(page.html.contains("The alert is set.") && page.html.contains("When the rate rises to 1.5 or above"))
            #expect(page.headers.first(name: .cacheControl) == "no-store")
            let id = try #require(page.html.firstMatch(of: /action="\/alerts\/([0-9a-f-]{36})\/delete"/)?.1)

            let mallory = try await Self.signedUp(app, "mallory@example.org")
            try await mallory.get("/alerts")
            #expect(try await mallory.post("/alerts/\(id)/delete").status == .notFound)
            #expect(try await mallory.post("/alerts/\(id)/resume").status == .notFound)
            #expect(try await mallory.post("/alerts/not-a-uuid/delete").status == .notFound)
            let mallorys = try await mallory.get("/alerts").html
            #expect(!mallorys.contains(String(id)))
            #expect(try await eve.get("/alerts").html.contains(String(id)), "still Eve's")
            #expect(try await eve.post("/alerts/\(id)/delete", csrf: nil).status == .forbidden)
            #expect(try await eve.post("/alerts/\(id)/delete").status == .seeOther)
            #expect(try await eve.get("/alerts").html.contains("No alerts yet."))
        }
    }

    @Test("webhooks to loopback and the metadata address are refused; bad figures and unknown currencies say why")
    func refusals() async throws {
        try await withPostgresApp { app in
            let eve = try await Self.signedUp(app, "eve@example.org")
            try await eve.get("/alerts")
            for (address, shown) in [
                ("http://127.0.0.1:9000/hook", "127.0.0.1"), ("http://169.254.169.254/latest/meta-data", "169.254.169.254"),
                ("http://localhost/", "127.0.0.1"),
            ] {
                let refused = try await eve.post("/alerts", Self.watch(webhook: address))
                #expect(refused.status == .unprocessableEntity, "\(address)")
                #expect(refused.html.contains("Webhooks may not go to \(shown)"), "\(address)")
            }
            let malformed = try await eve.post("/alerts", Self.watch(webhook: "ftp://example.org/x"))
            #expect(malformed.status == .unprocessableEntity && malformed.html.contains("Enter an http or https address"))
            let zero = try await eve.post("/alerts", Self.watch("0"))
            #expect(zero.status == .unprocessableEntity && zero.html.contains("a number above zero"))
            var unknown = Self.watch()
            unknown[0] = ("from", "<script>")
            let hostile = try await eve.post("/alerts", unknown)
            #expect(hostile.status == .unprocessableEntity && !hostile.html.contains("<script>"))
            #expect(try await eve.get("/alerts").html.contains("No alerts yet."))
        }
    }

    @Test("the feed at its own address, readable without a session; a new address ends the old one; any other token is a 404")
    func feed() async throws {
        try await withPostgresApp { app in
            let eve = try await Self.signedUp(app, "eve@example.org")
            let page = try await eve.get("/alerts")
            let feed = try #require(page.html.firstMatch(of: /href="(\/alerts\/feed\/[A-Za-z0-9_-]{43}\.atom)"/)?.1)
            let read = try await TestBrowser(app).get(String(feed))
            #expect(read.status == .ok && read.headers.first(name: .contentType) == "application/atom+xml; charset=utf-8")
            #expect(read.html.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\"") && read.html.contains("Rate alerts"))
            #expect(try await eve.post("/alerts/feed/rotate").status == .seeOther)
            #expect(try await TestBrowser(app).get(String(feed)).status == .notFound)
            let rotated = try #require(
                try await eve.get("/alerts").html.firstMatch(of: /href="(\/alerts\/feed\/[A-Za-z0-9_-]{43}\.atom)"/)?.1)
            #expect(rotated != feed)
            #expect(try await TestBrowser(app).get(String(rotated)).status == .ok)
            for other in ["/alerts/feed/nope.atom", "/alerts/feed/\(String(repeating: "a", count: 43)).atom", "/alerts/feed/x"] {
                #expect(try await TestBrowser(app).get(other).status == .notFound, "\(other)")
            }
        }
    }
}
