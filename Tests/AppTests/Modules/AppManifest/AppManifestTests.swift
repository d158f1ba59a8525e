import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Web

@Suite("The web app manifest")
struct AppManifestTests {
    struct Read: Decodable {
        struct Icon: Decodable { let src, sizes, type: String }
        let name: String
        let shortName: String
        let lang: String
        let dir: String
        let startURL: String
        let scope: String
        let display: String
        let themeColor: String
        let icons: [Icon]

        enum CodingKeys: String, CodingKey {
            case name, lang, dir, scope, display, icons
            case shortName = "short_name"
            case startURL = "start_url"
            case themeColor = "theme_color"
        }
    }

    @Test(
        "each language's manifest: the app's name as its pages say it, its direction, standalone from the converter, icons that are there")
    func manifests() async throws {
        try await withPostgresApp { app in
            let names: [Language: String] = [.en: "Currency Converter", .de: "Währungsrechner", .ar: "محوّل العملات", .ja: "通貨換算"]
            for language in Language.allCases {
                let response = try await TestBrowser(app).get("/manifest.webmanifest?lang=\(language.rawValue)")
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .contentType) == "application/manifest+json; charset=utf-8")
                #expect(response.headers.first(name: .cacheControl) == "public, max-age=86400")
                let manifest = try JSONDecoder().decode(Read.self, from: Data(response.html.utf8))
                #expect(manifest.name == Localizations.of(language).text("Currency Converter") && manifest.shortName == manifest.name)
                if let name = names[language] { #expect(manifest.name == name) }
                #expect(manifest.lang == language.rawValue && manifest.dir == (language == .ar ? "rtl" : "ltr"))
                #expect(manifest.startURL == "/" && manifest.scope == "/" && manifest.display == "standalone")
                #expect(manifest.themeColor == "#0b6e4f")
                #expect(manifest.icons.map(\.sizes) == ["192x192", "512x512", "any"])
                for icon in manifest.icons {
                    let file = try await TestBrowser(app).get(icon.src)
                    #expect(file.status == .ok && file.headers.first(name: .contentType)?.hasPrefix(icon.type) == true, "\(icon.src)")
                }
            }
            // No `lang`, or one the app does not speak: the visitor's language.
            let browser = TestBrowser(app)
            browser.setHeader("Accept-Language", "ja")
            #expect(try await browser.get("/manifest.webmanifest").html.contains("\"lang\":\"ja\""))
            #expect(try await browser.get("/manifest.webmanifest?lang=xx").html.contains("\"lang\":\"ja\""))
            // Every page links to its own language's.
            let page = try await browser.get("/")
            #expect(page.html.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest?lang=ja\">"))
            #expect(
                try await TestBrowser(app).get("/about").html.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest?lang=en\">"))
        }
    }
}
