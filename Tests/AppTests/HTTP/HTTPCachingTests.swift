import CompressNIO
import Crypto
import Foundation
import NIOCore
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("HTTP caching: ETag, 304 without a body, Cache-Control, no-store for signed-in pages and errors")
struct HTTPCachingTests {
    static let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")

    func get(_ app: Application, _ path: String, _ headers: HTTPHeaders = [:]) async throws -> (HTTPStatus, HTTPHeaders, String) {
        var result: (HTTPStatus, HTTPHeaders, String)?
        try await app.testing().test(.GET, path, headers: headers) { res in result = (res.status, res.headers, res.body.string) }
        return try #require(result)
    }

    @Test(
        "a result page has a validator; the same validator back gets 304 with no body, headers kept",
        arguments: [
            "/?from=USD&to=EUR&amount=100", "/about", "/rates/USD/EUR", "/api/v1/convert?from=USD&to=EUR&amount=100",
            "/api/v1/currencies", "/api/v1/rates/latest?base=USD",
        ])
    func notModified(path: String) async throws {
        try await withPostgresApp { app in
            let (status, headers, body) = try await get(app, path)
            #expect(status == .ok && !body.isEmpty)
            let etag = try #require(headers.first(name: .eTag))
            #expect(etag.hasPrefix("W/\""))
            let (again, againHeaders, againBody) = try await get(app, path, ["If-None-Match": etag])
            #expect(again == .notModified)
            #expect(againBody.isEmpty)
            #expect(againHeaders.first(name: .eTag) == etag)
            #expect(againHeaders.first(name: .cacheControl) == headers.first(name: .cacheControl))
            // A result page remembers its conversion whether it is sent or not (once, after the caching headers).
            #expect(againHeaders[.setCookie] == headers[.setCookie])
            if path.hasPrefix("/?") {
                #expect(againHeaders.setCookie?[LastConversionCookie.name]?.string == "USD-EUR-100")
                let names = headers.map { $0.name.lowercased() }
                #expect(names.firstIndex(of: "set-cookie") == names.firstIndex(of: "vary").map { $0 + 1 })
            }
            // The strong form of the same tag, and a list containing it, match too (weak comparison).
            let strong = String(etag.dropFirst(2))
            #expect(try await get(app, path, ["If-None-Match": "\"other\", \(strong)"]).0 == .notModified)
            #expect(try await get(app, path, ["If-None-Match": "W/\"other\""]).0 == .ok)
        }
    }

    @Test("freshness: public until the rates may change (5 minutes without a schedule), pages vary with the cookie")
    func cacheControl() async throws {
        try await withPostgresApp { app in
            let (_, api, _) = try await get(app, "/api/v1/convert?from=USD&to=EUR&amount=100")
            #expect(api.first(name: .cacheControl) == "public, max-age=300")
            #expect(api.first(name: .vary) == "Accept-Encoding")
            let (_, about, _) = try await get(app, "/about")
            #expect(about.first(name: .cacheControl) == "public, max-age=300")
            #expect(about.first(name: .vary) == "Accept-Language, Cookie, Accept-Encoding")
            #expect(about.first(name: .contentLanguage) == "en")
            // Opening a result remembers it with a cookie: such a response is for this browser only...
            let (_, first, _) = try await get(app, "/?from=USD&to=EUR&amount=100")
            #expect(first.first(name: .cacheControl) == "private, max-age=300")
            #expect(first.setCookie?[LastConversionCookie.name]?.string == "USD-EUR-100")
            // ...and once remembered, the page is the same for anyone.
            let (_, again, _) = try await get(app, "/?from=USD&to=EUR&amount=100", ["Cookie": "last_conversion=USD-EUR-100"])
            #expect(again.first(name: .cacheControl) == "public, max-age=300")
            #expect(again.setCookie?[LastConversionCookie.name] == nil)
            // The bare converter depends on the remembered conversion: revalidate every time.
            let (_, home, _) = try await get(app, "/")
            #expect(home.first(name: .cacheControl) == "private, max-age=0")
        }
    }

