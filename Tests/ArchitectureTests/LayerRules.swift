import Foundation

/// What each target may import, and each part of a page module: the layers' rules, which the
/// compiler does not keep (SwiftPM lets a target import any module its dependencies bring along).
/// docs/ARCHITECTURE.md states them; ``LayerRulesTests`` checks every source file against them.
enum LayerRules {
    /// A file importing a module its place may not use.
    struct Violation: Equatable, CustomStringConvertible {
        let file: String
        let module: String
        /// The rule broken, as ``rule(for:)`` names it.
        let rule: String

        var description: String { "\(file) imports \(module), which \(rule) may not use" }
    }

    /// The modules any Swift file may import.
    static let everywhere: Set<String> = ["Foundation", "FoundationEssentials", "Dispatch", "Synchronization"]

    /// Each target's allowed imports (its own layers below it, and the libraries its job needs),
    /// by its folder under `Sources/` or `Tests/`.
    static let targets: [String: Set<String>] = [
        "Sources/Core": [],
        "Sources/CDeflate": [],
        "Sources/ServiceInterfaces": ["Core", "Crypto"],
        "Sources/RateSources": ["Core", "FoundationXML", "AsyncHTTPClient", "NIOCore", "NIOHTTP1", "NIOPosix", "ZIPFoundation", "CSV"],
        "Sources/Persistence": [
            "Core", "ServiceInterfaces", "Fluent", "FluentPostgresDriver", "FluentSQLiteDriver", "SQLKit", "PostgresNIO", "AsyncKit",
            "Crypto", "Logging", "CoreMetrics", "NIOConcurrencyHelpers", "NIOCore", "NIOPosix",
        ],
        "Sources/Web": [
            "Core", "ServiceInterfaces", "Vapor", "Leaf", "LeafKit", "Crypto", "NIOConcurrencyHelpers", "NIOCore", "NIOPosix", "CDeflate",
            "Glibc",
        ],
        "Sources/App": [
            "Core", "ServiceInterfaces", "RateSources", "Persistence", "Web", "Vapor", "Leaf", "Fluent", "FluentPostgresDriver",
            "FluentSQLiteDriver", "SQLKit", "Logging", "NIOCore", "NIOPosix", "NIOConcurrencyHelpers", "CoreMetrics", "Metrics",
            "Prometheus", "CSV", "MultipartKit", "ZIPFoundation", "CompressNIO", "Crypto",
            // The alerts' webhooks (an answer read only so far) and their mail (STARTTLS).
            "AsyncHTTPClient", "NIOHTTP1", "NIOSSL",
            // malloc_trim, after the one-off read of 27 years at start (Boot/FreedMemory.swift)
            "Glibc",
        ],
        "Sources/Run": ["App", "NIOCore", "NIOPosix"],
        // TestSupport: the providers' recorded documents, which the blend's stage blends.
        "Benchmarks/AppBenchmarks": [
            "App", "Core", "ServiceInterfaces", "Persistence", "RateSources", "Web", "TestSupport", "Benchmark", "Vapor", "CompressNIO",
            "CSV", "NIOCore",
        ],
        "Tests/CoreTests": ["Core", "Testing"],
        "Tests/ArchitectureTests": ["Testing"],
        "Tests/Support": ["Core", "ServiceInterfaces", "RateSources", "ZIPFoundation", "Logging", "NIOConcurrencyHelpers"],
        "Tests/ServiceInterfacesTests": ["Core", "ServiceInterfaces", "TestSupport", "Testing"],
        "Tests/PersistenceTests": [
            "Core", "ServiceInterfaces", "Persistence", "TestSupport", "Testing", "Fluent", "FluentPostgresDriver", "FluentSQLiteDriver",
            "SQLKit", "Logging",
            "NIOConcurrencyHelpers", "NIOPosix",
        ],
        "Tests/RateSourcesTests": ["Core", "RateSources", "TestSupport", "Testing", "FoundationXML", "ZIPFoundation"],
        "Tests/WebTests": [
            "Core", "ServiceInterfaces", "Web", "TestSupport", "Testing", "Vapor", "VaporTesting", "Leaf", "LeafKit", "NIOCore",
            "NIOPosix", "NIOConcurrencyHelpers", "CompressNIO", "CDeflate", "Synchronization",
        ],
        "Tests/AppTests": [
            "App", "Core", "ServiceInterfaces", "RateSources", "Persistence", "Web", "TestSupport", "Testing", "Vapor", "VaporTesting",
            "NIOCore",
            "NIOPosix", "NIOConcurrencyHelpers", "NIOHTTP1", "FluentPostgresDriver", "PostgresNIO", "SQLKit", "Fluent", "Logging",
            "ZIPFoundation", "CompressNIO", "Crypto", "Leaf", "LeafKit", "Metrics", "CoreMetrics", "Prometheus", "AsyncHTTPClient",
            "AsyncKit",
            "Glibc", "Darwin",
        ],
    ]

