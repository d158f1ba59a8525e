import Foundation
import Testing

/// The layers' rules (``LayerRules``) hold for every source file of the package, and each rule
/// fails when a file breaks it.
@Suite("Layer rules: what each target, and each part of a page module, may import")
struct LayerRulesTests {
    /// The package's folder (this file is `Tests/ArchitectureTests/LayerRulesTests.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every import form Swift accepts, each naming another module.
    static let forms: [(text: String, module: String)] = [
        ("import Fluent", "Fluent"),
        ("    import Fluent", "Fluent"),
        ("#if canImport(Fluent)\n    import Fluent\n#endif", "Fluent"),
        ("@testable import Fluent", "Fluent"),
        ("@_exported import Fluent", "Fluent"),
        ("@preconcurrency import Fluent", "Fluent"),
        ("package import Fluent", "Fluent"),
        ("internal import Fluent", "Fluent"),
        ("public import Fluent", "Fluent"),
        ("@_spi(Internals) public import Fluent", "Fluent"),
        ("import struct Fluent.Field", "Fluent"),
        ("let x = 1; import Fluent", "Fluent"),
    ]

    @Test("the package's sources keep every rule")
    func sourcesKeepTheRules() throws {
        let violations = try LayerRules.violations(under: Self.root)
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        #expect(LayerRules.swiftFiles(under: Self.root).count > 200)
    }

    @Test("every target has a rule: each folder of Sources, Tests and Benchmarks with Swift in it")
    func everyTargetHasARule() throws {
        for folder in ["Sources", "Tests", "Benchmarks"] {
            let targets = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
            for target in targets.sorted() {
                let files = LayerRules.swiftFiles(under: Self.root).filter { $0.hasPrefix("\(folder)/\(target)/") }
                guard !files.isEmpty else { continue }
                #expect(LayerRules.rule(for: files[0]) != nil, "\(folder)/\(target) has no rule")
            }
        }
        #expect(LayerRules.targets.keys.contains("Sources/App") && LayerRules.targets.keys.contains("Sources/Run"))
    }

    @Test("every import form is read", arguments: forms.indices)
    func readsEveryForm(index: Int) {
        let (text, module) = Self.forms[index]
        #expect(LayerRules.imports(in: "import Foundation\n" + text + "\n") == ["Foundation", module], "\(text)")
    }