    @Test("with a schedule, freshness is the interval, but never past midnight UTC (pages say how old the rates are)")
    func maxAge() {
        let policy = HTTPCachePolicy(build: "b", refreshInterval: 3600, compresses: false)
        let noon = Date(timeIntervalSince1970: 1_747_051_200) // 12:00 UTC
        #expect(policy.maxAge(now: noon) == 3600)
        #expect(policy.maxAge(now: noon.addingTimeInterval(11.5 * 3600)) == 1800)
        #expect(HTTPCachePolicy(build: "b", refreshInterval: 0, compresses: false).maxAge(now: noon) == 300)
    }

    @Test("the validator changes with the page: another amount, new rates, the next day, another build")
    func validatorsChange() async throws {
        let clock = TestClock()
        try await withPostgresApp(now: clock.closure) { app in
            let path = "/?from=USD&to=EUR&amount=100"
            let etag = { (path: String) in try await get(app, path).1.first(name: .eTag) ?? "" }
            let first = try await etag(path)
            #expect(try await etag(path) == first)
            #expect(try await etag("/?from=USD&to=EUR&amount=101") != first)
            // Whatever else the page shows: the amount as typed, the language, the source, the pair.
            var others: Set<String> = [first]
            for other in ["/?from=USD&to=EUR&amount=100.0", "/?from=USD&to=EUR&amount=100&source=ecb", "/?from=EUR&to=USD&amount=100"] {
                others.insert(try await etag(other))
            }
            others.insert(try await get(app, path, ["Accept-Language": "de"]).1.first(name: .eTag) ?? "")
            #expect(others.count == 5)
            let api = { (path: String) in try await get(app, path).1.first(name: .eTag) ?? "" }
            let answer = try await api("/api/v1/convert?from=USD&to=EUR&amount=100")
            #expect(try await api("/api/v1/convert?from=USD&to=EUR&amount=100") == answer)
            #expect(try await api("/api/v1/convert?from=USD&to=EUR&amount=101") != answer)
            #expect(try await api("/api/v1/convert?from=USD&to=GBP&amount=100") != answer)

            // The ECB's day stored again a minute later: the blend the page converts with is new.
            let bundled = try Fixtures.bundledSnapshot()
            app.appServices.currentRates.adopt(
                RateSnapshot(
                    id: UUID(), source: RateSource.ecb.id, baseCurrency: bundled.baseCurrency,
                    effectiveDate: bundled.effectiveDate, storedAt: bundled.storedAt.addingTimeInterval(60), rates: bundled.rates))
            let afterRefresh = try await etag(path)
            #expect(afterRefresh != first)
            #expect(try await get(app, path, ["If-None-Match": first]).0 == .ok)

            clock.advance(by: 86_400)
            #expect(try await etag(path) != afterRefresh)
        }
        let one = HTTPCachePolicy(build: "1", refreshInterval: 0, compresses: false)
        let two = HTTPCachePolicy(build: "2", refreshInterval: 0, compresses: false)
        #expect(one.etag(["page"]) != two.etag(["page"]))
        // A weak validator: the hex of the first 12 bytes of SHA-256 over the build and the parts, joined with NUL.
        let digest = SHA256.hash(data: Data("1\u{0}page\u{0}ünïcode".utf8))
        #expect(one.etag(["page", "ünïcode"]) == "W/\"" + SecureToken.hex(digest.prefix(12)) + "\"")
        #expect(one.etag(["page", "ünïcode"]).utf8.count == 28)
        // A page's language is hashed as one more part, `lang:` and its code.
        let german = SHA256.hash(data: Data("1\u{0}page\u{0}lang:de".utf8))
        #expect(one.etag(["page"], language: .de) == "W/\"" + SecureToken.hex(german.prefix(12)) + "\"")
        #expect(one.etag(["page"], language: .de) != one.etag(["page"], language: .ru))
    }

