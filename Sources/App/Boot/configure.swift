import Core
import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Leaf
import Persistence
import RateSources
import Vapor
import Web

/// Configures the app: templates, middleware, database, services and every page module.
package func configure(
    _ app: Application, configuration: AppConfiguration,
    now: @escaping @Sendable () -> Date = Date.init
) throws {
    app.directory.viewsDirectory = app.directory.workingDirectory + "Templates/"
    app.directory.publicDirectory = app.directory.workingDirectory + "Public/"
    app.views.use(.leaf)
    // Keep Leaf's default template source (Templates/): left unset, Leaf builds it anew for
    // every page it renders.
    let templates = app.leaf.sources
    app.leaf.sources = templates

    app.pages = PageRenderer(
        requestTags: [CSRFFieldTag(), AccountNavTag()], isEnabled: app.environment != .development,
        compresses: configuration.responseCompression)
    for tag in app.pages.requestTags { app.leaf.tags[tag.name] = tag }
    app.leaf.tags[RouteTag.name] = RouteTag(paths: SiteURL.sitePaths.routes)
    app.leaf.tags[LastConversionCookieTag.name] = LastConversionCookieTag(secure: configuration.cookieSecure)
    // The translations are read now: a broken file stops the start, naming its line.
    _ = try Localizations.bundled.get()
    LanguageTags.register(in: &app.leaf.tags, paths: SiteURL.sitePaths)

    let listenerConfiguration = try useDatabase(configuration, for: app)
    for migration in Migrations.all {
        app.migrations.add(migration, to: app.maintenanceDatabaseID)
    }

    // The only outbound requests are rate fetches; `HTTPDocumentFetcher` decides which
    // redirects to follow, so the client must not follow any on its own.
    app.http.client.configuration.redirectConfiguration = .disallow
    // Nor retry a refused connection until the deadline: one fetch every few hours gains nothing
    // from that, and the admin would wait the whole `RATES_TIMEOUT` to hear "connection refused".
    app.http.client.configuration.connectionPool.retryConnectionEstablishment = false
    // One JSON style for everything Vapor encodes as `Content`, the same as ``APIJSON`` writes.
    ContentConfiguration.global.use(encoder: JSONEncoder.api, for: .json)
    let services = try AppServices.live(for: app, configuration: configuration, now: now)
    app.appServices = services

    let paths = SiteURL.sitePaths
    app.middleware = .site(
        paths: paths, errorShapes: [FrankfurterView.errorShape, FrankfurterV2View.errorShape],
        publicDirectory: app.directory.publicDirectory, sessions: services.sessions, secureCookies: configuration.cookieSecure,
        compresses: configuration.responseCompression, now: now)
    app.routes.defaultMaxBodySize = ByteCount(value: RequestInputMiddleware.maxBodyBytes)

    let jobs = RatesBackgroundJobs(
        refresher: services.refresher, currentRates: services.currentRates,
        refreshInterval: configuration.ratesRefreshInterval, syncInterval: configuration.ratesSyncInterval,
        historyLoader: services.historyLoader, warmUp: services.warmUp, alerts: services.alertsWork,
        alertsInterval: configuration.alertsPollInterval)
    app.http.server.configuration.responseCompression = configuration.responseCompression ? .enabled : .disabled
    // No request body is inflated: forms come uncompressed, and a compressed one is a 415
    // (`RequestInputMiddleware`). Vapor's default inflated them, up to 25 times their size.
    app.http.server.configuration.requestDecompression = .disabled
    app.http.server.configuration.shutdownTimeout = .milliseconds(Int64(configuration.shutdownTimeout * 1000))
    app.lifecycle.use(
        GracefulShutdown(
            jobs: configuration.role == .server ? jobs : nil, database: services.database.health, draining: services.draining,
            delay: configuration.shutdownDelay))
    // Other instances' changes: the server listens for them from its start; a command does its
    // one piece of work without (`profile-pages`, which times pages as the server serves them,
    // starts it itself).
    if configuration.role != .help, let listenerConfiguration,
        configuration.sessionCacheSize > 0 || configuration.contactPageCacheSize > 0 || configuration.rateHistoryCache
    {
        let listener = ChangeListener(
            configuration: listenerConfiguration,
            caches: services.caches,
            instance: services.instance)
        app.changeListener = listener
        if configuration.role == .server { app.lifecycle.use(ChangeListening(listener: listener)) }
    }
    app.asyncCommands.use(CreateUserCommand(), as: "create-user")
    app.asyncCommands.use(SeedContactsCommand(), as: "seed-contacts")
    app.asyncCommands.use(ProfilePagesCommand(), as: "profile-pages")
    app.asyncCommands.use(RefreshCommand(), as: "refresh")

    HealthRoutes.register(on: app, services: services)
    AppMetrics.register(on: app, services: services)
    try ConverterAssembly.register(on: app, services: services)
    AboutAssembly.register(on: app, services: services)
    LoginAssembly.register(on: app, services: services)
    SignupAssembly.register(on: app, services: services)
    AdminRatesAssembly.register(on: app, services: services)
    ContactListAssembly.register(on: app, services: services)
    ContactFormAssembly.register(on: app, services: services)
    ContactDetailAssembly.register(on: app, services: services)
    RateHistoryAssembly.register(on: app, services: services)
    PricesAssembly.register(on: app, services: services)
    LedgerAssembly.register(on: app, services: services)
    LanguageChoiceAssembly.register(on: app, services: services)
    try FrankfurterAssembly.register(on: app, services: services)
    try FrankfurterV2Assembly.register(on: app, services: services)
    try MCPAssembly.register(on: app, services: services)
    LLMsTextAssembly.register(on: app, services: services)
    try AppManifestAssembly.register(on: app)
    try OfflineAssembly.register(on: app, services: services)
    AlertsAssembly.register(on: app, services: services)
}

