import Foundation
import Testing

/// The layers' rules beyond imports, read from the sources (docs/ARCHITECTURE.md, "The rules, and what fails without each").
enum Boundaries {
    static func read(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The identifiers `code` names (comments and strings already taken out).
    static func names(in code: String) -> Set<String> {
        Set(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.0) })
    }

    /// Each file outside Persistence naming one of its Fluent models, and which.
    static func modelsNamedOutside(under root: URL) throws -> [String] {
        let files = LayerRules.swiftFiles(under: root)
        var models: Set<String> = []
        for path in files where path.hasPrefix("Sources/Persistence/Models/") {
            let code = LayerRules.code(of: try read(root, path))
            for match in code.matches(of: /(?m)^(?:package |public )?final class (\w+)/) { models.insert(String(match.1)) }
        }
        return try files.filter { $0.hasPrefix("Sources/") && !$0.hasPrefix("Sources/Persistence/") }.compactMap { path in
            let named = names(in: LayerRules.code(of: try read(root, path))).intersection(models)
            return named.isEmpty ? nil : "\(path) names \(named.sorted().joined(separator: ", "))"
        }
    }

    /// Foundation's ways to a file: a page module reaches files through a service.
    static let fileTypes: Set<String> = ["FileManager", "FileHandle", "InputStream", "OutputStream", "NSData", "fopen"]

    /// Each page module file naming one of ``fileTypes``.
    static func filesTouchedByModules(under root: URL) throws -> [String] {
        try LayerRules.swiftFiles(under: root).filter { $0.hasPrefix("Sources/App/Modules/") }.compactMap { path in
            let named = names(in: LayerRules.code(of: try read(root, path))).intersection(fileTypes)
            return named.isEmpty ? nil : "\(path) names \(named.sorted().joined(separator: ", "))"
        }
    }

    /// Each interactor's stored property given a value where it is declared, instead of by its
    /// assembly (`var history: any HistoryLoadReading = BundledHistoryProgress()`).
    static func defaultedDependencies(under root: URL) throws -> [String] {
        try LayerRules.swiftFiles(under: root).filter { $0.hasPrefix("Sources/App/Modules/") && $0.contains("Interactor") }.flatMap {
            path in
            let stored = try Regex(#"(?m)^    (?:(?:package|internal|private|fileprivate) )?(?:let|var) (\w+)(?:: [^={\n]+)? = "#)
            return LayerRules.code(of: try read(root, path)).matches(of: stored).map { "\(path): \($0.output[1].substring ?? "")" }
        }
    }

    /// Each protocol of `Sources` with fewer than two implementations in `Sources`, `Tests` and
    /// `Benchmarks` (a conformance to a protocol refining it counts).
    static func protocolsWithOneImplementation(under root: URL) throws -> [String] {
        var refines: [String: Set<String>] = [:], declared: Set<String> = [], conformances: [(type: String, to: Set<String>)] = []
        for path in LayerRules.swiftFiles(under: root) {
            let code = LayerRules.code(of: try read(root, path))
            for match in code.matches(of: /(?m)^\s*(?:(?:package|public|internal) )?protocol (\w+)(?:\s*:\s*([^{]+))?\{/) {
                if path.hasPrefix("Sources/") { declared.insert(String(match.1)) }
                refines[String(match.1)] = match.2.map { inherited(String($0)) } ?? []
            }
            let types = try Regex(
                #"(?m)^\s*(?:@\w+\s+)*(?:(?:package|public|internal|private|fileprivate|final|nonisolated) )*(?:struct|class|actor|enum|extension) ([\w.]+)(?:<[^>{]*>)?\s*:\s*([^{]+)\{"#
            )
            for match in code.matches(of: types) {
                conformances.append((String(match.output[1].substring ?? ""), inherited(String(match.output[2].substring ?? ""))))
            }
        }
        func descendants(of name: String) -> Set<String> {
            var found: Set<String> = [name], added = true
            while added {
                let more = Set(refines.filter { !$0.value.isDisjoint(with: found) }.keys).subtracting(found)
                added = !more.isEmpty
                found.formUnion(more)
            }
            return found
        }
        return declared.sorted().compactMap { name in
            let family = descendants(of: name)
            let implementations = Set(conformances.filter { !$0.to.isDisjoint(with: family) }.map(\.type))
            return implementations.count >= 2 ? nil : "\(name): \(implementations.sorted().joined(separator: ", "))"
        }
    }

    /// The names in an inheritance list (`Sendable, @unchecked Sendable, Foo where T: Bar`).
    static func inherited(_ list: String) -> Set<String> {
        let clause = list.components(separatedBy: " where ")[0]
        return Set(clause.split(separator: ",").compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    /// The ids of the providers declared in `Sources/RateSources/Providers`.
    static func providerIDs(under root: URL) throws -> Set<String> {
        var ids: Set<String> = []
        for path in LayerRules.swiftFiles(under: root) where path.hasPrefix("Sources/RateSources/Providers/") {
            for match in try read(root, path).matches(of: /(?:official|taxAndCustoms|reference|commercial)\(\s*"([a-z][a-z0-9.-]*)"/) {
                ids.insert(String(match.1))
            }
        }
        return ids
    }

    /// Core's places that name a provider by its id, beside the ECB (whose history ships with the
    /// app) and the presets (each a country's tax rule, which names its authority's rates).
    static func providersNamedByCore(under root: URL) throws -> [String] {
        let ids = try providerIDs(under: root).subtracting(["ecb"])
        return try LayerRules.swiftFiles(under: root).filter { $0.hasPrefix("Sources/Core/") && !$0.hasSuffix("/LedgerPreset.swift") }
            .flatMap { path in
                try read(root, path).split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }.flatMap { line in
                    line.matches(of: /"([a-z][a-z0-9.-]*)"/).map { String($0.1) }.filter(ids.contains).map { "\(path): \($0)" }
                }
            }
    }
}

@Suite("Boundaries beyond imports: models, files, injected dependencies, protocols, providers, pins")
struct BoundariesTests {
    static let root = LayerRulesTests.root

    func planted(_ files: [(String, String)], _ test: (URL) throws -> Void) throws {
        try ModuleBoundaryTests().inPlantedPackage(files, test)
    }

    @Test("Fluent models never leave Persistence")
    func modelsStayInPersistence() throws {
        #expect(try Boundaries.modelsNamedOutside(under: Self.root).isEmpty)
        try planted([
            ("Sources/Persistence/Models/PlantedModel.swift", "import Fluent\n\npackage final class PlantedModel: Model {}\n"),
            ("Sources/App/Services/Planted.swift", "// PlantedModel\nlet rows: [PlantedModel] = []\n"),
            ("Sources/Persistence/Stores/PlantedStore.swift", "let row = PlantedModel()\n"),
        ]) { root in
            let found = try Boundaries.modelsNamedOutside(under: root)
            #expect(found == ["Sources/App/Services/Planted.swift names PlantedModel"])
        }
    }

    @Test("a page module touches no file: its services read and write them")
    func modulesTouchNoFile() throws {
        #expect(try Boundaries.filesTouchedByModules(under: Self.root).isEmpty)
        try planted([
            ("Sources/App/Modules/Planted/PlantedView.swift", "let data = FileManager.default.contents(atPath: \"/tmp/x\")\n"),
            ("Sources/App/Modules/Planted/PlantedPresenter.swift", "let text = \"FileHandle\" // FileHandle\n"),
        ]) { root in
            let found = try Boundaries.filesTouchedByModules(under: root)
            #expect(found == ["Sources/App/Modules/Planted/PlantedView.swift names FileManager"])
        }
    }

    @Test("no interactor gives a dependency a value of its own: the assembly injects every one")
    func dependenciesInjected() throws {
        #expect(try Boundaries.defaultedDependencies(under: Self.root).isEmpty)
        try planted([
            (
                "Sources/App/Modules/Planted/PlantedInteractor.swift",
                "struct PlantedInteractor {\n    let rates: any Rates\n    var history: any HistoryLoadReading = BundledHistoryProgress()\n"
                    + "    static let limit = 5\n    func f() {\n        let local = 1\n    }\n}\n"
            )
        ]) { root in
            let found = try Boundaries.defaultedDependencies(under: root)
            #expect(found == ["Sources/App/Modules/Planted/PlantedInteractor.swift: history"])
        }
    }

    @Test("a protocol only where a second implementation exists (a test's fake counts)")
    func protocolsHaveTwoImplementations() throws {
        let lonely = try Boundaries.protocolsWithOneImplementation(under: Self.root)
        #expect(lonely.isEmpty, "\(lonely.joined(separator: "\n"))")
        try planted([
            ("Sources/ServiceInterfaces/Planted.swift", "package protocol Lonely: Sendable {}\npackage protocol Paired: Sendable {}\n"),
            ("Sources/ServiceInterfaces/Refined.swift", "package protocol Refined: Paired {}\n"),
            ("Sources/App/Services/Real.swift", "struct Real: Lonely, Paired {}\nfinal class Other: @unchecked Sendable, Refined {}\n"),
        ]) { root in
            let found = try Boundaries.protocolsWithOneImplementation(under: root)
            #expect(found == ["Lonely: Real", "Refined: Other"])
        }
    }

    @Test("Core names no provider but the ECB (its history ships with the app) and the presets' authorities")
    func coreNamesNoProvider() throws {
        #expect(try Boundaries.providerIDs(under: Self.root).isSuperset(of: ["nbp", "nbp.b", "hmrc", "exchangerate-api"]))
        #expect(try Boundaries.providersNamedByCore(under: Self.root).isEmpty)
        try planted([
            ("Sources/RateSources/Providers/NBP.swift", "static let nbp = official(\n    \"nbp\", \"Narodowy Bank Polski\")\n"),
            ("Sources/Core/Rates/Planted.swift", "// \"nbp\" in a comment\nlet fallback: RateSourceID = \"nbp\"\nlet word = \"ecb\"\n"),
        ]) { root in
            let found = try Boundaries.providersNamedByCore(under: root)
            #expect(found == ["Sources/Core/Rates/Planted.swift: nbp"])
        }
    }

    @Test("every direct dependency is pinned exact:, and Package.resolved is left out of the repository")
    func pinned() throws {
        let manifest = try Boundaries.read(Self.root, "Package.swift")
        let packages = manifest.split(separator: "\n").filter { $0.contains(".package(url:") }
        #expect(packages.count >= 10)
        #expect(packages.allSatisfy { $0.contains("exact: \"") }, "\(packages.filter { !$0.contains("exact: \"") })")
        let ignored = try Boundaries.read(Self.root, ".gitignore").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ignored.contains("Package.resolved") || ignored.contains("/Package.resolved"))
    }
}
