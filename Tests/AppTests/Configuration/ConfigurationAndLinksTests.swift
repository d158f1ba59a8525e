import Foundation
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Configuration from the environment")
struct AppConfigurationTests {
    @Test func defaultsNeedNoSetUp() throws {
        let configuration = try AppConfiguration(environment: [:])
        #expect(configuration.database == .sqlite(path: "data/app.sqlite"))
        #expect(configuration.sourceCodeURL == AppConfiguration.defaultSourceCodeURL)
        #expect(!configuration.cookieSecure)
    }

    @Test func readsEveryVariable() throws {
        let configuration = try AppConfiguration(environment: [
            "DATABASE_URL": "postgres://u:p@db:5432/app?sslmode=disable", "SOURCE_URL": "https://example.org/src",
            "COOKIE_SECURE": "true",
        ])
        #expect(configuration.database == .postgres(url: URL(string: "postgres://u:p@db:5432/app?sslmode=disable")!))
        #expect(configuration.sourceCodeURL == "https://example.org/src")
        #expect(configuration.cookieSecure)
        #expect(try AppConfiguration(environment: ["SQLITE_PATH": "/tmp/x.sqlite"]).database == .sqlite(path: "/tmp/x.sqlite"))
    }

    @Test("database time limits, the shutdown grace and trusted proxies")
    func faultSettings() throws {
        let defaults = try AppConfiguration(environment: [:])
        #expect(defaults.databaseConnectTimeout == 3 && defaults.databasePoolTimeout == 3 && defaults.databaseStatementTimeout == 4)
        #expect(defaults.databaseWorkTimeout == .seconds(5))
        #expect(defaults.shutdownTimeout == 8 && defaults.trustedProxies.isEmpty)
        let configured = try AppConfiguration(environment: [
            "DATABASE_CONNECT_TIMEOUT": "1.5", "DATABASE_POOL_TIMEOUT": "2", "DATABASE_STATEMENT_TIMEOUT": "10",
            "SHUTDOWN_TIMEOUT": "20", "SHUTDOWN_DELAY": "3", "TRUSTED_PROXIES": "10.0.0.0/8, ::1,192.168.1.7",
        ])
        #expect(configured.shutdownDelay == 3 && defaults.shutdownDelay == 0)
        #expect(configured.databaseConnectTimeout == 1.5 && configured.databasePoolTimeout == 2)
        #expect(configured.databaseWorkTimeout == .seconds(11))
        #expect(configured.shutdownTimeout == 20)
        #expect(configured.trustedProxies.map(\.description) == ["10.0.0.0/8", "::1", "192.168.1.7"])
        #expect {
            try AppConfiguration(environment: [
                "DATABASE_STATEMENT_TIMEOUT": "0", "SHUTDOWN_TIMEOUT": "soon",
                "TRUSTED_PROXIES": "10.0.0.0/33, proxy.example",
            ])
        } throws: { error in
            let text = (error as? AppConfiguration.Invalid)?.description ?? ""
            return text.contains("DATABASE_STATEMENT_TIMEOUT must be a number of seconds above 0")
                && text.contains("SHUTDOWN_TIMEOUT") && text.contains("not understood: 10.0.0.0/33, proxy.example")
        }
    }

    @Test("the years of history held in memory: five before this one by default, a number, all, or a clear refusal")
    func historyYearsInMemory() throws {
        #expect(try AppConfiguration(environment: [:]).historyYearsInMemory == 5)
        #expect(try AppConfiguration(environment: ["HISTORY_YEARS_IN_MEMORY": "0"]).historyYearsInMemory == 0)
        #expect(try AppConfiguration(environment: ["HISTORY_YEARS_IN_MEMORY": "ALL"]).historyYearsInMemory == nil)
        for wrong in ["-1", "201", "ten", "2.5"] {
            #expect {
                try AppConfiguration(environment: ["HISTORY_YEARS_IN_MEMORY": wrong])
            } throws: { error in
                ((error as? AppConfiguration.Invalid)?.description ?? "").contains(
                    "HISTORY_YEARS_IN_MEMORY must be a whole number of years")
            }
        }
    }

    @Test("the default source, the providers fetched and each publisher's origin")
    func providersAndOrigins() throws {
        let defaults = try AppConfiguration(environment: [:])
        #expect(defaults.ratesProvider == .blend)
        // Every central bank, tax authority and historical or international publisher; not ExchangeRate-API.
        let catalog = ProviderCatalog.everyDeclared
        #expect(defaults.enabledProviders(in: catalog) == catalog.official + catalog.taxAndCustoms + catalog.reference)
        let some = try AppConfiguration(environment: ["RATES_PROVIDERS": " NBP.B, ecb ,", "RATES_PROVIDER": "cnb"])
        #expect(some.enabledProviders(in: catalog).map(\.id) == ["ecb", "cnb", "nbp.b"])
        let offline = try AppConfiguration(environment: ["RATES_PROVIDERS": "none"])
        #expect(offline.enabledProviders(in: catalog).isEmpty)
        // Any provider may be the default source, and is then fetched.
        let banxico = try AppConfiguration(environment: ["RATES_PROVIDERS": "none", "RATES_PROVIDER": "BANXICO"])
        #expect(banxico.ratesProvider == "banxico" && banxico.enabledProviders(in: catalog).map(\.id) == ["banxico"])
        let moved = try AppConfiguration(environment: [
            "NBP_BASE_URL": "http://127.0.0.1:9000", "ECB_BASE_URL": "http://127.0.0.1:9001/",
            "ECB_HISTORY_URL": "http://127.0.0.1:9002/h.xml",
        ])
        #expect(moved.providerOrigins["nbp.b"] == URL(string: "http://127.0.0.1:9000"))
        // ECB_BASE_URL moves the ECB's documents; ECB_HISTORY_URL gives its 90-day history an address of its own.
        let ecb = ProviderFeed(.ecb, origin: moved.providerOrigins[.ecb], moved: moved.movedDocuments(of: .ecb))
        #expect(
            ecb.latest(CalendarDate(containing: testNow)).map(\.url.absoluteString) == [
                "http://127.0.0.1:9001/stats/eurofxref/eurofxref-daily.xml"
            ])
        #expect(ecb.document(named: "history")?.url.absoluteString == "http://127.0.0.1:9002/h.xml")
        #expect(ecb.document(named: "full-history")?.url.absoluteString == "http://127.0.0.1:9001/stats/eurofxref/eurofxref-hist.zip")
        // A feed's API key, read only for a feed that needs one; an empty one is none.
        let keyed = try AppConfiguration(environment: ["BANXICO_API_KEY": " t0k3n ", "BOT_API_KEY": "", "NBP_API_KEY": "x"])
        #expect(keyed.providerKeys == ["banxico": "t0k3n"] && defaults.providerKeys.isEmpty)
        #expect {
            try AppConfiguration(environment: ["RATES_PROVIDERS": "ecb,fed", "RATES_PROVIDER": "fed"])
        } throws: { error in
            let text = (error as? AppConfiguration.Invalid)?.description ?? ""
            return text.contains("RATES_PROVIDERS must list providers from ecb,") && text.contains("not known: fed")
                && text.contains("RATES_PROVIDER must be blend or a provider's id")
        }
        // RATES_PROVIDER_URL moves the default source's newest document: the ECB's, the ESTV's or ExchangeRate-API's.
        let mirror = try AppConfiguration(environment: ["RATES_PROVIDER": "exchangerate-api", "RATES_PROVIDER_URL": "http://127.0.0.1:9/x"])
        #expect(mirror.movedDocuments(of: "exchangerate-api") == ["latest": URL(string: "http://127.0.0.1:9/x")!])
        #expect(mirror.movedDocuments(of: "ecb").isEmpty)
        for source in ["blend", "nbp"] {
            #expect {
                try AppConfiguration(environment: ["RATES_PROVIDER": source, "RATES_PROVIDER_URL": "http://127.0.0.1:9/x"])
            } throws: { error in
                let text = (error as? AppConfiguration.Invalid)?.description ?? ""
                return text.contains(
                    "RATES_PROVIDER_URL is the address of the default source's newest document, which only ecb, estv and exchangerate-api have"
                )
                    && text.contains("RATES_PROVIDER is \(source)")
            }
        }
    }

    @Test("the MCP endpoint: on by default with no browser origin allowed; MCP_ENABLED and MCP_ALLOWED_ORIGINS read and checked")
    func mcp() throws {
        let defaults = try AppConfiguration(environment: [:])
        #expect(defaults.mcpEnabled && defaults.mcpAllowedOrigins.isEmpty)
        let configured = try AppConfiguration(environment: [
            "MCP_ENABLED": "false", "MCP_ALLOWED_ORIGINS": " https://Assistant.example , http://127.0.0.1:3000,",
        ])
        #expect(!configured.mcpEnabled && configured.mcpAllowedOrigins == ["https://assistant.example", "http://127.0.0.1:3000"])
        #expect {
            try AppConfiguration(environment: ["MCP_ALLOWED_ORIGINS": "*,https://ok.example/path"])
        } throws: { error in
            guard let invalid = error as? AppConfiguration.Invalid else { return false }
            return invalid.problems.count == 2 && invalid.description.contains("MCP_ALLOWED_ORIGINS")
        }
    }

    @Test("lists every invalid variable at once")
    func listsEveryProblem() {
        #expect {
            try AppConfiguration(environment: ["DATABASE_URL": "mysql://x", "SOURCE_URL": "javascript:alert(1)", "COOKIE_SECURE": "maybe"])
        } throws: { error in
            guard let invalid = error as? AppConfiguration.Invalid else { return false }
            return invalid.problems.count == 3 && invalid.description.contains("DATABASE_URL")
                && invalid.description.contains("SOURCE_URL") && invalid.description.contains("COOKIE_SECURE")
        }
    }
}