    @Test("comments and string literals are not imports; code around them is")
    func commentsAndStrings() {
        let source = #"""
            // import Fluent
            /* import Vapor
               /* nested */ import Leaf */
            let a = "import SQLKit"
            let b = """
                import PostgresNIO
                """
            let c = #"import "AsyncKit""#
            let d = "\(f("x")) import NIO"
            import Core
            """#
        #expect(LayerRules.imports(in: source) == ["Core"])
    }

    /// For each rule, a file that breaks it: where it goes, and a module its place may not import.
    static let planted: [(path: String, module: String)] = [
        ("Sources/Core/Planted.swift", "Vapor"),
        ("Sources/CDeflate/Planted.swift", "Foundation2"),
        ("Sources/ServiceInterfaces/Planted.swift", "Fluent"),
        ("Sources/RateSources/Planted.swift", "Persistence"),
        ("Sources/Persistence/Planted.swift", "Vapor"),
        ("Sources/Web/Planted.swift", "Persistence"),
        ("Sources/App/Boot/Planted.swift", "XCTest"),
        ("Sources/Run/Planted.swift", "Fluent"),
        ("Benchmarks/AppBenchmarks/Planted.swift", "XCTest"),
        ("Tests/CoreTests/Planted.swift", "Vapor"),
        ("Tests/ArchitectureTests/Planted.swift", "App"),
        ("Tests/RateSourcesTests/Planted.swift", "App"),
        ("Tests/Support/Planted.swift", "Testing"),
        ("Tests/WebTests/Planted.swift", "App"),
        ("Tests/AppTests/Planted.swift", "XCTest"),
        ("Sources/App/Modules/Planted/PlantedView.swift", "Persistence"),
        ("Sources/App/Modules/Planted/PlantedView+Helper.swift", "Fluent"),
        ("Sources/App/Modules/Planted/PlantedAssembly.swift", "Persistence"),
        ("Sources/App/Modules/Planted/PlantedInteractor.swift", "Vapor"),
        ("Sources/App/Modules/Planted/PlantedInteractor.swift", "Web"),
        ("Sources/App/Modules/Planted/PlantedPresenter.swift", "Vapor"),
        ("Sources/App/Modules/Planted/PlantedRouter.swift", "Vapor"),
        ("Sources/App/Modules/Planted/PlantedContract.swift", "Leaf"),
        ("Sources/App/Modules/Planted/PlantedHelper.swift", "Vapor"),
    ]

    @Test("each rule fails on a planted bad import, in each form", arguments: planted.indices)
    func plantedImportFails(index: Int) throws {
        let (path, module) = Self.planted[index]
        #expect(LayerRules.rule(for: path) != nil, "\(path) is under no rule")
        // Every rule is tried with every form, in turn.
        for form in Self.forms.map(\.text) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("layer-rules-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = "import Foundation\n" + form.replacingOccurrences(of: "Fluent", with: module) + "\nlet planted = 1\n"
            try text.write(to: file, atomically: true, encoding: .utf8)
            let violations = try LayerRules.violations(under: root)
            #expect(violations.map(\.module) == [module] && violations.map(\.file) == [path], "\(path): \(form)")
        }
    }

    @Test("the View and the Assembly are the only parts of a page module that may use Vapor")
    func partsOfAModule() {
        for part in LayerRules.Part.allCases {
            #expect(part.allowed.contains("Vapor") == [.view, .assembly].contains(part), "\(part)")
            #expect(part.allowed.isDisjoint(with: ["Persistence", "Fluent", "SQLKit", "PostgresNIO", "Leaf", "LeafKit"]), "\(part)")
        }
        #expect(LayerRules.Part(file: "LedgerView+Upload.swift") == .view)
        #expect(LayerRules.Part(file: "ConverterInteractor.swift") == .interactor)
    }

    @Test("a form is parsed once: by the input check, whose fields the CSRF check and the pages read (never Vapor's decoder again)")
    func formsParsedOnce() throws {
        for path in LayerRules.swiftFiles(under: Self.root) where path.hasPrefix("Sources/") {
            let text = LayerRules.code(of: try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8))
            #expect(!text.contains("content.decode(") && !text.contains("content.get("), "\(path) parses a body again")
        }
    }
}

/// What a page module sees of the app: its roles' files named for the type they extend, and no
/// type of the speed machinery or of App's services (docs/ARCHITECTURE.md, "A page module").
@Suite("Page modules: each file in its role, nothing of Web/Speed or App's services named")
struct ModuleBoundaryTests {
    static let root = LayerRulesTests.root

    /// Runs `test` on a copy of `files` (path and text) in a folder of its own.
    func inPlantedPackage(_ files: [(String, String)], _ test: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("module-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try test(root)
    }

    @Test("a file X+Y.swift is of X's role: an interactor's extension keeps the interactor's imports")
    func rolesOfExtensions() {
        #expect(LayerRules.Part(file: "FrankfurterV2Interactor+Provider.swift") == .interactor)
        #expect(LayerRules.Part(file: "LedgerPresenter+Presets.swift") == .presenter)
        #expect(LayerRules.Part(file: "MCPView+Tools.swift") == .view)
        #expect(LayerRules.Part(file: "ConverterRouter+Links.swift") == .router)
        #expect(LayerRules.Part(file: "ConverterContract+Query.swift") == .contract)
        #expect(LayerRules.Part(file: "ContactAccess.swift") == .other)
        #expect(LayerRules.rule(for: "Sources/App/Modules/X/XInteractor+Y.swift")?.allowed.contains("Web") == false)
    }

    @Test("every file X+Y.swift of a page module extends X")
    func extensionsExtendTheirType() throws {
        let misfiled = try LayerRules.misfiledExtensions(under: Self.root)
        #expect(misfiled.isEmpty, "\(misfiled.joined(separator: "\n"))")
    }

    @Test("a file X+Y.swift that declares something else than an extension of X fails")
    func misfiledExtensionFails() throws {
        try inPlantedPackage([
            ("Sources/App/Modules/Planted/PlantedView+Upload.swift", "import Vapor\n\nenum PlantedUpload {}\n"),
            ("Sources/App/Modules/Planted/PlantedInteractor+Days.swift", "// extension PlantedInteractor\nstruct Days {}\n"),
            ("Sources/App/Modules/Planted/PlantedPresenter+Words.swift", "import Web\n\nextension PlantedPresenter {}\n"),
        ]) { root in
            let misfiled = try LayerRules.misfiledExtensions(under: root)
            #expect(
                misfiled == [
                    "Sources/App/Modules/Planted/PlantedInteractor+Days.swift does not extend PlantedInteractor",
                    "Sources/App/Modules/Planted/PlantedView+Upload.swift does not extend PlantedView",
                ])
        }
    }

    @Test("no page module names a type of Web/Speed or of App's services")
    func noHiddenTypes() throws {
        let hidden = try LayerRules.hiddenTypes(under: Self.root)
        #expect(hidden.isSuperset(of: ["PageFrames", "KeptAnswers", "OptionMenu", "CurrentRates", "RatesRefresher"]), "\(hidden.sorted())")
        let named = try LayerRules.hiddenTypesNamed(under: Self.root)
        #expect(named.isEmpty, "\(named.joined(separator: "\n"))")
    }

    @Test("a page module naming a type of Web/Speed, or one of App's services, fails; in a comment or a string it does not")
    func plantedHiddenTypesFail() throws {
        try inPlantedPackage([
            ("Sources/Web/Speed/PlantedFrames.swift", "package final class PlantedFrames {}\n"),
            (
                "Sources/App/Services/Rates/PlantedRates.swift",
                "struct PlantedRates {\n    enum Nested {}\n}\ntypealias PlantedAlias = Int\n"
            ),
            ("Sources/App/Modules/Planted/PlantedView.swift", "import Vapor\n\nstruct PlantedView {\n    let frames: PlantedFrames\n}\n"),
            ("Sources/App/Modules/Planted/PlantedInteractor.swift", "struct PlantedInteractor {\n    let rates = PlantedRates()\n}\n"),
            (
                "Sources/App/Modules/Planted/PlantedAssembly.swift",
                "// PlantedRates\nlet name = \"PlantedFrames\"\nlet x: PlantedAlias = 1\n"
            ),
        ]) { root in
            let hidden = try LayerRules.hiddenTypes(under: root), named = try LayerRules.hiddenTypesNamed(under: root)
            #expect(hidden == ["PlantedFrames", "PlantedRates", "PlantedAlias"])
            #expect(
                named == [
                    "Sources/App/Modules/Planted/PlantedAssembly.swift names PlantedAlias",
                    "Sources/App/Modules/Planted/PlantedInteractor.swift names PlantedRates",
                    "Sources/App/Modules/Planted/PlantedView.swift names PlantedFrames",
                ])
        }
    }
}
