import Foundation
import Testing

/// A page module's View only decodes, asks, renders or redirects (docs/ARCHITECTURE.md): none of
/// its files (`LedgerView.swift`, `LedgerView+Failures.swift`) runs past ``ThinViewsTests/limit`` lines.
@Suite("Thin views: no file of a page module's View over 200 lines")
struct ThinViewsTests {
    static let limit = 200

    /// The files among `paths` (relative to the package) that are a page module's View.
    static func viewFiles(_ paths: [String]) -> [String] {
        paths.filter { path in
            guard path.hasPrefix("Sources/App/Modules/") else { return false }
            let name = (path as NSString).lastPathComponent
            return name.hasSuffix("View.swift") || name.range(of: #"View\+[A-Za-z]+\.swift$"#, options: .regularExpression) != nil
        }
    }

    /// Those of `files` (path and text) longer than `limit` lines, with their counts.
    static func oversized(_ files: [(path: String, text: String)]) -> [String] {
        files.compactMap { file in
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - (file.text.hasSuffix("\n") ? 1 : 0)
            return lines > limit ? "\(file.path): \(lines) lines" : nil
        }
    }

    @Test("every View file of the page modules is at most 200 lines")
    func viewsAreThin() throws {
        let views = Self.viewFiles(LayerRules.swiftFiles(under: LayerRulesTests.root))
        #expect(views.count > 20, "the modules' Views are found")
        let files = try views.map { ($0, try String(contentsOf: LayerRulesTests.root.appendingPathComponent($0), encoding: .utf8)) }
        let oversized = Self.oversized(files)
        #expect(oversized.isEmpty, "\(oversized.joined(separator: "\n"))")
    }

    @Test("a View file of 201 lines fails; 200 lines, or a longer presenter, does not")
    func aLongViewFails() {
        let lines = { (count: Int) in String(repeating: "let x = 1\n", count: count) }
        #expect(
            Self.oversized([("Sources/App/Modules/Planted/PlantedView.swift", lines(201))]) == [
                "Sources/App/Modules/Planted/PlantedView.swift: 201 lines"
            ])
        #expect(Self.oversized([("Sources/App/Modules/Planted/PlantedView.swift", lines(200))]).isEmpty)
        let paths = [
            "Sources/App/Modules/Planted/PlantedView.swift", "Sources/App/Modules/Planted/PlantedView+Upload.swift",
            "Sources/App/Modules/Planted/PlantedPresenter.swift", "Sources/Web/Rendering/View+Response.swift",
        ]
        #expect(Self.viewFiles(paths) == Array(paths.prefix(2)))
    }
}
