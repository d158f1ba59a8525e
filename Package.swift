// swift-tools-version:6.1
import PackageDescription

// The layers, each a target that may import only those below it (ArchitectureTests checks the
// imports the compiler cannot see; docs/ARCHITECTURE.md draws them and says what lives where):
//
//   App                start-up, configuration, commands, routing, services, and one VIPER module
//                      per page (the executable `App` is the `Run` target: its entry point alone)
//   Web                the HTTP machinery every page uses: middleware, input, sessions and CSRF,
//                      rendering and its speed, JSON, HTTP caching, localization
//   Persistence        Fluent models, migrations, stores and their caches, the database's time
//                      limits (no Vapor)
//   RateSources        the providers' documents and parsers, and the bounded HTTP fetcher
//   ServiceInterfaces  the protocols the interactors call and the plain values they pass (no
//                      Vapor, NIO or Fluent): Persistence and App's services implement them
//   Core               plain values and rules: currencies, amounts, dates, exact decimals, rates,
//                      conversion, accounts and contacts; Swift and Foundation only
//   CDeflate           zlib itself, for gzip made of pieces deflated ahead
let package = Package(
    name: "CurrencyConverter",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "App", targets: ["Run"])
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", exact: "4.122.3"),
        .package(url: "https://github.com/vapor/leaf.git", exact: "4.5.2"),
        .package(url: "https://github.com/vapor/fluent.git", exact: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", exact: "2.14.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", exact: "4.9.0"),
        // `GET /metrics`: swift-metrics (which Vapor already reports requests to) in Prometheus's format.
        .package(url: "https://github.com/apple/swift-metrics.git", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", exact: "2.4.1"),
        // Reads the ECB's history archive (`eurofxref-hist.zip`): bundled, and fetched by the admin's import.
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", exact: "0.9.20"),
        // The central banks' CSV documents (Norges Bank, the Reserve Bank of Australia, the Bank of England).
        .package(url: "https://github.com/yaslab/CSV.swift.git", exact: "2.5.2"),
        // The ledger's multipart upload, read as it arrives (Vapor's own parser, which Vapor depends on).
        .package(url: "https://github.com/vapor/multipart-kit.git", exact: "4.7.1"),
        // Already in Vapor's graph; named for the layers that import them directly, at the versions it resolves.
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        .package(url: "https://github.com/vapor/sql-kit.git", exact: "3.36.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", exact: "1.33.2"),
        .package(url: "https://github.com/vapor/async-kit.git", exact: "1.22.0"),
        .package(url: "https://github.com/vapor/leaf-kit.git", exact: "1.14.3"),
        // The ledger's gzip'd download, and compressed answers read back in tests.
        .package(url: "https://github.com/adam-fowler/compress-nio.git", exact: "1.5.0"),
        // `POST /mcp`: the Model Context Protocol's messages and tools, for AI assistants (issue 41).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
        // Microbenchmarks of the hot stages (`Benchmarks/`, run by scripts/bench).
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "Core", resources: [.copy("Resources")]),
        // zlib itself (its deflateInit2 macro as a function), for gzip made of pieces deflated ahead (`Web/Speed`).
        .target(name: "CDeflate", linkerSettings: [.linkedLibrary("z")]),
        .target(
            name: "RateSources",
            dependencies: [
                "Core",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CSV", package: "CSV.swift"),
            ],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "ServiceInterfaces",
            dependencies: ["Core", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "Persistence",
            dependencies: [
                "Core", "ServiceInterfaces",
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "Web",
            dependencies: [
                "Core", "ServiceInterfaces", "CDeflate",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "LeafKit", package: "leaf-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["Speed/README.md"],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "App",
            dependencies: [
                "Core", "ServiceInterfaces", "RateSources", "Persistence", "Web",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // The ledger: its CSV read, its upload streamed, its zip and gzip written.
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                // The alerts' webhooks, their answers read bounded.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // `POST /mcp`: the Model Context Protocol server, its messages and tools.
                .product(name: "MCP", package: "swift-sdk"),
            ],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "Run",
            dependencies: [
                "App",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "AppBenchmarks",
            dependencies: [
                "App", "Core", "ServiceInterfaces", "Persistence", "RateSources", "Web", "TestSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Benchmarks/AppBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
        // What the test targets share: the moment they live in, the catalogue, the providers' documents, zip bombs.
        .target(
            name: "TestSupport",
            dependencies: [
                "Core", "ServiceInterfaces", "RateSources", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/Support"
        ),
        // The interfaces' own values (the stored days in memory, a blend's version): no database.
        .testTarget(name: "ServiceInterfacesTests", dependencies: ["ServiceInterfaces", "Core", "TestSupport"]),
        // The stores and caches, on PostgreSQL without the app: Fluent's databases and migrator alone.
        .testTarget(
            name: "PersistenceTests",
            dependencies: [
                "Persistence", "Core", "ServiceInterfaces", "TestSupport",
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The layers' rules, read from the sources: no dependency, so they run without building the app.
        .testTarget(name: "ArchitectureTests"),
        // The central banks' documents as their publishers served them, parsed without a server.
        .testTarget(name: "RateSourcesTests", dependencies: ["RateSources", "Core", "TestSupport"], resources: [.copy("Resources")]),
        // The HTTP machinery every page uses, with templates and sessions of the tests' own: no app, no database.
        .testTarget(
            name: "WebTests",
            dependencies: [
                "Web", "Core", "ServiceInterfaces", "TestSupport",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "Core", "ServiceInterfaces", "RateSources", "Persistence", "Web", "TestSupport",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // Each test's schema dropped on a connection of its own, after its app has stopped.
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                // Zip bombs made on the spot (`ZipBomb`).
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // Compressed answers read back.
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            resources: [.copy("Resources")]
        ),
        // `swift package --allow-writing-to-package-directory new-page Invoice --path /invoices [--form]`
        .plugin(
            name: "NewPage",
            capability: .command(
                intent: .custom(verb: "new-page", description: "Adds a page: a VIPER module, its template, its tests and its route."),
                permissions: [.writeToPackageDirectory(reason: "It writes the new page's files into Sources/, Templates/ and Tests/.")]
            )
        ),
    ],
    swiftLanguageModes: [.v6]
)
