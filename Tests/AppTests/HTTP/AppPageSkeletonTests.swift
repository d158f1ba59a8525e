import TestSupport
import Testing
import Vapor

@testable import App
@testable import Web

@Suite("Every page of the app through its skeleton, on PostgreSQL")
struct AppPageSkeletonTests {
    @Test("every page of the app renders through its skeleton, and a skeleton never carries a visitor's account or token")
    func appPages() async throws {
        let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")
        try await withPostgresApp(configuration: .forTests(initialAdmin: admin)) { app in
            let anonymous = TestBrowser(app)
            for path in [
                "/", "/?from=USD&to=EUR&amount=100", "/?from=JPY&to=GBP&amount=2500.5", "/?from=USD&to=EUR&amount=abc",
                "/about", "/rates/USD/EUR", "/rates/GBP/JPY", "/login", "/signup", "/no-such-page",
            ] {
                _ = try await anonymous.get(path)
            }
            let signedUp = TestBrowser(app)
            try await signedUp.get("/signup")
            let created = try await signedUp.post(
                "/signup",
                [
                    ("email", "user@example.org"), ("password", "another-horse"),
                    ("password_confirmation", "another-horse"),
                ])
            #expect(created.status == .seeOther)
            let administrator = TestBrowser(app)
            try await administrator.signIn(admin.email, admin.password)

            // The same shape (an empty contacts book) for two people: each sees only their own
            // account and their own session's token.
            for (browser, own, other) in [
                (signedUp, "user@example.org", "admin@example.org"),
                (administrator, "admin@example.org", "user@example.org"),
            ] {
                let page = try await browser.get("/contacts")
                #expect(page.status == .ok)
                #expect(page.html.contains(own) && !page.html.contains(other))
                let token = try #require(browser.lastCSRFToken)
                #expect(page.html.contains("value=\"\(token)\""))
                for path in ["/contacts/new", "/about", "/?from=USD&to=EUR&amount=1"] {
                    let again = try await browser.get(path)
                    #expect(again.html.contains(own) && !again.html.contains(other), "\(path)")
                }
            }
            _ = try await administrator.get("/admin/rates")
            let statistics = app.pages.statistics
            #expect(statistics.leafOnly == 0)
            #expect(statistics.skeletons > 5 && statistics.filled > 0)
        }
    }
}
