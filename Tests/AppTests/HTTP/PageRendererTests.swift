import CompressNIO
import Foundation
import Leaf
import LeafKit
import NIOCore
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Page skeletons: a page rendered once per shape, filled per request, byte for byte Leaf's page")
struct PageRendererTests {
    struct Row: Encodable, Sendable {
        let name: String
        let note: String?
    }

    struct Model: Encodable, Sendable {
        let title: String
        let html: String
        let flag: Bool
        let count: Int
        let optional: String?
        let word: String
        let rows: [Row]
    }

    static let template = """
        <title>#(title)</title>#unsafeHTML(html)
        #if(flag):on#else:off#endif #(count) #if(optional):<b>#(optional)</b>#else:none#endif
        #if(word):[#(word)]#else:[no word]#endif
        <ul data-n="#count(rows)">#for(row in rows):<li class="#if(isFirst):first#endif">#(row.name)#if(row.note): (#(row.note))#endif</li>#endfor</ul>
        """

    /// An app whose only template is `templates[name]`, with page skeletons on.
    func withTemplates(_ templates: [String: String], _ test: (Application) async throws -> Void) async throws {
        _ = quietLogging
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cc-pages-\(UUID().uuidString)/")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in templates {
            try text.write(to: folder.appendingPathComponent(name + ".leaf"), atomically: true, encoding: .utf8)
        }
        let app = try await Application.make(.testing)
        do {
            app.views.use(.leaf)
            app.leaf.sources = .singleSource(
                NIOLeafFiles(
                    fileio: app.fileio, limits: .default, sandboxDirectory: folder.path, viewDirectory: folder.path))
            app.pages = PageRenderer(requestTags: [], isEnabled: true)
            try await test(app)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    func render(_ app: Application, _ template: String, _ model: Model) async throws -> (skeleton: String, leaf: String) {
        let request = Request(application: app, on: app.eventLoopGroup.next())
        let filled = try await app.pages.render(template, model, for: request)
        let leaf = try await request.leaf.render(path: template, context: model).get()
        return (String(buffer: filled), String(buffer: leaf))
    }

    @Test("texts with markup in them, absent optionals, flags, numbers, lists: the same page as Leaf's, from one skeleton per shape")
    func sameAsLeaf() async throws {
        try await withTemplates(["page": Self.template]) { app in
            let first = Model(
                title: "A & B", html: "<i>raw</i>", flag: true, count: 3, optional: "x",
                word: "hello", rows: [Row(name: "Ann", note: nil), Row(name: "Bob", note: "n")])
            let hostile = Model(
                title: "<script>alert('x')</script> \"quoted\"", html: "<b>&amp;</b>", flag: true, count: 3,
                optional: "\u{E000}0&\u{E001} & <", word: "Ünïcödé ✓",
                rows: [
                    Row(name: "O'Brien <x>", note: nil),
                    Row(name: "&lt;", note: "\""),
                ])
            for model in [first, hostile] {
                let (skeleton, leaf) = try await render(app, "page", model)
                #expect(skeleton == leaf)
            }
            #expect(
                try await render(app, "page", hostile).skeleton.contains(
                    "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;quoted&quot;"))
            // Both have the same shape: one skeleton, filled for the second and third pages.
            #expect(app.pages.statistics == .init(skeletons: 1, leafOnly: 0, filled: 2))

            // Other shapes: a missing optional, another list length, a flag off, an empty text and
            // the texts Leaf's #if reads as flags.
            let shapes = [
                Model(title: "t", html: "", flag: false, count: 0, optional: nil, word: "", rows: []),
                Model(title: "t", html: "", flag: true, count: 1, optional: nil, word: "false", rows: [Row(name: "a", note: "b")]),
                Model(title: "true", html: "h", flag: true, count: 1, optional: "", word: "true", rows: [Row(name: "a", note: nil)]),
            ]
            for model in shapes {
                let (skeleton, leaf) = try await render(app, "page", model)
                #expect(skeleton == leaf)
            }
            #expect(app.pages.statistics.skeletons == 4)
        }
    }