    /// A page module's files (`Sources/App/Modules/`), by their part: the View (`…View.swift` and
    /// its `…View+….swift` extensions) and the Assembly own HTTP; everything else is plain. A
    /// file `X+Y.swift` is of X's part (`FrankfurterV2Interactor+Provider.swift`: the interactor's).
    enum Part: String, CaseIterable {
        case view, assembly, interactor, presenter, router, contract, other

        init(file name: String) {
            let stem = Self.extended(byFile: name) ?? String(name.dropLast(".swift".count))
            if stem.hasSuffix("View") {
                self = .view
            } else if stem.hasSuffix("Assembly") {
                self = .assembly
            } else if stem.hasSuffix("Interactor") {
                self = .interactor
            } else if stem.hasSuffix("Presenter") {
                self = .presenter
            } else if stem.hasSuffix("Router") {
                self = .router
            } else if stem.hasSuffix("Contract") {
                self = .contract
            } else {
                self = .other
            }
        }

        /// `X` for a file `X+Y.swift`: the type it extends.
        static func extended(byFile name: String) -> String? {
            guard name.hasSuffix(".swift"), let plus = name.firstIndex(of: "+") else { return nil }
            return String(name[..<plus])
        }

        /// What the part may import: never Persistence, Fluent, SQL or Leaf; Vapor only in the
        /// View and the Assembly; an interactor works over the service interfaces alone.
        var allowed: Set<String> {
            switch self {
            // The MCP SDK is the MCP module's protocol, as MultipartKit is the ledger's upload: its View's.
            case .view, .assembly: ["Core", "ServiceInterfaces", "Web", "Vapor", "MultipartKit", "MCP"]
            case .interactor: ["Core", "ServiceInterfaces"]
            case .presenter, .router, .contract, .other: ["Core", "ServiceInterfaces", "Web"]
            }
        }
    }

    /// The rule `path` (relative to the package) is under, and what it allows; `nil` for a file
    /// no rule covers (the package manifest, the plugins' own code).
    static func rule(for path: String) -> (name: String, allowed: Set<String>)? {
        if path.hasPrefix("Sources/App/Modules/") {
            let part = Part(file: (path as NSString).lastPathComponent)
            return ("a page module's \(part.rawValue)", everywhere.union(part.allowed))
        }
        guard let target = targets.keys.filter({ path.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count }) else { return nil }
        return (target, everywhere.union(targets[target]!))
    }

    /// A page module's file `X+Y.swift` that does not extend `X`: it is held to X's part's rules
    /// without being X's (`LedgerView+Upload.swift` declaring an upload reader of its own).
    static func misfiledExtensions(under root: URL) throws -> [String] {
        try swiftFiles(under: root).filter { $0.hasPrefix("Sources/App/Modules/") }.compactMap { path in
            guard let extended = Part.extended(byFile: (path as NSString).lastPathComponent) else { return nil }
            let code = code(of: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
            let extends = code.contains(try Regex("(?m)^\\s*extension\\s+\(extended)\\b"))
            return extends ? nil : "\(path) does not extend \(extended)"
        }
    }

    /// The folders whose types a page module may not name: the speed machinery behind Web's one
    /// render call, and App's services (a module reaches them through the service interfaces).
    static let hiddenFromModules = ["Sources/Web/Speed", "Sources/App/Services"]

    /// The types (and type aliases) declared at the top level of `hiddenFromModules`' files, by
    /// name (a nested one is named through its outer type's).
    static func hiddenTypes(under root: URL) throws -> Set<String> {
        var names: Set<String> = []
        let declaration =
            /(?m)^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|final|nonisolated|indirect)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)/
        for path in swiftFiles(under: root) where hiddenFromModules.contains(where: { path.hasPrefix($0 + "/") }) {
            let code = code(of: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
            for match in code.matches(of: declaration) { names.insert(String(match.1)) }
        }
        return names
    }