@Suite("Links and the last-conversion cookie")
struct LinkAndCookieTests {
    @Test func canonicalResultURL() {
        #expect(SiteURL.conversion(from: "USD", to: "EUR", amount: "100").path == "/?from=USD&to=EUR&amount=100")
        #expect(SiteURL.conversion(from: "USD", to: "EUR", amount: "").path == "/?from=USD&to=EUR")
        #expect(SiteURL.conversion(from: "A&B", to: "C D", amount: nil).path == "/?from=A%26B&to=C%20D")
        let day = CalendarDate(iso8601: "2020-03-15")
        #expect(SiteURL.conversion(from: "USD", to: "EUR", amount: "1.5", date: day).path == "/?from=USD&to=EUR&amount=1.5&date=2020-03-15")
        #expect(SiteURL.conversion(from: "USD", to: "EUR", amount: nil, date: day).path == "/?from=USD&to=EUR&date=2020-03-15")
        #expect(SiteURL.conversion(from: "", to: "EUR", amount: "é").path == "/?to=EUR&amount=%C3%A9")
    }

    @Test("percent-encodes as Foundation does, over 2,000 random texts, in queries and path segments")
    func percentEncoding() async {
        var generator = SystemRandomNumberGenerator()
        let pool = Array("aZ09-._~/ ?&=#%+\"<>é€😀\u{1}\u{7f}")
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        await forEachCase(2_000) { _ in
            let text = String((0..<Int.random(in: 1...10, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
            let query = text.addingPercentEncoding(withAllowedCharacters: unreserved.union(CharacterSet(charactersIn: "/")))!
            #expect(
                SiteURL.login(next: LocalPath("/" + text)).path == (LocalPath("/" + text) == nil ? "/login" : "/login?next=/" + query),
                "\(text.debugDescription)")
            let segment = text.addingPercentEncoding(withAllowedCharacters: unreserved)!
            #expect(SiteURL.rateHistory(from: text, to: "EUR").path == "/rates/\(segment)/EUR", "\(text.debugDescription)")
        }
    }

    @Test(
        "a request's target is its URL's path and query, as the URL writes them",
        arguments: [
            "/", "/about", "/?from=USD&to=EUR&amount=100", "/contacts?q=ann%20b&page=2", "/rates/USD/EUR?", "/a;b?c=%3B",
        ])
    func requestTarget(path: String) async throws {
        let app = try await Application.make(.testing)
        let request = Request(application: app, url: URI(string: path), on: app.eventLoopGroup.next())
        #expect(request.target == request.url.string)
        try await app.asyncShutdown()
    }

    @Test("remembering a conversion sets its cookie as Vapor writes it, beside the response's other cookies")
    func rememberSetsOneCookie() {
        let response = Response()
        response.cookies["cc_session"] = HTTPCookies.Value(string: "token", isHTTPOnly: true)
        response.remember(LastConversion(from: "GBP", to: "JPY", amount: "20.5"), secure: true)
        #expect(response.headers[.setCookie].count == 2)
        #expect(response.headers[.setCookie].last == "last_conversion=GBP-JPY-20.5; Max-Age=31536000; Path=/; Secure; SameSite=Lax")
        #expect(response.cookies["cc_session"]?.string == "token")
        #expect(response.cookies["last_conversion"]?.string == "GBP-JPY-20.5")
        // Written as Vapor serialises the cookie's value, secure or not, dated and with a source.
        let dated = LastConversion(from: "GBP", to: "JPY", amount: "20.5", date: CalendarDate(iso8601: "2020-03-15"), source: "nbp.b")
        for (conversion, secure) in [(LastConversion(from: "GBP", to: "JPY", amount: "20.5"), false), (dated, true), (dated, false)] {
            let plain = Response()
            plain.remember(conversion, secure: secure)
            #expect(
                plain.headers[.setCookie]
                    == [LastConversionCookie.value(for: conversion, secure: secure).serialize(name: LastConversionCookie.name)])
        }
    }

    @Test func cookieRoundTrip() {
        let value = LastConversionCookie.value(for: LastConversion(from: "GBP", to: "JPY", amount: "20.5"), secure: true)
        #expect(value.string == "GBP-JPY-20.5")
        #expect(!value.isHTTPOnly && value.isSecure && value.sameSite == .lax && value.path == "/")
        #expect(LastConversionCookie.parse("GBP-JPY-20.5") == LastConversion(from: "GBP", to: "JPY", amount: "20.5"))
        #expect(LastConversionCookie.parse("GBP-JPY-") == LastConversion(from: "GBP", to: "JPY", amount: ""))
        let dated = LastConversion(from: "GBP", to: "JPY", amount: "20.5", date: CalendarDate(iso8601: "2020-03-15"))
        #expect(LastConversionCookie.value(for: dated, secure: false).string == "GBP-JPY-20.5-2020-03-15")
        #expect(LastConversionCookie.parse("GBP-JPY-20.5-2020-03-15") == dated)
        // A chosen source follows a tilde; anything else there is refused.
        let sourced = LastConversion(from: "GBP", to: "JPY", amount: "20.5", date: CalendarDate(iso8601: "2020-03-15"), source: "nbp.b")
        #expect(LastConversionCookie.value(for: sourced, secure: false).string == "GBP-JPY-20.5-2020-03-15~nbp.b")
        #expect(LastConversionCookie.parse("GBP-JPY-20.5-2020-03-15~nbp.b") == sourced)
        #expect(LastConversionCookie.parse("GBP-JPY-20.5~exchangerate-api")?.source == "exchangerate-api")
        for bad in ["GBP-JPY-20.5~", "GBP-JPY-20.5~NBP", "GBP-JPY-20.5~a b", "GBP-JPY-20.5~x~y", "GBP-JPY-20.5~<script>"] {
            #expect(LastConversionCookie.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("the live script's cookie is the server's, with the conversion's places marked")
    func scriptCookieTemplate() {
        #expect(
            LastConversionCookie.template(secure: false)
                == "last_conversion={from}-{to}-{amount}{source}; Max-Age=31536000; Path=/; SameSite=Lax")
        #expect(LastConversionCookie.template(secure: true).hasSuffix("; Path=/; Secure; SameSite=Lax"))
        #expect(LastConversionCookie.template(secure: false, dated: true).hasPrefix("last_conversion={from}-{to}-{amount}-{date}{source};"))
    }

    @Test(
        "ignores a tampered cookie",
        arguments: [
            "", "GBP-JPY", "gbp-JPY-1", "GBP-JPY-1-2", "GBP-JPY-<script>", "GBP-JPY-1-2020-02-30", "GBP-JPY-1-2020-3-15", "GBP-JPY-1-x-y-z",
            "GBPX-JPY-1",
            "GBP-JPY-" + String(repeating: "9", count: 40),
        ])
    func tampered(value: String) {
        #expect(LastConversionCookie.parse(value) == nil)
    }

    @Test func htmlEscaping() {
        #expect(HTML.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }
}