    @Test(
        "a directive's Vary names Cookie where the page shows who is signed in or its language, the language's header, and Accept-Encoding where pages are gzip'd"
    )
    func directiveVary() {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        for compresses in [false, true] {
            let policy = HTTPCachePolicy(build: "1", refreshInterval: 0, compresses: compresses)
            let encoding = compresses ? ["Accept-Encoding"] : []
            #expect(policy.directive(["a"], language: nil, now: now, shared: true, variesWithCookie: false).vary == encoding)
            #expect(policy.directive(["a"], language: nil, now: now, shared: true, variesWithCookie: true).vary == ["Cookie"] + encoding)
            for cookie in [false, true] {
                let directive = policy.directive(["a"], language: .ja, now: now, shared: false, variesWithCookie: cookie)
                #expect(directive.vary == ["Cookie", "Accept-Language"] + encoding)
                #expect(directive.etag == policy.etag(["a"], language: .ja))
            }
        }
    }

    @Test("signed-in pages, forms and errors are never stored, and carry no validator")
    func noStore() async throws {
        try await withPostgresApp(configuration: .forTests(initialAdmin: Self.admin)) { app in
            let browser = TestBrowser(app)
            try await browser.signIn("admin@example.org", "correct-horse")
            for path in ["/?from=USD&to=EUR&amount=100", "/about", "/rates/USD/EUR", "/contacts", "/admin/rates"] {
                let page = try await browser.get(path)
                #expect(page.status == .ok)
                #expect(page.headers.first(name: .cacheControl) == "no-store", "\(path)")
                #expect(page.headers.first(name: .eTag) == nil, "\(path)")
            }
            for path in [
                "/?from=USD&to=EUR&amount=abc", "/rates/USD/XXX", "/nowhere", "/api/v1/convert?from=USD&to=EUR&amount=-1",
                "/login",
            ] {
                let (status, headers, _) = try await get(app, path)
                #expect(headers.first(name: .cacheControl) == "no-store", "\(path) \(status)")
                #expect(headers.first(name: .eTag) == nil, "\(path)")
            }
            let (_, css, _) = try await get(app, "/css/app.css")
            #expect(css.first(name: .cacheControl) == "no-cache")
        }
    }

    @Test(
        "gzip is used when Accept-Encoding allows it, by name or by *, with a quality above zero",
        arguments: [
            (["gzip"], true), (["gzip, deflate, br"], true), (["br;q=1.0, gzip;q=0.8, *;q=0.1"], true), (["x-gzip"], true),
            (["*"], true), (["GZIP"], true), ([" identity ", "gzip"], true), (["identity"], false), ([], false),
            (["gzip;q=0"], false), (["*;q=0"], false), (["*, gzip;q=0"], false), (["deflate, br"], false),
        ])
    func acceptsGzip(values: [String], accepted: Bool) {
        #expect(GzipMiddleware.acceptsGzip(values) == accepted)
    }

    @Test("Vary gains only the names it lacks, whatever their case and the spaces around them")
    func varyNames() {
        var headers = HTTPHeaders()
        headers.addVary(["Cookie"])
        #expect(headers[.vary] == ["Cookie"])
        headers.replaceOrAdd(name: .vary, value: " accept-language ,\tCOOKIE, , Origin")
        headers.addVary(["Cookie", "Accept-Language", "Accept-Encoding", "Origin"])
        #expect(headers[.vary] == [" accept-language ,\tCOOKIE, , Origin, Accept-Encoding"])
        headers.addVary(["accept-encoding", "Cookies"])
        #expect(headers[.vary] == [" accept-language ,\tCOOKIE, , Origin, Accept-Encoding, Cookies"])
    }

