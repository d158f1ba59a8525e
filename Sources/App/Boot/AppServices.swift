import Core
import Fluent
import Persistence
import RateSources
import ServiceInterfaces
import Vapor
import Web

/// The services the page modules are assembled from, created once at start.
struct AppServices: Sendable {
    let configuration: AppConfiguration
    let catalog: CurrencyCatalog
    /// Every provider the app knows, built once here from the kit's declarations.
    let providerCatalog: ProviderCatalog
    let rateStore: FluentRateSnapshotStore
    let currentRates: CurrentRates
    let refresher: RatesRefresher
    /// The rates that ship with the app, and what stores them (see ``BundledHistoryLoader``).
    let bundledRates: BundledRates
    let historyLoader: BundledHistoryLoader
    /// How far ``historyLoader`` has come, while it runs.
    let historyProgress: BundledHistoryProgress
    /// Reads the stored days into memory and blends every day: before the server listens, and
    /// after the bundled history is stored.
    let warmUp: @Sendable () async -> Void
    /// The providers refreshes fetch (`RATES_PROVIDERS`), in the catalogue's order.
    let enabledProviders: [RateSource]
    /// Each source's days for history and past dates, and the blend over time.
    let officialRates: OfficialRates
    let accounts: any AccountService
    let sessions: SessionStore
    /// What this instance has read lately: signed-in sessions, contact pages and every stored
    /// day's rates (see ``ChangeListener``).
    let caches: ChangeListener.Caches
    let throttle: AttemptThrottle
    let clients: ClientAddressResolver
    let contacts: any ContactsService
    /// Users' rate alerts, and the work that evaluates and delivers them.
    let alerts: any AlertsService
    let alertsWork: AlertsWork
    /// A host's addresses (the system's resolver), for checking webhooks' addresses.
    let resolveHost: @Sendable (String) async -> [[UInt8]]
    /// Signed-in users' kept ledger conversions.
    let ledgers: any LedgerStore
    /// Ledgers' uploads, conversions and files.
    let ledgerConversions: any LedgerConversions
    let rateHistory: any RateHistoryService
    /// The ECB's days, whatever the converter's provider (`/v1`); from the same memory as `rateHistory`.
    let referenceRates: any ReferenceRateDays
    /// The database with its time limits; services use it, and readiness checks it.
    let database: DatabaseAccess
    /// Validators and freshness for pages anyone may cache.
    let cachePolicy: HTTPCachePolicy
    /// This process among the instances on one database, for logs and `pg_stat_activity`.
    let instance: String
    /// Set once shutdown begins.
    let draining: DrainingFlag
    /// The clock; tests fix it.
    let now: @Sendable () -> Date

