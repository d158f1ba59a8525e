import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("About page over HTTP on PostgreSQL")
struct AboutPageTests {
    @Test func describesTheAppItsRatesAndItsCode() async throws {
        try await withPostgresApp(configuration: .forTests(sourceCodeURL: "https://example.org/cc")) { app in
            try await app.testing().test(.GET, "/about") { res in
                #expect(res.status == .ok)
                let html = res.html
                #expect(html.hasPrefix("<!doctype html>"))
                #expect(html.contains("<title>About · Currency Converter</title>"))
                #expect(html.contains("Currency Converter <span class=\"version\">version 1.0.0</span>"))
                #expect(html.contains("converts an amount of money between currencies"))
                #expect(html.contains(">All official sources: European Central Bank</a>"))
                #expect(html.contains("href=\"https://www.ecb.europa.eu/"))
                #expect(html.contains("Rates of May 9, 2025 (3 days ago): the snapshot bundled with the app"))
                #expect(html.contains("<a href=\"https://example.org/cc\" rel=\"noopener\">"))
                #expect(html.contains("href=\"/about/close\">Close</a>"))
            }
        }
    }

    @Test("Close goes back to the converter with the last conversion kept")
    func closeKeepsTheConversion() async throws {
        try await withPostgresApp { app in
            var cookie = ""
            let (headers, body) = formBody([("from", "EUR"), ("to", "GBP"), ("amount", "100")])
            try await app.testing().test(.POST, "/convert", headers: headers, body: body) { res in
                cookie = try #require(res.cookie(LastConversionCookie.name)).string
            }
            let cookieHeader: HTTPHeaders = ["Cookie": "\(LastConversionCookie.name)=\(cookie)"]
            try await app.testing().test(.GET, "/about", headers: cookieHeader) { res in #expect(res.status == .ok) }
            try await app.testing().test(.GET, "/about/close", headers: cookieHeader) { res in
                #expect(res.status == .seeOther)
                #expect(res.headers.first(name: .location) == "/?from=EUR&to=GBP&amount=100")
            }
            try await app.testing().test(.GET, "/?from=EUR&to=GBP&amount=100") { res in
                #expect(res.html.contains("100 EUR = 84.77 GBP"))
            }
        }
    }

    @Test("Close after a dated conversion goes back to that day's conversion, not the latest rates")
    func closeKeepsTheDay() async throws {
        try await withPostgresApp { app in
            // given: a conversion on a past day, remembered as the converter remembers it
            var cookie = ""
            let (headers, body) = formBody([("from", "USD"), ("to", "EUR"), ("amount", "100"), ("date", "2025-05-10")])
            try await app.testing().test(.POST, "/convert", headers: headers, body: body) { res in
                cookie = try #require(res.cookie(LastConversionCookie.name)).string
            }
            #expect(cookie == "USD-EUR-100-2025-05-10")
            // when: About is closed
            let cookieHeader: HTTPHeaders = ["Cookie": "\(LastConversionCookie.name)=\(cookie)"]
            try await app.testing().test(.GET, "/about/close", headers: cookieHeader) { res in
                // then: the same conversion on the same day
                #expect(res.status == .seeOther)
                #expect(res.headers.first(name: .location) == "/?from=USD&to=EUR&amount=100&date=2025-05-10")
            }
        }
    }

    @Test("Close without a remembered conversion goes to the converter")
    func closeWithoutCookie() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/about/close") { res in
                #expect(res.status == .seeOther)
                #expect(res.headers.first(name: .location) == "/")
            }
        }
    }

    @Test("anonymous visitors share one rendering per address, snapshot and day; signed-in visitors get their own")
    func publicPageKept() async throws {
        let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")
        try await withPostgresApp(configuration: .forTests(initialAdmin: admin)) { app in
            let plain = try await TestBrowser(app).get("/about").html
            #expect(plain.contains("<a href=\"/login?next=/about\">Sign in</a>"))
            #expect(try await TestBrowser(app).get("/about").html == plain)
            // Another address: its own Sign in link, and the first address keeps its own.
            let other = try await TestBrowser(app).get("/about?from=x").html
            #expect(other.contains("<a href=\"/login?next=/about?from%3Dx\">Sign in</a>") || other.contains("next=/about%3Ffrom%3Dx"))
            #expect(try await TestBrowser(app).get("/about").html == plain)

            let signedIn = TestBrowser(app)
            try await signedIn.signIn("admin@example.org", "correct-horse")
            let own = try await signedIn.get("/about").html
            #expect(own.contains("admin@example.org") && !own.contains(">Sign in</a>"))

            // New rates: a new rendering.
            let newer = RateSnapshot(
                source: "ecb", baseCurrency: "EUR", effectiveDate: CalendarDate(iso8601: "2025-05-12")!,
                storedAt: Date(timeIntervalSince1970: 1_747_000_000), rates: ["EUR": 1, "USD": Fixtures.decimal("1.11")])
            try await app.appServices.currentRates.store(newer)
            let after = try await TestBrowser(app).get("/about").html
            #expect(after.contains("Rates of May 12, 2025 (today).") && after != plain)
        }
    }

    @Test("without rates About still works and says so")
    func withoutRates() async throws {
        try await withPostgresApp(.emptyStore) { app in
            try await app.testing().test(.GET, "/about") { res in
                #expect(res.status == .ok)
                #expect(res.html.contains("No rates have been stored yet."))
            }
        }
    }
}