    @Test("small answers go as they are; a page is compressed once, and its HEAD says so too")
    func compressionLeavesOthers() async throws {
        try await withPostgresApp { app in
            try await LoopbackServer.with(app) { server in
                let small = try await server.send(.GET, "/healthz", headers: ["Accept-Encoding": "gzip"], body: ByteBuffer())
                #expect(small.headers.first(name: .contentEncoding) == nil && small.body.readableBytes < 1_024)
                let head = try await server.send(.HEAD, "/about", headers: ["Accept-Encoding": "gzip"], body: ByteBuffer())
                #expect(head.headers.first(name: .contentEncoding) == "gzip" && head.body.readableBytes == 0)
                let page = try await server.send(.GET, "/about", headers: ["Accept-Encoding": "gzip"], body: ByteBuffer())
                #expect(page.headers.first(name: .contentEncoding) == "gzip")
                #expect(page.headers[.contentEncoding].count == 1) // compressed once, not again by Vapor's compressor
                var body = page.body
                #expect(try String(buffer: body.decompress(with: .gzip())).hasPrefix("<!doctype html>"))
            }
        }
    }

    /// The app on PostgreSQL behind a loopback server, compressing its answers or not.
    func withServer(compressing: Bool, _ test: (Application, LoopbackServer) async throws -> Void) async throws {
        var configuration = AppConfiguration.forTests()
        configuration.responseCompression = compressing
        try await withPostgresApp(configuration: configuration) { app in
            try await LoopbackServer.with(app) { server in try await test(app, server) }
        }
    }

    @Test("responses are gzip-compressed for clients that accept it, and only for them")
    func compression() async throws {
        for enabled in [true, false] {
            try await withServer(compressing: enabled) { _, server in
                let gzip = try await server.send(
                    .GET, "/?from=USD&to=EUR&amount=100", headers: ["Accept-Encoding": "gzip"], body: ByteBuffer())
                let plain = try await server.send(.GET, "/?from=USD&to=EUR&amount=100", headers: [:], body: ByteBuffer())
                #expect(plain.headers.first(name: .contentEncoding) == nil)
                #expect(plain.body.readableBytesView.starts(with: Array("<!doctype html>".utf8)))
                if enabled {
                    #expect(gzip.headers.first(name: .contentEncoding) == "gzip")
                    #expect(gzip.body.readableBytesView.starts(with: [0x1f, 0x8b]))
                    #expect(gzip.body.readableBytes * 3 < plain.body.readableBytes)
                    // The very page, byte for byte, once inflated; cached copies vary with the encoding.
                    var compressed = gzip.body
                    #expect(try compressed.decompress(with: .gzip()) == plain.body)
                    #expect(gzip.headers.first(name: .vary)?.contains("Accept-Encoding") == true)
                } else {
                    #expect(gzip.headers.first(name: .contentEncoding) == nil)
                    #expect(gzip.body == plain.body)
                }
            }
        }
    }

    @Test(
        "a kept history page goes gzip'd as it was kept to a client that takes gzip, inflated to any other; never gzip'd when the app does not compress"
    )
    func keptPagesGzipped() async throws {
        for compresses in [true, false] {
            try await withServer(compressing: compresses) { _, server in
                let plain = try await server.send(.GET, "/rates/USD/EUR", headers: [:], body: ByteBuffer())
                #expect(plain.status == .ok && plain.headers.first(name: .contentEncoding) == nil)
                for _ in 0..<2 { // rendered (or kept) once already: from the cache each time now
                    let gzip = try await server.send(.GET, "/rates/USD/EUR", headers: ["Accept-Encoding": "gzip"], body: ByteBuffer())
                    let again = try await server.send(.GET, "/rates/USD/EUR", headers: [:], body: ByteBuffer())
                    #expect(again.body == plain.body && again.headers.first(name: .contentEncoding) == nil)
                    #expect(gzip.headers.first(name: .eTag) == plain.headers.first(name: .eTag))
                    guard compresses else {
                        #expect(gzip.headers.first(name: .contentEncoding) == nil && gzip.body == plain.body)
                        continue
                    }
                    #expect(gzip.headers[.contentEncoding] == ["gzip"])
                    #expect(gzip.headers.first(name: .vary)?.contains("Accept-Encoding") == true)
                    var compressed = gzip.body
                    #expect(try compressed.decompress(with: .gzip()) == plain.body)
                }
            }
        }
    }