    static func live(
        for app: Application, configuration: AppConfiguration,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws -> AppServices {
        // The pools themselves, not `app.db`: that crashes once shutdown has cleared them, while
        // this answers `nil` (and `DatabaseAccess` a 503) for work that outlives them.
        let databases = app.databases, logger = app.logger, loops = app.eventLoopGroup
        let database = DatabaseAccess(
            database: { databases.database(logger: logger, on: loops.any()) },
            timeout: configuration.databaseWorkTimeout, health: DatabaseHealth(logger: logger))
        let providerCatalog = ProviderKit.catalog()
        let hasher = BcryptPasswordHasher(cost: configuration.passwordHashCost, threadPool: app.threadPool)
        let stores = Stores(
            database: database, onPostgres: configuration.database.isPostgres, sessionCacheSize: configuration.sessionCacheSize,
            contactPageCacheSize: configuration.contactPageCacheSize, rateHistoryCache: configuration.rateHistoryCache,
            historyYearsInMemory: configuration.historyYearsInMemory,
            providers: providerCatalog.fetchable.reduce(0) { $0 + $1.sides.count }, fetchTimeout: .seconds(configuration.ratesTimeout),
            hasher: hasher,
            unknownUserHash: try hasher.hashNow(SecureToken.generate()), now: now)
        let enabled = configuration.enabledProviders(in: providerCatalog)
        // The ECB's history ships with the app: it is blended whether or not it is fetched.
        let blended = providerCatalog.official.filter { $0 == .ecb || enabled.contains($0) }
        let blender = RateBlender(pegs: try Peg.bundled(), providers: providerCatalog.official)
        let store = stores.snapshots
        let currentRates = CurrentRates(
            store: store, blender: blender, providers: providerCatalog, blended: Set(blended.map(\.id)),
            defaultSource: configuration.ratesProvider, logger: app.logger, now: now)
        let fetcher = HTTPDocumentFetcher(
            client: { app.http.client.shared }, timeout: configuration.ratesTimeout, userAgent: "\(AppInfo.name)/\(AppInfo.version)")
        let feeds = ProviderKit.declarations.map { declaration in
            let id = declaration.source.id
            return ProviderFeed(
                declaration, origin: configuration.providerOrigins[id], moved: configuration.movedDocuments(of: id),
                apiKey: configuration.providerKeys[id])
        }
        // A feed that needs an API key is enabled by default and skipped, saying why, until the key is set.
        let providers = feeds.filter { enabled.contains($0.source) && !$0.lacksItsKey }.map { KitRatesProvider(feed: $0, fetcher: fetcher) }
        let skipped = feeds.filter { enabled.contains($0.source) && $0.lacksItsKey }.map(\.source)
            .map {
                (source: $0, reason: Message("Skipped: {variable} is not set.", ["variable": .text(AppConfiguration.keyVariable(of: $0))]))
            }
        // The ECB's daily rates are fetched for `/v1` whether or not the ECB is enabled.
        let ecb = KitRatesProvider(feed: feeds.first { $0.source == .ecb }!, fetcher: fetcher)
        let refreshStore = stores.refreshes
        let bundledRates = try configuration.bundledRatesFile.map(BundledRates.init(archive:)) ?? BundledRates.shipped()
        let historyProgress = BundledHistoryProgress()
        let officialRates = OfficialRates(
            days: stores.cachedDays, store: store,
            seriesStore: FluentBlendedSeriesStore(database: database, build: BlendBuild.identity(of: blender)), blender: blender,
            providers: providerCatalog,
            blended: blended, now: now)
        let referenceRates = stores.rateHistory
        // Every provider's days, the blend of every day (the default history) and the ECB's days
        // for /v1, in memory before a page asks: the first chart after start is as fast as the next.
        let warmUp: @Sendable () async -> Void = {
            _ = try? await officialRates.blendedSeries()
            let today = CalendarDate(containing: now())
            _ = try? await referenceRates.referenceDays(from: today, through: today)
            FreedMemory.release()
        }
        let catalog = try CurrencyCatalog.bundled()
        let alerts = stores.alerts
        let alertsWork = Self.alertsWork(
            alerts, history: officialRates, providers: providerCatalog, catalog: catalog, configuration: configuration, app: app, now: now)
        // After days are stored: read into memory and blended, then the alerts looked at.
        let afterStoring: @Sendable () async -> Void = {
            await warmUp()
            await alertsWork.afterStoring()
        }
        var historyLoader = BundledHistoryLoader(bundled: bundledRates, store: refreshStore, progress: historyProgress, now: now)
        historyLoader.afterStoring = afterStoring
        return AppServices(
            configuration: configuration,
            catalog: catalog,
            providerCatalog: providerCatalog,
            rateStore: store,
            currentRates: currentRates,
            refresher: RatesRefresher(
                providers: providers, reference: ecb, store: refreshStore, snapshots: store,
                currentRates: currentRates, historyProgress: historyProgress, now: now, logger: app.logger,
                skipped: skipped, afterStoring: afterStoring),
            bundledRates: bundledRates,
            historyLoader: historyLoader,
            historyProgress: historyProgress,
            warmUp: warmUp,
            enabledProviders: enabled,
            officialRates: officialRates,
            accounts: stores.accounts,
            sessions: stores.sessions,
            caches: stores.caches,
            throttle: stores.throttle,
            clients: ClientAddressResolver(trustedProxies: configuration.trustedProxies),
            contacts: stores.contacts,
            alerts: alerts,
            alertsWork: alertsWork,
            resolveHost: { await HostResolver.addresses(of: $0) },
            ledgers: stores.ledgers,
            ledgerConversions: LedgerFiles(appVersion: AppInfo.version, now: now),
            rateHistory: stores.rateHistory,
            referenceRates: referenceRates,
            database: database,
            cachePolicy: HTTPCachePolicy(
                build: HTTPCachePolicy.fingerprint(
                    version: AppInfo.version,
                    directories: [app.directory.viewsDirectory, app.directory.publicDirectory]),
                refreshInterval: configuration.ratesRefreshInterval, compresses: configuration.responseCompression),
            instance: String(UUID().uuidString.prefix(8)).lowercased(),
            draining: DrainingFlag(),
            now: now)
    }
}

extension AppServices {
    /// The alerts' evaluation and delivery over `alerts`: webhooks through the app's HTTP client
    /// (which follows no redirect), e-mail through `SMTP_URL` when it is set.
    static func alertsWork(
        _ alerts: any AlertsService, history: any SourceHistoryReading, providers: ProviderCatalog, catalog: CurrencyCatalog,
        configuration: AppConfiguration, app: Application, now: @escaping @Sendable () -> Date
    ) -> AlertsWork {
        let metrics = AlertMetrics()
        let presenter = AlertsPresenter(providers: providers, catalog: catalog)
        let publicURL = configuration.publicURL
        let mail = configuration.smtpURL.map {
            MailSender(server: $0, from: configuration.smtpFrom, group: app.eventLoopGroup, caFile: configuration.smtpCAFile)
        }
        return AlertsWork(
            evaluator: AlertsEvaluator(
                alerts: alerts, history: history, emailEnabled: mail != nil, metrics: metrics, now: now, logger: app.logger),
            deliverer: AlertsDeliverer(
                alerts: alerts,
                webhooks: WebhookSender(client: { app.http.client.shared }, allowPrivate: configuration.alertsAllowPrivateTargets),
                mail: mail, message: { presenter.message($0, publicURL: publicURL) }, retryDelays: configuration.alertsRetryDelays,
                publicURL: publicURL, metrics: metrics, now: now, logger: app.logger))
    }
}

extension Application {
    private struct AppServicesKey: StorageKey {
        typealias Value = AppServices
    }

    /// Set by `configure`; commands and start-up tasks reach the services through it.
    var appServices: AppServices {
        get {
            guard let services = storage[AppServicesKey.self] else { fatalError("configure(_:) has not run") }
            return services
        }
        set { storage[AppServicesKey.self] = newValue }
    }
}