    /// Each page module file naming a type of `hiddenFromModules`, and which.
    static func hiddenTypesNamed(under root: URL) throws -> [String] {
        let hidden = try hiddenTypes(under: root)
        var found: [String] = []
        for path in swiftFiles(under: root) where path.hasPrefix("Sources/App/Modules/") {
            let code = code(of: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
            let named = Set(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.0) }).intersection(hidden)
            if !named.isEmpty { found.append("\(path) names \(named.sorted().joined(separator: ", "))") }
        }
        return found
    }

    /// Every `.swift` file's violations under `root`'s `Sources/`, `Tests/` and `Benchmarks/`.
    static func violations(under root: URL) throws -> [Violation] {
        var found: [Violation] = []
        for path in swiftFiles(under: root) {
            guard let rule = rule(for: path) else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for module in imports(in: text) where !rule.allowed.contains(module) {
                found.append(Violation(file: path, module: module, rule: rule.name))
            }
        }
        return found
    }

    /// The `.swift` files under `root`'s source folders, relative to it.
    static func swiftFiles(under root: URL) -> [String] {
        ["Sources", "Tests", "Benchmarks"].flatMap { folder in
            (FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }.sorted()
    }

    /// The modules `source` imports, in every form Swift accepts: indented (inside `#if`),
    /// with attributes (`@testable`, `@_exported`, `@preconcurrency`), with an access level
    /// (`public`, `package`, `internal`, …), of one declaration (`import struct Fluent.Field`),
    /// several to a line (`;`). Comments and string literals are not code, and are skipped.
    static func imports(in source: String) -> [String] {
        code(of: source).split(whereSeparator: { $0 == "\n" || $0 == ";" }).compactMap { statement in
            statement.firstMatch(of: importStatement).map { String($0.1) }
        }
    }

    private nonisolated(unsafe) static let importStatement =
        /^\s*(?:@[A-Za-z_]\w*(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func|actor)\s+)?([A-Za-z_]\w*)/

    /// `source` with its comments and string literals blanked out (line breaks kept).
    static func code(of source: String) -> String {
        var out = ""
        out.reserveCapacity(source.utf8.count)
        let scalars = Array(source.unicodeScalars)
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/" && at(1) == "/" {
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
            } else if scalar == "/" && at(1) == "*" {
                var depth = 0
                repeat {
                    if scalars[index] == "/" && at(1) == "*" {
                        depth += 1
                        index += 2
                    } else if scalars[index] == "*" && at(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        if scalars[index] == "\n" { out.unicodeScalars.append("\n") }
                        index += 1
                    }
                } while depth > 0 && index < scalars.count
            } else if scalar == "#" || scalar == "\"" {
                // A string literal, raw (`#"…"#`) or not, on one line or several (`"""`).
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                guard at(hashes) == "\"" else {
                    out.unicodeScalars.append(scalar)
                    index += 1
                    continue
                }
                let multiline = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
                index += hashes + (multiline ? 3 : 1)
                let closing = Array(repeating: Unicode.Scalar("\""), count: multiline ? 3 : 1) + Array(repeating: "#", count: hashes)
                while index < scalars.count {
                    if hashes == 0 && scalars[index] == "\\" && at(1) == "(" {
                        // An interpolation: code, up to its closing parenthesis.
                        var depth = 0
                        repeat {
                            if scalars[index] == "(" { depth += 1 } else if scalars[index] == ")" { depth -= 1 }
                            index += 1
                        } while depth > 0 && index < scalars.count
                        continue
                    }
                    if hashes == 0 && scalars[index] == "\\" {
                        index += 2
                        continue
                    }
                    if Array(scalars[index..<min(scalars.count, index + closing.count)]) == closing {
                        index += closing.count
                        break
                    }
                    if scalars[index] == "\n" { out.unicodeScalars.append("\n") }
                    index += 1
                }
                out.unicodeScalars.append(" ")
            } else {
                out.unicodeScalars.append(scalar)
                index += 1
            }
        }
        return out
    }
}
