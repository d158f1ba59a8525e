import CompressNIO
import Foundation
import Leaf
import LeafKit
import NIOCore
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import Core
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
        _ = quietTestLogs
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
    /// ``Model`` with a menu of choices where its HTML goes.
    struct MenuModel: Encodable, Sendable {
        let title: String
        let html: SelectOptions
        let flag: Bool
        let count: Int
        let optional: String?
        let word: String
        let rows: [EquatableRow]
    }

    @Test("a menu (SelectOptions) gives the page values and the page its options' HTML does, its runs noted to be had deflated")
    func selectOptionsMembers() async throws {
        let choices = [SelectOptions.Choice(value: "a", label: "A & a"), .init(value: "b", label: "<B>")]
        let menu = SelectOptions(choices, selected: "b", placeholder: "Choose")
        let html = "<option value=\"a\">A &amp; a</option><option value=\"b\" selected>&lt;B&gt;</option>"
        #expect(menu.html == html)
        let rows = [EquatableRow(name: "Ann", note: nil), EquatableRow(name: "<Bob>", note: "n & m")]
        let plain = Model(
            title: "A & B", html: html, flag: true, count: 3, optional: "x", word: "hello",
            rows: rows.map { Row(name: $0.name, note: $0.note) })
        let withMenu = MenuModel(title: "A & B", html: menu, flag: true, count: 3, optional: "x", word: "hello", rows: rows)
        let written = try PageValues(encoding: withMenu)
        let expected = try PageValues(encoding: plain)
        #expect(written.texts == expected.texts && written.shape == expected.shape)
        // The options before the selected one are a part to be had deflated, at the menu's text.
        #expect(written.parts.keys.sorted() == [1] && written.parts[1]?.first?.offset == 0)
        try await withTemplates(["page": Self.template]) { app in
            let request = Request(application: app, on: app.eventLoopGroup.next())
            let leaf = try await request.leaf.render(path: "page", context: plain).get()
            for _ in 0..<2 {
                let filled = try await app.pages.render("page", withMenu, for: request)
                #expect(String(buffer: filled) == String(buffer: leaf))
            }
        }
    }

    @Test("a gzip'd page notes its skeleton's fixed runs, deflated once; it inflates to itself, and is the same page without gzip")
    func deflatedFixedRuns() async throws {
        let header = String(repeating: "<p class=\"intro\">The same words on every page, long enough to deflate.</p>\n", count: 3)
        let template =
            header + "<title>#(title)</title><ul>#for(row in rows):<li>#(row.name)#if(row.note): (#(row.note))#endif</li>#endfor</ul>"
        struct ListPage: Encodable, Sendable {
            let title: String
            let rows: [EquatableRow]
        }
        let rows = (0..<20).map { EquatableRow(name: "Bank number \($0) & <co>", note: $0.isMultiple(of: 3) ? "a note" : nil) }
        try await withTemplates(["list": template]) { app in
            let request = Request(application: app, headers: ["Accept-Encoding": "gzip"], on: app.eventLoopGroup.next())
            let plainRequest = Request(application: app, on: app.eventLoopGroup.next())
            func page(
                _ title: String, for request: Request
            ) async throws -> (page: ByteBuffer, pieces: [(offset: Int, piece: DeflatedPiece)]) {
                let (page, pieces) = try await app.pages.renderPage("list", ListPage(title: title, rows: rows), for: request)
                return (page, pieces?.pieces(in: page) ?? [])
            }
            // The first page of a shape is Leaf's own; the next fill the skeleton, its fixed runs deflated ahead.
            _ = try await page("first", for: request)
            for title in ["second", "third & last"] {
                let (body, pieces) = try await page(title, for: request)
                #expect(!pieces.isEmpty && pieces.allSatisfy { $0.offset + $0.piece.length <= header.utf8.count + 20 })
                var compressed = try GzipCompression.compress(body, pieces: pieces)
                #expect(try compressed.decompress(with: .gzip()) == body)
                let plain = try await page(title, for: plainRequest)
                #expect(plain.page == body && plain.pieces.isEmpty)
            }
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
}