    struct Inner: Encodable {
        let b: String
        var c: String?
    }
    struct FlatAfter: Encodable {
        let a: Inner
        let c: String
    }
    struct NestedInside: Encodable { let a: Inner }

    @Test("one pass writes the tree's texts in slot order, and a shape that tells apart what renders differently")
    func valuesInOnePass() throws {
        let model = Model(
            title: "A & B", html: "<i>raw</i>", flag: true, count: 3, optional: "x", word: "hello",
            rows: [Row(name: "Ann", note: nil), Row(name: "Bob", note: "n")])
        let values = try PageValues(encoding: model)
        #expect(values.texts == ["A & B", "<i>raw</i>", "x", "hello", "Ann", "Bob", "n"])
        #expect(values.texts == (try PageContext(encoding: model)).texts())

        func shape(_ model: some Encodable) throws -> [UInt8] { try PageValues(encoding: model).shape }
        let other = Model(
            title: "other", html: "<b>", flag: true, count: 3, optional: "y", word: "bye",
            rows: [Row(name: "C", note: nil), Row(name: "D", note: "m")])
        #expect(try shape(model) == shape(other), "only texts differ: one skeleton")
        for different in [
            Model(title: "A", html: "h", flag: false, count: 3, optional: "x", word: "w", rows: model.rows),
            Model(title: "A", html: "h", flag: true, count: 4, optional: "x", word: "w", rows: model.rows),
            Model(title: "A", html: "h", flag: true, count: 3, optional: nil, word: "w", rows: model.rows),
            Model(title: "A", html: "h", flag: true, count: 3, optional: "x", word: "true", rows: model.rows),
            Model(title: "A", html: "h", flag: true, count: 3, optional: "x", word: "", rows: model.rows),
            Model(title: "A", html: "h", flag: true, count: 3, optional: "x", word: "w", rows: Array(model.rows.prefix(1))),
            Model(title: "A", html: "h", flag: true, count: 3, optional: "x", word: "w", rows: [model.rows[0], Row(name: "B", note: nil)]),
        ] {
            #expect(try shape(model) != shape(different))
        }
        // The same keys and texts in the same order, nested differently.
        let flat = FlatAfter(a: Inner(b: "1"), c: "2"), nested = NestedInside(a: Inner(b: "1", c: "2"))
        #expect(try PageValues(encoding: flat).texts == PageValues(encoding: nested).texts)
        #expect(try shape(flat) != shape(nested))
        // Keys (a dictionary's may be anything) never read as structure.
        let plain = ["a": "1", "b": "2"], mimicking = ["a\u{1}\u{1}b": "1"]
        #expect(try shape(plain) != shape(mimicking))
    }

    struct EquatableRow: Encodable, Sendable, Equatable {
        let name: String
        let note: String?
    }
    /// ``Model`` with members written ahead.
    struct PreencodedModel: Encodable, Sendable {
        let title: String
        let html: Preencoded<PrecompressedHTML>
        let flag: Bool
        let count: Int
        let optional: Preencoded<String>?
        let word: String
        let rows: Preencoded<[EquatableRow]>
    }
    struct Nesting<Inside: Encodable & Sendable>: Encodable, Sendable {
        let inside: Inside
    }

