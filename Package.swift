// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CurrencyConverter",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", exact: "4.122.3"),
        .package(url: "https://github.com/vapor/leaf.git", exact: "4.5.2"),
        .package(url: "https://github.com/vapor/fluent.git", exact: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", exact: "2.14.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", exact: "4.9.0"),
        // `GET /metrics`: swift-metrics (which Vapor already reports requests to) in Prometheus's format.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", exact: "2.4.1"),
        // Reads the ECB's history archive (`eurofxref-hist.zip`): bundled, and fetched by the admin's import.
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", exact: "0.9.20"),
        // Already pulled in by Vapor; named so the entry point can hand NIO the concurrency pool.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                .target(name: "App"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // Zip bombs made on the spot (`ZipBomb`).
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
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