    @Test("a gzip'd result page splices in its menus deflated ahead: inflated, the very page, whatever is selected")
    func menusDeflatedAhead() async throws {
        try await withPostgresApp { app in
            try await LoopbackServer.with(app) { server in
                let pages = [
                    "/?from=USD&to=EUR&amount=100", "/?from=EUR&to=USD&amount=3", "/?from=AUD&to=ZAR&amount=1",
                    "/?from=ZAR&to=AUD&amount=1", "/?from=QQQ&to=EUR&amount=1", "/?from=USD&to=EUR&amount=100",
                ]
                for path in pages {
                    let gzip = try await server.send(.GET, path, headers: ["Accept-Encoding": "gzip"], body: ByteBuffer())
                    let plain = try await server.send(.GET, path, headers: [:], body: ByteBuffer())
                    #expect(gzip.headers.first(name: .contentEncoding) == "gzip", "\(path)")
                    var compressed = gzip.body
                    #expect(try compressed.decompress(with: .gzip()) == plain.body, "\(path): the very page once inflated")
                }
            }
            // The renderer notes where the menus' runs landed: each is the menu's own bytes there.
            let services = app.appServices
            let interactor = ConverterInteractor(
                rates: services.currentRates, pastRates: services.officialRates, history: FakeHistoryLoad(), catalog: services.catalog,
                providers: .everyDeclared, now: services.now)
            let output = try await interactor.show(.init(from: "GBP", to: "JPY", amount: "5"))
            let english = Localizations.of(.en)
            let model = ConverterPresenter(providers: .everyDeclared).present(output, in: english)
            let request = Request(application: app, url: URI(string: "/?from=GBP&to=JPY&amount=5"), on: app.eventLoopGroup.next())
            let (page, pieces) = try await app.pages.renderPage("converter", model, for: request)
            let parts = try #require(pieces?.parts)
            #expect(parts.count == 4, "before and after the selected option, in both menus")
            let bytes = Array(page.readableBytesView)
            let menus = [model.fromOptions, model.fromOptions, model.toOptions, model.toOptions]
            for ((offset, part), menu) in zip(parts, menus) {
                let piece = try #require(part.deflated())
                #expect(piece.length == part.length)
                #expect(
                    Array(bytes[offset..<(offset + part.length)]) == Array(Array(menu.html.utf8)[part.offset..<(part.offset + part.length)])
                )
            }
            #expect(pieces?.pieces(in: page).count == 4)
            #expect(pieces?.pieces(in: ByteBuffer(bytes: bytes)).isEmpty == true, "another body, even the same bytes: compressed whole")
            #expect(pieces?.runs.isEmpty == true, "a page not to be gzip'd notes only its menus")

            // A page to be gzip'd also notes its skeleton's fixed runs, deflated ahead: each is its
            // own bytes there, and the page gzip'd with them inflates to the very page.
            let gzipRequest = Request(
                application: app, url: URI(string: "/?from=GBP&to=JPY&amount=5"), headers: ["Accept-Encoding": "gzip"],
                on: app.eventLoopGroup.next())
            let (gzipPage, gzipPieces) = try await app.pages.renderPage("converter", model, for: gzipRequest)
            #expect(gzipPage == page)
            let runs = try #require(gzipPieces?.runs)
            #expect(runs.count >= 5, "the layout's head, header, form and footer at least")
            for (offset, piece) in runs {
                let run = ByteBuffer(bytes: bytes[offset..<(offset + piece.length)])
                var alone = try GzipCompression.compress(run, pieces: [(0, piece)])
                #expect(try alone.decompress(with: .gzip()) == run)
            }
            let all = try #require(gzipPieces?.pieces(in: gzipPage))
            #expect(all.count == runs.count + 4)
            #expect(zip(all, all.dropFirst()).allSatisfy { $0.offset + $0.piece.length <= $1.offset }, "in order, apart")
            var compressed = try GzipCompression.compress(gzipPage, pieces: all)
            #expect(try compressed.decompress(with: .gzip()) == page)
        }
    }
}
