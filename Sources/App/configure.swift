import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Leaf
import Vapor

/// Configures the app: templates, middleware, database, services and every page module.
func configure(_ app: Application, configuration: AppConfiguration,
               now: @escaping @Sendable () -> Date = Date.init) throws {
    app.directory.viewsDirectory = app.directory.workingDirectory + "Templates/"
    app.directory.publicDirectory = app.directory.workingDirectory + "Public/"
    app.views.use(.leaf)
    // Keep Leaf's default template source (Templates/): left unset, Leaf builds it anew for
    // every page it renders.
    let templates = app.leaf.sources
    app.leaf.sources = templates

    app.leaf.tags["csrfField"] = CSRFFieldTag()
    app.leaf.tags["accountNav"] = AccountNavTag()

    try useDatabase(configuration.database, for: app)
    app.migrations.add(CreateRateSnapshots())
    app.migrations.add(CreateUsers())
    app.migrations.add(CreateSessions())
    app.migrations.add(CreateLoginFailures())
    app.migrations.add(CreateRateRefreshAttempts())
    app.migrations.add(CreateContacts())
    app.migrations.add(AddSnapshotRatesCurrencyIndex())

    let services = try AppServices.live(for: app, configuration: configuration, now: now)
    app.appServices = services

    // Outermost first: every response, error pages included, gets the security headers.
    app.middleware = Middlewares()
    app.middleware.use(SecurityHeadersMiddleware())
    app.middleware.use(RouteLoggingMiddleware(logLevel: .info))
    app.middleware.use(ErrorPageMiddleware())
    app.middleware.use(PublicFilesMiddleware(publicDirectory: app.directory.publicDirectory))
    app.middleware.use(SessionMiddleware(store: services.sessions, now: now, secureCookies: configuration.cookieSecure))

    app.lifecycle.use(RatesBackgroundJobs(
        refresher: services.refresher, currentRates: services.currentRates,
        refreshInterval: configuration.ratesRefreshInterval, syncInterval: configuration.ratesSyncInterval))
    app.asyncCommands.use(CreateUserCommand(), as: "create-user")
    app.asyncCommands.use(SeedContactsCommand(), as: "seed-contacts")

    // Liveness for load balancers and the benchmark's plaintext baseline.
    app.get("healthz") { _ in "ok" }
    try ConverterAssembly.register(on: app, services: services)
    AboutAssembly.register(on: app, services: services)
    LoginAssembly.register(on: app, services: services)
    SignupAssembly.register(on: app, services: services)
    AdminRatesAssembly.register(on: app, services: services)
    ContactListAssembly.register(on: app, services: services)
    ContactFormAssembly.register(on: app, services: services)
    ContactDetailAssembly.register(on: app, services: services)
    RateHistoryAssembly.register(on: app, services: services)
}

private func useDatabase(_ database: AppConfiguration.DatabaseKind, for app: Application) throws {
    switch database {
    case .sqlite(let path):
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        app.databases.use(.sqlite(.file(path)), as: .sqlite)
    case .postgres(let url, let searchPath):
        var postgres = try SQLPostgresConfiguration(url: url)
        postgres.searchPath = searchPath.map { [$0] }
        // More than Fluent's default of one connection per event loop: start-up holds one for its
        // lock while migrating on another, and pages should not queue behind a slow query.
        app.databases.use(.postgres(configuration: postgres, maxConnectionsPerEventLoop: 4), as: .psql)
    }
}
