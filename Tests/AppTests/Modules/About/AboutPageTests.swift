@testable import App
import Vapor
import VaporTesting
import Testing

@Suite("About page over HTTP on PostgreSQL")
struct AboutPageTests {
    @Test func describesTheAppItsRatesAndItsCode() async throws {
        try await withPostgresApp(configuration: .forTests(sourceCodeURL: "https://example.org/cc")) { app in
            try await app.testing().test(.GET, "/about") { res in
                #expect(res.status == .ok)
                let html = res.html
                #expect(html.hasPrefix("<!doctype html>"))
                #expect(html.contains("<title>About · Currency Converter</title>"))
                #expect(html.contains("Currency Converter <span class=\"version\">version \(AppInfo.version)</span>"))
                #expect(html.contains("converts an amount of money between currencies"))
                #expect(html.contains(">European Central Bank</a>"))
                #expect(html.contains("href=\"https://www.ecb.europa.eu/"))
                #expect(html.contains("<time datetime=\"2025-05-09\">2025-05-09</time>"))
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

    @Test("Close without a remembered conversion goes to the converter")
    func closeWithoutCookie() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/about/close") { res in
                #expect(res.status == .seeOther)
                #expect(res.headers.first(name: .location) == "/")
            }
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
