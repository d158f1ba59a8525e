import CompressNIO
import Foundation
import NIOCore
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Web

@Suite("Page frames: a pair's page cut where its amount's texts go, filled per request, byte for byte the page rendered whole")
struct PageFrameTests {
    /// A page with a menu part, two holes (one twice) and a tag, as a frame is rendered.
    static func framed() throws -> (frame: PageFrame, part: PrecompressedHTML.Part) {
        let menu = "<option>A</option><option>B</option>"
        let part = PrecompressedHTML.Part(offset: 0, runs: DeflatedRuns(of: menu), range: 0..<menu.utf8.count)
        let head = "<title>\(PageFrame.marker(1)) = \(PageFrame.marker(0))</title><nav>\(PageFrame.tagMarker("accountNav"))</nav><select>"
        let page = head + menu + "</select><a href=\"/?amount=\(PageFrame.marker(1))\">~ a lone tilde ~</a>"
        let frame = try #require(
            PageFrame(parsing: ByteBuffer(string: page), parts: [(head.utf8.count, part)], holes: 2))
        return (frame, part)
    }

    @Test("filled: the texts in their holes (each place a hole is), the tag's HTML, the menu's own bytes")
    func fill() throws {
        let (frame, part) = try Self.framed()
        #expect(frame.holes == 2 && frame.tagNames == ["accountNav"])
        let filled = frame.fill(["89.50", "100"], tags: ["accountNav": "<a>Sign in</a>"], deflating: false)
        let expected =
            "<title>100 = 89.50</title><nav><a>Sign in</a></nav><select><option>A</option><option>B</option></select>"
            + "<a href=\"/?amount=100\">~ a lone tilde ~</a>"
        #expect(String(buffer: filled.page) == expected)
        #expect(filled.pieces == nil, "a page not to be gzip'd notes no pieces")

        // To be gzip'd: the menu's part where it landed, and the frame's own longer runs deflated.
        let gzip = frame.fill(["89.50", "100"], tags: ["accountNav": "<a>Sign in</a>"], deflating: true)
        #expect(gzip.page == filled.page)
        let pieces = try #require(gzip.pieces?.pieces(in: gzip.page))
        let bytes = Array(gzip.page.readableBytesView)
        let menuOffset = try #require(expected.range(of: "<option>")).lowerBound.utf16Offset(in: expected)
        #expect(pieces.contains { $0.offset == menuOffset && $0.piece.length == part.length })
        #expect(pieces.contains { $0.offset == 0 && $0.piece.length == "<title>".utf8.count } == false, "a short run stays live")
        var compressed = try GzipCompression.compress(gzip.page, pieces: pieces)
        #expect(try compressed.decompress(with: .gzip()) == ByteBuffer(bytes: bytes))
    }

    @Test(
        "a request tag's frame filled as text: the texts in every place of their holes, in any script; a page's frame as its filled bytes")
    func text() throws {
        let fragment = "<a href=\"/login?next=\(PageFrame.marker(0))\">Войти</a><span>\(PageFrame.marker(1))\(PageFrame.marker(0))</span>"
        let frame = try #require(PageFrame(parsing: ByteBuffer(string: fragment), parts: [], holes: 2))
        #expect(frame.text(filling: ["/%3Fa%3D1", "١٢٣"]) == "<a href=\"/login?next=/%3Fa%3D1\">Войти</a><span>١٢٣/%3Fa%3D1</span>")
        #expect(frame.text(filling: ["", ""]) == "<a href=\"/login?next=\">Войти</a><span></span>")
        // With a menu's part and a tag: the page's bytes, the tag left empty.
        let (page, _) = try Self.framed()
        #expect(page.text(filling: ["1", "2"]) == String(buffer: page.fill(["1", "2"], tags: [:], deflating: false).page))
    }

    @Test("a key is framed from its second answer on: one asked for once costs no frame, and a framed one is not written again")
    func framedFromTheSecondAsk() {
        let frames = PageFrames(capacity: 8)
        var (written, marked) = (0, 0)
        func answer(_ amount: String) -> ByteBuffer { ByteBuffer(string: "{\"amount\":\"\(amount)\",\"url\":\"/?amount=\(amount)\"}") }
        func body(_ amount: String, key: String = "USD|EUR") -> ByteBuffer {
            frames.body(
                key: key, texts: [amount],
                write: {
                    written += 1
                    return answer(amount)
                },
                writeMarked: {
                    marked += 1
                    return answer(PageFrame.marker(0))
                })
        }
        #expect(body("1") == answer("1") && (written, marked) == (1, 0))
        #expect(body("2") == answer("2") && (written, marked) == (2, 1))
        #expect(body("3.5") == answer("3.5") && (written, marked) == (2, 1), "from the frame")
        #expect(body("4", key: "USD|GBP") == answer("4") && (written, marked) == (3, 1), "another key, asked once")
        #expect(body("\"") == answer("\"") && (written, marked) == (4, 1), "a text that does not fit is written whole")
    }

    @Test("a request tag's HTML is framed from its second rendering on, apart from answers of the same key")
    func fragmentsFramedApart() async throws {
        let frames = PageFrames(capacity: 8)
        var rendered = 0
        func link(_ next: String) -> ByteBuffer { ByteBuffer(string: "<a href=\"/login?next=\(next)\">Sign in</a>") }
        func fragment(_ next: String, in language: Language = .en) async -> String {
            await frames.fragment(
                "account-nav", in: language, key: "signed out", texts: [next],
                render: {
                    rendered += 1
                    return link(next)
                },
                renderMarked: { link(PageFrame.marker(0)) })
        }
        #expect(await fragment("/") == "<a href=\"/login?next=/\">Sign in</a>" && rendered == 1)
        #expect(await fragment("/about") == "<a href=\"/login?next=/about\">Sign in</a>" && rendered == 2)
        #expect(await fragment("/ledger") == "<a href=\"/login?next=/ledger\">Sign in</a>" && rendered == 2, "from the frame")
        // An answer under the same key is another thing altogether.
        let body = frames.body(
            key: "signed out", texts: ["1"], write: { ByteBuffer(string: "{\"a\":\"1\"}") }, writeMarked: { ByteBuffer() })
        #expect(body == ByteBuffer(string: "{\"a\":\"1\"}"))
        #expect(await fragment("/rates") == "<a href=\"/login?next=/rates\">Sign in</a>" && rendered == 2)
        // The same key in another language is another fragment: rendered, not filled from the English frame.
        #expect(await fragment("/rates", in: .de) == "<a href=\"/login?next=/rates\">Sign in</a>" && rendered == 3)
    }

    @Test("a malformed marker, a hole that is not there or a part not where noted: no frame")
    func refused() throws {
        let menu = "<option>A</option>"
        let part = PrecompressedHTML.Part(offset: 0, runs: DeflatedRuns(of: menu), range: 0..<menu.utf8.count)
        #expect(PageFrame(parsing: ByteBuffer(string: "a ~~0~~ b"), parts: [], holes: 1) != nil)
        #expect(PageFrame(parsing: ByteBuffer(string: "a ~~2~~ b"), parts: [], holes: 2) == nil, "no hole 2")
        #expect(PageFrame(parsing: ByteBuffer(string: "a ~~x~~ b"), parts: [], holes: 2) == nil)
        #expect(PageFrame(parsing: ByteBuffer(string: "a ~~0 b"), parts: [], holes: 1) == nil, "unclosed")
        #expect(PageFrame(parsing: ByteBuffer(string: "a ~~~~ b"), parts: [], holes: 1) == nil, "empty")
        #expect(PageFrame(parsing: ByteBuffer(string: "ab<option>B</option>"), parts: [(2, part)], holes: 0) == nil, "other bytes")
        #expect(PageFrame(parsing: ByteBuffer(string: "ab<option>A</option>"), parts: [(3, part)], holes: 0) == nil, "elsewhere")
        #expect(PageFrame(parsing: ByteBuffer(string: "ab<option>A</option>"), parts: [(2, part)], holes: 0) != nil)
    }

    @Test("only texts that read the same escaped go into holes: numbers in any script, never markup, quotes or controls")
    func fits() {
        #expect(PageFrame.fits(["100", "1,000.50", "1 234,5", "١٢٣٫٤", "12 345", "5."]))
        for hostile in ["<b>", "a&b", "\"", "'", "\\", "\n", "1\u{0}"] {
            #expect(!PageFrame.fits(["100", hostile]), "\(hostile.debugDescription)")
        }
    }

    @Test(
        "result pages and API answers from their pair's frame are the pages rendered whole: any amount, language, day or source, signed in or not, gzip'd or not"
    )
    func framedPagesAreWholePages() async throws {
        let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")
        try await withPostgresApp(configuration: .forTests(initialAdmin: admin, bundledRatesFile: Fixtures.sampleArchive)) { app in
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 4))
            try await LoopbackServer.with(app) { server in
                let signedIn = TestBrowser(server, client: "127.0.0.1")
                try await signedIn.signIn(admin.email, admin.password)
                var paths: [String] = []
                for (from, to) in [("USD", "EUR"), ("GBP", "JPY")] {
                    for extra in ["", "&date=2020-03-15", "&x=%3Cb%3E"] {
                        for amount in ["100", "2500.5", "0.01", "1%2C5", "999999999999999.99999999", "7", "1%26"] {
                            paths.append("/?from=\(from)&to=\(to)&amount=\(amount)\(extra)")
                        }
                    }
                }
                func page(_ path: String, _ language: String, gzip: Bool) async throws -> (HTTPStatus, ByteBuffer, String?) {
                    var headers: HTTPHeaders = ["Accept-Language": language]
                    if gzip { headers.add(name: .acceptEncoding, value: "gzip") }
                    let response = try await server.send(.GET, path, headers: headers, body: ByteBuffer())
                    var body = response.body
                    if response.headers.first(name: .contentEncoding) == "gzip" { body = try body.decompress(with: .gzip()) }
                    return (response.status, body, response.headers.first(name: .eTag))
                }
                var framed: [String: (HTTPStatus, ByteBuffer, String?)] = [:]
                var converted = 0
                for language in ["en", "de", "ru", "ar", "ja"] {
                    for (index, path) in paths.enumerated() {
                        let answer = try await page(path, language, gzip: index % 2 == 1)
                        if answer.0 == .ok { converted += 1 }
                        framed[language + path] = answer
                    }
                }
                var signedInPages: [ByteBuffer] = []
                for path in paths.prefix(7) { signedInPages.append(try await signedIn.get(path).body) }
                #expect(converted > 150)
                // A page from its frame fills no skeleton, its signed-out account menu being filled
                // into a frame of its own too; rendered, it would fill two.
                let filled = app.pages.statistics.filled
                for amount in 1...10 { #expect(try await page("/?from=USD&to=EUR&amount=\(amount)", "en", gzip: false).0 == .ok) }
                #expect(app.pages.statistics.filled - filled == 0)

                // The same pages rendered whole, by Leaf itself.
                app.pages = PageRenderer(requestTags: app.pages.requestTags, isEnabled: false, compresses: app.pages.compresses)
                for language in ["en", "de", "ru", "ar", "ja"] {
                    for (index, path) in paths.enumerated() {
                        let whole = try await page(path, language, gzip: index % 3 == 0)
                        let kept = try #require(framed[language + path])
                        #expect(whole.0 == kept.0 && whole.2 == kept.2, "\(language) \(path)")
                        #expect(String(buffer: whole.1) == String(buffer: kept.1), "\(language) \(path)")
                    }
                }
                for (path, kept) in zip(paths.prefix(7), signedInPages) {
                    let whole = try await signedIn.get(path).body
                    #expect(String(buffer: whole) == String(buffer: kept), "signed in: \(path)")
                    #expect(String(buffer: whole).contains(admin.email))
                }
            }

            // An answer from its pair's frame is the answer written whole.
            let services = app.appServices
            let interactor = ConverterInteractor(
                rates: services.currentRates, pastRates: services.officialRates, history: FakeHistoryLoad(), catalog: services.catalog,
                providers: .everyDeclared, now: services.now)
            for amount in ["100", "2500.50", "0.01", "1,5", "999999999999999.99999999", "7"] {
                for date in [nil, "2020-03-15"] {
                    let path = "/api/v1/convert?from=USD&to=JPY&amount=\(amount)" + (date.map { "&date=\($0)" } ?? "")
                    let response = try await TestBrowser(app).get(path)
                    let output = try await interactor.show(.init(from: "USD", to: "JPY", amount: amount, date: date))
                    guard case .converted(let conversion) = output.outcome else {
                        Issue.record("\(path) did not convert")
                        continue
                    }
                    let whole = ConverterAPIPresenter(providers: .everyDeclared).present(
                        conversion, alternatives: output.alternatives, snapshot: output.snapshot, askedDate: output.askedDate,
                        today: output.today, chosenSource: output.accepted?.source)
                    #expect(response.status == .ok)
                    #expect(response.body.string == String(decoding: try APIJSON.encode(whole), as: UTF8.self), "\(path)")
                }
            }
        }
    }
}
