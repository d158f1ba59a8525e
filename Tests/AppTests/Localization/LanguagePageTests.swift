import Foundation
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Pages in the visitor's language, over HTTP on PostgreSQL")
struct LanguagePageTests {
    @Test("Accept-Language picks the page's language: lang, dir, words, numbers, names, Content-Language and Vary")
    func acceptLanguage() async throws {
        try await withPostgresApp { app in
            let browser = TestBrowser(app)
            browser.setHeader("Accept-Language", "ru-RU,ru;q=0.9,en;q=0.8")
            let page = try await browser.get("/?from=USD&to=JPY&amount=1000")
            #expect(page.status == .ok)
            #expect(page.html.contains("<html lang=\"ru\" dir=\"ltr\">"))
            #expect(page.html.contains("<h1 id=\"converter-title\">Конвертация валют</h1>"))
            #expect(page.html.contains("1\u{A0}000 USD = 145\u{A0}183 JPY"))
            #expect(page.html.contains("доллар США → японская иена"))
            #expect(page.html.contains("<option value=\"JPY\" selected>JPY — японская иена · 1 источник</option>"))
            #expect(page.html.contains("lang=\"ru\" hreflang=\"ru\" aria-current=\"true\">Русский</a>"))
            #expect(page.headers.first(name: .contentLanguage) == "ru")
            let vary = page.headers.first(name: .vary) ?? ""
            #expect(vary.contains("Accept-Language") && vary.contains("Cookie"))
        }
    }

    @Test("Arabic pages run right to left, amounts kept left to right; German numbers; Japanese words")
    func rightToLeftAndOthers() async throws {
        try await withPostgresApp { app in
            let arabic = TestBrowser(app)
            arabic.setHeader("Accept-Language", "ar-EG")
            let page = try await arabic.get("/?from=USD&to=EUR&amount=1234.56")
            #expect(page.html.contains("<html lang=\"ar\" dir=\"rtl\">"))
            #expect(page.html.contains("<h1 id=\"converter-title\">تحويل العملات</h1>"))
            #expect(page.html.contains("<bdi dir=\"ltr\" data-result=\"summary\">1,234.56 USD = 1,097.19 EUR</bdi>"))
            let german = TestBrowser(app)
            german.setHeader("Accept-Language", "de-AT, en;q=0.5")
            #expect(try await german.get("/?from=USD&to=EUR&amount=1234.56").html.contains(">1.234,56 USD = 1.097,19 EUR</bdi>"))
            let japanese = TestBrowser(app)
            japanese.setHeader("Accept-Language", "ja")
            let about = try await japanese.get("/about")
            #expect(about.html.contains("<html lang=\"ja\" dir=\"ltr\">") && about.html.contains("レートの出典"))
        }
    }

    @Test("unknown languages get English; the menu's choice beats the header, is remembered, and returns to the page")
    func choice() async throws {
        try await withPostgresApp { app in
            let browser = TestBrowser(app)
            browser.setHeader("Accept-Language", "fr-FR, zh;q=0.8")
            let french = try await browser.get("/about")
            #expect(french.html.contains("<html lang=\"en\" dir=\"ltr\">") && french.headers.first(name: .contentLanguage) == "en")

            browser.setHeader("Accept-Language", "de")
            browser.setHeader("Referer", "http://localhost:8080/rates/USD/EUR?range=5y")
            browser.setHeader("Host", "localhost:8080")
            let chosen = try await browser.get("/language/ja")
            #expect(chosen.status == .seeOther)
            #expect(chosen.headers.first(name: .location) == "/rates/USD/EUR?range=5y")
            let cookie = try #require(chosen.cookie(LanguageCookie.name))
            #expect(cookie.string == "ja" && cookie.isHTTPOnly && cookie.sameSite == .lax && cookie.maxAge == LanguageCookie.maxAge)
            let page = try await browser.get("/rates/USD/EUR?range=5y")
            #expect(page.html.contains("<html lang=\"ja\" dir=\"ltr\">"), "the cookie beats Accept-Language: de")
            #expect(page.html.contains("のレート推移"))

            // Another site's page, no Referer or the menu itself: back to the converter.
            browser.setHeader("Referer", "https://evil.example/?next=/")
            #expect(try await browser.get("/language/ar").headers.first(name: .location) == "/")
            browser.setHeader("Referer", "http://localhost:8080/language/de")
            #expect(try await browser.get("/language/de").headers.first(name: .location) == "/")
            #expect(try await browser.get("/language/xx").status == .notFound)
            #expect(try await browser.get("/").html.contains("<html lang=\"de\" dir=\"ltr\">"))
        }
    }

    @Test("a cached page, its validator and its 304 are per language; the skeletons are too")
    func cachingPerLanguage() async throws {
        try await withPostgresApp { app in
            func get(_ language: String, _ extra: HTTPHeaders = [:]) async throws -> (HTTPStatus, HTTPHeaders, String) {
                var result: (HTTPStatus, HTTPHeaders, String)?
                var headers = extra
                headers.add(name: .acceptLanguage, value: language)
                try await app.testing().test(.GET, "/?from=USD&to=EUR&amount=100", headers: headers) { res in
                    result = (res.status, res.headers, res.body.string)
                }
                return try #require(result)
            }
            let (_, english, englishBody) = try await get("en")
            let (_, german, germanBody) = try await get("de")
            let englishTag = try #require(english.first(name: .eTag)), germanTag = try #require(german.first(name: .eTag))
            #expect(englishTag != germanTag)
            #expect(englishBody.contains("Convert currencies") && germanBody.contains("Währungen umrechnen"))
            #expect(try await get("de", ["If-None-Match": germanTag]).0 == .notModified)
            #expect(try await get("en", ["If-None-Match": germanTag]).0 == .ok)
            // Rendered again through each language's skeleton: still each language's page.
            #expect(try await get("de").2 == germanBody)
            #expect(try await get("en").2 == englishBody)
            #expect(app.pages.statistics.leafOnly == 0)
        }
    }

    @Test("error pages, validation messages, plurals and exports in the visitor's language")
    func messagesAndExports() async throws {
        try await withPostgresApp { app in
            let browser = TestBrowser(app)
            browser.setHeader("Accept-Language", "ru")
            let missing = try await browser.get("/no-such-page")
            #expect(missing.status == .notFound)
            #expect(missing.html.contains("404 Не найдено") && missing.html.contains("По этому адресу нет страницы."))
            let invalid = try await browser.get("/?from=USD&to=EUR&amount=1.123456789")
            #expect(invalid.status == .unprocessableEntity)
            #expect(invalid.html.contains("Не более 8 цифр после десятичного разделителя."))
            let csv = try await browser.get("/rates/USD/EUR/daily.csv")
            #expect(csv.html.hasPrefix("\"Дата\",\"EUR за USD\"\r\n"))
            #expect(csv.headers.first(name: .contentLanguage) == "ru")
            // The JSON API stays English and canonical.
            let api = try await browser.get("/api/v1/convert?from=USD&to=EUR&amount=1.123456789")
            #expect(api.html.contains("Use at most 8 digits after the decimal point."))
            #expect(api.headers.first(name: .contentLanguage) == nil)
        }
    }
}
