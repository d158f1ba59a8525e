import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Web

/// Working offline over HTTP: the worker's script at the root, a source's rates for it to keep
/// (revalidated by their validator), the page saying a page needs the server, and every page
/// asking for the worker.
@Suite("Offline: the worker, its rates and its page")
struct OfflinePagesTests {
    @Test("the worker's script: at the root, checked on every visit, named by this build")
    func workerScript() async throws {
        try await withPostgresApp { app in
            let response = try await TestBrowser(app).get("/service-worker.js")
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType) == "text/javascript; charset=utf-8")
            #expect(response.headers.first(name: .cacheControl) == "no-cache")
            #expect(!response.html.contains("__BUILD__"))
            #expect(response.html.contains("var BUILD = \"\(app.appServices.cachePolicy.build)\";"))
            // Every page asks for it; the converter says where its rates are kept and where the notice goes.
            for path in ["/", "/about", "/login", "/rates/USD/EUR"] {
                #expect(try await TestBrowser(app).get(path).html.contains("<script src=\"/js/offline.js\" defer></script>"), "\(path)")
            }
            let converter = try await TestBrowser(app).get("/").html
            #expect(converter.contains("data-offline-rates=\"/offline/rates.json\""))
            #expect(converter.contains("<p class=\"offline-notice\" id=\"offline-notice\" role=\"status\" hidden></p>"))
            #expect(converter.contains("<script src=\"/js/offline-converter.js\" defer></script>"))
            for file in ["/js/offline.js", "/js/offline-converter.js"] {
                #expect(try await TestBrowser(app).get(file).status == .ok, "\(file)")
            }
        }
    }

    @Test(
        "a source's rates: JSON in the language asked for, revalidated by a validator of the rates and the language; 404 for no such source"
    )
    func rates() async throws {
        try await withPostgresApp { app in
            let browser = TestBrowser(app)
            let response = try await browser.get("/offline/rates.json?lang=de")
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType) == "application/json; charset=utf-8")
            #expect(response.headers.first(name: "Content-Language") == "de")
            #expect(response.headers.first(name: .cacheControl) == "public, max-age=0")
            let document = try JSONSerialization.jsonObject(with: Data(response.html.utf8)) as? [String: Any]
            #expect(document?["format"] as? Int == OfflinePresenter.format && document?["language"] as? String == "de")
            #expect((document?["rates"] as? [String: String])?["USD"] != nil && document?["decimalSeparator"] as? String == ",")
            let etag = try #require(response.headers.first(name: .eTag))
            browser.setHeader("If-None-Match", etag)
            #expect(try await browser.get("/offline/rates.json?lang=de").status == .notModified)
            // Another language is another document.
            let english = try await browser.get("/offline/rates.json?lang=en")
            #expect(english.status == .ok && english.headers.first(name: .eTag) != etag)
            let missing = try await TestBrowser(app).get("/offline/rates.json?source=nope")
            #expect(missing.status == .notFound && missing.html.contains("No source named “nope” has rates now."))
            #expect(missing.headers.first(name: .contentType) == "application/problem+json; charset=utf-8")
            let hostile = try await TestBrowser(app).get("/offline/rates.json?source=%3Cscript%3E\(String(repeating: "x", count: 5000))")
            #expect(hostile.status == .notFound && hostile.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true)
        }
    }

    @Test("the page saying a page needs the server, in each language; a signed-in visitor's is never kept")
    func page() async throws {
        try await withPostgresApp { app in
            for language in Language.allCases {
                let browser = TestBrowser(app)
                browser.setHeader("Accept-Language", language.rawValue)
                let response = try await browser.get("/offline")
                let l = Localizations.of(language)
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .cacheControl) == "no-cache")
                #expect(response.html.contains("<html lang=\"\(language.rawValue)\""))
                #expect(response.html.contains(HTML.escape(l.text("This page needs the server"))), "\(language)")
                #expect(response.html.contains("href=\"/\""))
            }
            let signedIn = TestBrowser(app)
            try await signedIn.get("/signup")
            let signup = try await signedIn.post(
                "/signup", [("email", "eve@example.org"), ("password", "long enough"), ("password_confirmation", "long enough")])
            #expect(signup.status == .seeOther)
            let page = try await signedIn.get("/offline")
            #expect(page.status == .ok && page.headers.first(name: .cacheControl) == "no-store")
        }
    }
}