    @Test("members written ahead (Preencoded) give the page values and the page that writing them then would")
    func preencodedMembers() async throws {
        let menu = "<option>a</option><option>b</option>"
        let html = PrecompressedHTML(menu, parts: [.init(offset: 0, runs: DeflatedRuns(of: menu), range: 0..<18)])
        let rows = [EquatableRow(name: "Ann", note: nil), EquatableRow(name: "<Bob>", note: "n & m")]
        let plain = Model(
            title: "A & B", html: menu, flag: true, count: 3, optional: "x", word: "hello",
            rows: rows.map { Row(name: $0.name, note: $0.note) })
        for optional in ["x", nil] as [String?] {
            let ahead = PreencodedModel(
                title: "A & B", html: Preencoded(html), flag: true, count: 3, optional: optional.map(Preencoded.init), word: "hello",
                rows: Preencoded(rows))
            let written = try PageValues(encoding: ahead)
            let expected = try PageValues(
                encoding: Model(
                    title: plain.title, html: plain.html, flag: true, count: 3, optional: optional, word: "hello", rows: plain.rows))
            #expect(written.texts == expected.texts && written.shape == expected.shape)
            // The menu's compressed part stays with its text, wherever the texts before it end.
            #expect(written.parts.keys.sorted() == [1] && written.parts[1]?.first?.range == 0..<18)
            #expect(ahead.rows.count == 2 && ahead.rows.value == rows, "Swift sees the value")
        }
        // Deeper than a page's top level it is written afresh, the same way.
        let nested = Nesting(inside: Nesting(inside: Preencoded(rows)))
        #expect(try PageValues(encoding: nested).shape == PageValues(encoding: Nesting(inside: Nesting(inside: rows))).shape)
        try await withTemplates(["page": Self.template]) { app in
            let request = Request(application: app, on: app.eventLoopGroup.next())
            let ahead = PreencodedModel(
                title: "A & B", html: Preencoded(html), flag: true, count: 3, optional: Preencoded("x"), word: "hello",
                rows: Preencoded(rows))
            let filled = try await app.pages.render("page", ahead, for: request)
            let leaf = try await request.leaf.render(path: "page", context: plain).get()
            #expect(String(buffer: filled) == String(buffer: leaf))
        }
    }

    struct ListPage: Encodable, Sendable {
        let title: String
        let rows: Preencoded<[EquatableRow]>
    }

    struct TwiceListPage: Encodable, Sendable {
        let title: String
        let rows: Preencoded<[EquatableRow]>
        let again: Preencoded<[EquatableRow]>
    }

    @Test("one value written ahead in two members: both its runs deflated and spliced from the third page on")
    func sameValueTwice() async throws {
        let list = "<ul>#for(row in LIST):<li>#(row.name)#if(row.note): (#(row.note))#endif</li>#endfor</ul>"
        let template =
            "<title>#(title)</title>" + list.replacingOccurrences(of: "LIST", with: "rows") + "<hr>"
            + list.replacingOccurrences(of: "LIST", with: "again")
        let rows = Preencoded((0..<20).map { EquatableRow(name: "Bank number \($0)", note: $0.isMultiple(of: 4) ? "a note" : nil) })
        try await withTemplates(["twice": template]) { app in
            let request = Request(application: app, headers: ["Accept-Encoding": "gzip"], on: app.eventLoopGroup.next())
            for title in ["one", "two", "three", "four"] {
                let (body, noted) = try await app.pages.renderPage(
                    "twice", TwiceListPage(title: title, rows: rows, again: rows), for: request)
                let pieces = noted?.pieces(in: body) ?? []
                var compressed = try GzipCompression.compress(body, pieces: pieces)
                #expect(try compressed.decompress(with: .gzip()) == body, "\(title)")
                guard title == "three" || title == "four" else { continue }
                let text = Array(body.readableBytesView)
                let lists = [text.firstRange(of: Array("<ul>".utf8))!, text.lastRange(of: Array("<ul>".utf8))!]
                for list in lists {
                    #expect(pieces.contains { $0.offset <= list.upperBound + 20 && list.upperBound + 20 < $0.offset + $0.piece.length })
                }
            }
        }
    }

