import Foundation
import Testing

/// The layers' rules the compiler cannot see: SwiftPM lets a target import any module its
/// dependencies bring along, so what each target imports is checked here, line by line, against
/// what its layer may use (docs/ARCHITECTURE.md).
@Suite("Layer rules: what each target, and each page's presenter, may import")
struct LayerRulesTests {
    /// Each target's allowed imports (its own layers below it, and the libraries its job needs).
    static let allowed: [String: Set<String>] = [
        "Core": ["Foundation"],
        "RateSources": ["Foundation", "Core", "AsyncHTTPClient", "NIOCore", "NIOHTTP1", "NIOPosix", "ZIPFoundation", "CSV"],
        "ServiceInterfaces": ["Foundation", "Core", "Crypto"],
        "Persistence": [
            "Foundation", "Core", "ServiceInterfaces", "Fluent", "FluentPostgresDriver", "FluentSQLiteDriver", "SQLKit", "PostgresNIO",
            "AsyncKit",
            "Crypto", "Logging", "CoreMetrics", "NIOConcurrencyHelpers", "NIOCore", "NIOPosix",
        ],
        "Web": [
            "Foundation", "Core", "ServiceInterfaces", "Vapor", "Leaf", "LeafKit", "Crypto", "NIOConcurrencyHelpers", "NIOCore", "NIOPosix",
            "CDeflate",
        ],
    ]
    /// The pages talk to storage through services, never through Fluent or SQL.
    static let forbiddenInModules: Set<String> = [
        "Persistence", "Fluent", "FluentKit", "FluentPostgresDriver", "FluentSQLiteDriver", "SQLKit", "PostgresNIO", "Leaf", "LeafKit",
    ]
    /// A presenter is pure: Output values in, a view model out, in the page's language.
    static let allowedInPresenters: Set<String> = ["Foundation", "Core", "Web"]

    /// `file`'s imported modules.
    static func imports(of file: String) throws -> Set<String> {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        // Only lines that can be imports reach the expression: it takes seconds over every line in a debug build.
        return Set(
            text.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("import ") || (line.hasPrefix("@") && line.contains("import ")) else { return nil }
                return line.firstMatch(of: /^(?:@\w+ )*import (?:(?:struct|class|enum|protocol|func|var|typealias) )?(\w+)/).map {
                    String($0.1)
                }
            })
    }

    static func swiftFiles(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
    }

    @Test("each library target imports only its own layers below it and the libraries its job needs", arguments: allowed.keys.sorted())
    func targetImports(target: String) throws {
        let files = Self.swiftFiles(under: "Sources/\(target)")
        #expect(!files.isEmpty, "no sources in Sources/\(target)")
        for file in files {
            let extra = try Self.imports(of: file).subtracting(Self.allowed[target]!)
            #expect(extra.isEmpty, "\(file) imports \(extra.sorted()), which \(target) may not use")
        }
    }

    @Test("no page module reaches storage or templates directly; presenters import only Foundation, Core and Web")
    func moduleImports() throws {
        let files = Self.swiftFiles(under: "Sources/App/Modules")
        #expect(files.count > 50)
        for file in files {
            let imports = try Self.imports(of: file)
            #expect(
                imports.isDisjoint(with: Self.forbiddenInModules),
                "\(file) imports \(imports.intersection(Self.forbiddenInModules).sorted())")
            if file.hasSuffix("Presenter.swift") || file.contains("Presenter+") {
                let extra = imports.subtracting(Self.allowedInPresenters)
                #expect(extra.isEmpty, "the presenter \(file) imports \(extra.sorted())")
            }
        }
    }

    @Test("a form is parsed once: by the input check, whose fields the CSRF check and the pages read (never Vapor's decoder again)")
    func formsParsedOnce() throws {
        for file in Self.swiftFiles(under: "Sources") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!text.contains("content.decode(") && !text.contains("content.get("), "\(file) parses a body again")
        }
    }

    @Test("the rules see a broken one: an import that is not allowed is found")
    func rulesSeeViolations() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Layer-\(UUID().uuidString).swift").path
        try "import Foundation\n@preconcurrency import Vapor\nimport struct Fluent.Field\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try Self.imports(of: file) == ["Foundation", "Vapor", "Fluent"])
        #expect(!(try Self.imports(of: file)).isSubset(of: Self.allowed["Core"]!))
    }
}