/// Registers the database pools; on PostgreSQL, returns the settings for connections of the
/// app's own (``ChangeListener``'s).
private func useDatabase(_ configuration: AppConfiguration, for app: Application) throws -> PostgresConnection.Configuration? {
    switch configuration.database {
    case .sqlite(let path):
        // The file's folder, made for any run that may open it (not for `--help`).
        if configuration.role != .help {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        app.databases.use(.sqlite(.file(path)), as: .sqlite)
        return nil
    case .postgres(let url, let searchPath):
        var postgres = try SQLPostgresConfiguration(url: url)
        postgres.searchPath = searchPath.map { [$0] }
        postgres.coreConfiguration.options.connectTimeout = .milliseconds(Int64(configuration.databaseConnectTimeout * 1000))
        let poolTimeout = TimeAmount.milliseconds(Int64(configuration.databasePoolTimeout * 1000))
        // Migrations and the start-up lock get a pool of their own without a statement time
        // limit: building an index on a large table, or waiting for another instance to finish
        // migrating, may take longer than any page should. Two per loop: the lock holds one
        // while the migrations run on another.
        app.databases.use(
            .postgres(configuration: postgres, maxConnectionsPerEventLoop: 2, connectionPoolTimeout: poolTimeout),
            as: .maintenance, isDefault: false)
        var requests = postgres
        requests.coreConfiguration.options.additionalStartupParameters = [
            ("statement_timeout", String(Int(configuration.databaseStatementTimeout * 1000)))
        ]
        // More than Fluent's default of one connection per event loop: pages should not queue
        // behind a slow query.
        app.databases.use(
            .postgres(configuration: requests, maxConnectionsPerEventLoop: 4, connectionPoolTimeout: poolTimeout),
            as: .psql, isDefault: true)
        return postgres.coreConfiguration
    }
}

extension DatabaseID {
    /// PostgreSQL's pool for migrations and start-up work (see `useDatabase`).
    static let maintenance = DatabaseID(string: "psql-maintenance")
}

extension Application {
    /// Where migrations run: PostgreSQL's maintenance pool, or the one SQLite database.
    var maintenanceDatabaseID: DatabaseID? {
        databases.ids().contains(.maintenance) ? .maintenance : nil
    }
}