    @Test("a gzip'd page notes its fixed runs and, from its second page on, the runs of a value written ahead, deflated once")
    func deflatedRunsAndSpans() async throws {
        let header = String(repeating: "<p class=\"intro\">The same words on every page, long enough to deflate.</p>\n", count: 3)
        let template =
            header + "<title>#(title)</title><ul>#for(row in rows):<li>#(row.name)#if(row.note): (#(row.note))#endif</li>#endfor</ul>"
        let rows = (0..<20).map { EquatableRow(name: "Bank number \($0) & <co>", note: $0.isMultiple(of: 3) ? "a note" : nil) }
        try await withTemplates(["list": template]) { app in
            let request = Request(application: app, headers: ["Accept-Encoding": "gzip"], on: app.eventLoopGroup.next())
            let plainRequest = Request(application: app, on: app.eventLoopGroup.next())
            let kept = Preencoded(rows)
            func page(
                _ title: String, _ rows: Preencoded<[EquatableRow]> = kept, for request: Request
            ) async throws -> (
                page: ByteBuffer, pieces: [(offset: Int, piece: DeflatedPiece)]
            ) {
                let (page, pieces) = try await app.pages.renderPage("list", ListPage(title: title, rows: rows), for: request)
                return (page, pieces?.pieces(in: page) ?? [])
            }
            func rowsRange(_ page: ByteBuffer) throws -> Range<Int> {
                let text = Array(page.readableBytesView)
                let start = try #require(text.firstRange(of: Array("Bank number 0".utf8))).lowerBound
                let end = try #require(text.firstRange(of: Array("Bank number 19 &amp; &lt;co&gt;".utf8))).upperBound
                return start..<end
            }
            // The first page of a shape is Leaf's own; the second fills the skeleton, its fixed
            // runs deflated ahead; the rows' run is made from it, and spliced from the third on.
            _ = try await page("first", for: request)
            let second = try await page("second", for: request)
            #expect(!second.pieces.isEmpty && second.pieces.allSatisfy { $0.offset + $0.piece.length <= header.utf8.count + 20 })
            for title in ["third", "fourth & last"] {
                let (body, pieces) = try await page(title, for: request)
                let rowsBytes = try rowsRange(body)
                let span = try #require(
                    pieces.first { $0.offset <= rowsBytes.lowerBound && rowsBytes.lowerBound < $0.offset + $0.piece.length })
                #expect(span.offset + span.piece.length >= rowsBytes.upperBound, "the rows' run, whole")
                var compressed = try GzipCompression.compress(body, pieces: pieces)
                #expect(try compressed.decompress(with: .gzip()) == body)
                // The same page for a request that does not take gzip: the same bytes, nothing noted.
                let plain = try await page(title, for: plainRequest)
                #expect(plain.page == body && plain.pieces.isEmpty)
            }
            // Other rows of the same shape keep their own run; the first such page makes it.
            let others = Preencoded(rows.map { EquatableRow(name: $0.name.replacingOccurrences(of: "Bank", with: "Bonk"), note: $0.note) })
            _ = try await page("others", others, for: request)
            let (body, pieces) = try await page("others again", others, for: request)
            #expect(String(buffer: body).contains("Bonk number 7") && !String(buffer: body).contains("Bank number"))
            var compressed = try GzipCompression.compress(body, pieces: pieces)
            #expect(try compressed.decompress(with: .gzip()) == body)
        }
    }

    @Test("a template that transforms a text is rendered by Leaf: its skeleton is refused on first use")
    func transformedTextFallsBackToLeaf() async throws {
        try await withTemplates(["shout": "<p>#uppercased(title)</p>#(html)"]) { app in
            let model = Model(title: "quiet", html: "h", flag: false, count: 0, optional: nil, word: "w", rows: [])
            let (first, leaf) = try await render(app, "shout", model)
            #expect(first == leaf && first.contains("QUIET"))
            let other = Model(title: "calm", html: "h", flag: false, count: 0, optional: nil, word: "w", rows: [])
            let (second, secondLeaf) = try await render(app, "shout", other)
            #expect(second == secondLeaf && second.contains("CALM"))
            #expect(app.pages.statistics.skeletons == 0)
            #expect(app.pages.statistics.leafOnly == 1)
        }
    }

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
