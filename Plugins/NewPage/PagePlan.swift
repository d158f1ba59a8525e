import Foundation

/// Every file to create and every registration to make for a page, checked before any is written.
struct PagePlan {
    let request: PageRequest
    let root: URL
    private(set) var files: [(path: String, contents: String)] = []
    private(set) var edits: [(path: String, contents: String)] = []

    static let siteURLPath = "Sources/App/Routing/SiteURL.swift"
    static let routesPath = "Sources/App/Routing/SiteURL+Route.swift"
    static let configurePath = "Sources/App/Boot/configure.swift"
    /// The languages besides English, whose `.po` files get the page's new texts to translate.
    static let translatedLanguages = ["ru", "de", "ar", "ja"]

    init(request: PageRequest, root: URL) throws {
        self.request = request
        self.root = root
        let name = request.name
        let page = PageFiles(request: request)
        files = [
            ("Sources/App/Modules/\(name)/\(name)Contract.swift", page.contract),
            ("Sources/App/Modules/\(name)/\(name)Interactor.swift", page.interactor),
            ("Sources/App/Modules/\(name)/\(name)Presenter.swift", page.presenter),
            ("Sources/App/Modules/\(name)/\(name)Router.swift", page.router),
            ("Sources/App/Modules/\(name)/\(name)View.swift", page.view),
            ("Sources/App/Modules/\(name)/\(name)Assembly.swift", page.assembly),
            ("Templates/\(request.templateName).leaf", page.leafTemplate),
            ("Tests/AppTests/Modules/\(name)/\(name)Tests.swift", page.unitTests),
            ("Tests/AppTests/Modules/\(name)/\(name)PageTests.swift", page.pageTests),
        ]
        try checkNothingExists()
        edits = [
            (Self.siteURLPath, try registerLink(in: read(Self.siteURLPath))),
            (Self.routesPath, try registerRoute(in: read(Self.routesPath))),
            (Self.configurePath, try registerAssembly(in: read(Self.configurePath))),
        ]
        for language in Self.translatedLanguages {
            let path = "Sources/Web/Resources/Translations/\(language).po"
            if let text = try addTexts(page.texts, to: read(path)) { edits.append((path, text)) }
        }
    }

    /// Writes the files and the registrations; nothing is overwritten.
    func apply() throws {
        let manager = FileManager.default
        for file in files {
            let url = root.appending(path: file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard manager.createFile(atPath: url.path(percentEncoded: false), contents: Data(file.contents.utf8)) else {
                throw NewPageError("Could not write \(file.path).")
            }
        }
        for edit in edits {
            try Data(edit.contents.utf8).write(to: root.appending(path: edit.path))
        }
    }

    var summary: String {
        let written = files.map { "  created  \($0.path)" } + edits.map { "  updated  \($0.path)" }
        return """
            Added the \(request.name) page at \(request.path)\(request.hasForm ? " with a form" : ""):
            \(written.joined(separator: "\n"))
            Next: write its use case in \(request.name)Interactor, its words in \(request.name)Presenter, translate
            its texts in Sources/Web/Resources/Translations/*.po, then `scripts/test`.
            """
    }

    /// `catalog` with an untranslated entry for each of `texts` it lacks (the translation test then
    /// lists them until someone translates them); `nil` when it has them all.
    private func addTexts(_ texts: [String], to catalog: String) -> String? {
        let quoted = { (text: String) in
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let missing = texts.filter { !catalog.contains("\nmsgid \(quoted($0))\n") }
        guard !missing.isEmpty else { return nil }
        var text = catalog
        if !text.hasSuffix("\n") { text += "\n" }
        for english in missing { text += "\n#. new-page \(request.name): translate\nmsgid \(quoted(english))\nmsgstr \"\"\n" }
        return text
    }

    private func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: root.appending(path: path).path(percentEncoded: false)),
            let text = String(data: data, encoding: .utf8)
        else { throw NewPageError("Cannot read \(path): is this the Currency Converter package?") }
        return text
    }

    /// No file of the page, no module, type or route of the same name, and no route at the path.
    private func checkNothingExists() throws {
        let manager = FileManager.default
        for file in files where manager.fileExists(atPath: root.appending(path: file.path).path(percentEncoded: false)) {
            throw NewPageError("\(file.path) already exists; nothing was written. Choose another name.")
        }
        let modules = root.appending(path: "Sources/App/Modules")
        if let found = manager.enumerator(atPath: modules.path(percentEncoded: false))?
            .compactMap({ $0 as? String }).first(where: { ($0 as NSString).lastPathComponent == request.name })
        {
            throw NewPageError("A module named \(request.name) already exists (Modules/\(found)); nothing was written.")
        }
        let sources = root.appending(path: "Sources")
        let declaration = try Regex("(enum|struct|class|actor|protocol|typealias) \(request.name)\\b")
        for case let file as String in manager.enumerator(atPath: sources.path(percentEncoded: false)) ?? .init()
        where file.hasSuffix(".swift") {
            if let text = try? String(contentsOf: sources.appending(path: file), encoding: .utf8), text.contains(declaration) {
                throw NewPageError("The app already declares a type named \(request.name) (\(file)); nothing was written.")
            }
        }
        let siteURL = try read(Self.siteURLPath), routes = try read(Self.routesPath)
        if routes.contains("case \(request.routeCase) = ") || siteURL.contains("case \(request.routeCase)\n") {
            throw NewPageError("SiteURL already has a route named \(request.routeCase); nothing was written.")
        }
        if routes.contains("= \"\(request.path)\"") {
            throw NewPageError("The app already has a route at \(request.path); nothing was written. Choose another path.")
        }
    }

    /// `SiteURL` gains the page's link.
    private func registerLink(in text: String) throws -> String {
        let name = request.routeCase
        var text = text
        try insert("    case \(name)\n", before: "\n    var path: String {", in: &text, of: Self.siteURLPath)
        try insert(
            "        case .\(name): Route.\(name).pattern\n", before: "        }\n    }\n\n    private static func pathSegment", in: &text,
            of: Self.siteURLPath)
        return text
    }

    /// `SiteURL.Route` gains the page's pattern.
    private func registerRoute(in text: String) throws -> String {
        var text = text
        try insert(
            "        case \(request.routeCase) = \"\(request.path)\"\n", before: "\n        var pattern: String { rawValue }", in: &text,
            of: Self.routesPath)
        return text
    }

    /// `configure` registers the page's Assembly after the others.
    private func registerAssembly(in text: String) throws -> String {
        guard let last = text.ranges(of: "Assembly.register(on: app, services: services)\n").last else {
            throw NewPageError(
                "\(Self.configurePath) lists no module assemblies to add \(request.name)Assembly after; nothing was written.")
        }
        var text = text
        text.insert(contentsOf: "    \(request.name)Assembly.register(on: app, services: services)\n", at: last.upperBound)
        return text
    }

    private func insert(_ line: String, before anchor: String, in text: inout String, of path: String) throws {
        guard let range = text.range(of: anchor) else {
            throw NewPageError(
                "\(path) has changed shape (no “\(anchor.trimmingCharacters(in: .whitespacesAndNewlines))”); nothing was written."
            )
        }
        text.insert(contentsOf: line, at: range.lowerBound)
    }
}
