import Fluent
import Vapor

/// The services the page modules are assembled from, created once at start.
struct AppServices: Sendable {
    let configuration: AppConfiguration
    let catalog: CurrencyCatalog
    let rateStore: any RateSnapshotStore
    let currentRates: CurrentRates
    let refresher: RatesRefresher
    let accounts: any AccountService
    let sessions: SessionStore
    let loginThrottle: LoginThrottle
    let contacts: any ContactsService
    let rateHistory: any RateHistoryService
    /// The clock; tests fix it.
    let now: @Sendable () -> Date

    static func live(for app: Application, configuration: AppConfiguration,
                     now: @escaping @Sendable () -> Date = Date.init) throws -> AppServices {
        let database: @Sendable () -> any Database = { app.db }
        let store = FluentRateSnapshotStore(database: database)
        let currentRates = CurrentRates(store: store, logger: app.logger)
        let fetcher = HTTPDocumentFetcher(client: { app.client }, timeout: configuration.ratesTimeout)
        let ecb = ECBRatesProvider(
            fetcher: fetcher,
            dailyURL: configuration.ratesProvider == .ecb ? configuration.ratesProviderURL ?? ECBRatesProvider.dailyURL
                                                          : ECBRatesProvider.dailyURL,
            historyURL: configuration.ecbHistoryURL)
        let provider: any RatesProvider = switch configuration.ratesProvider {
        case .ecb: ecb
        case .exchangeRateAPI:
            ExchangeRateAPIProvider(fetcher: fetcher, url: configuration.ratesProviderURL ?? ExchangeRateAPIProvider.latestURL)
        }
        let hasher = PasswordHasher(cost: configuration.passwordHashCost, threadPool: app.threadPool)
        return AppServices(
            configuration: configuration,
            catalog: try CurrencyCatalog.bundled(),
            rateStore: store,
            currentRates: currentRates,
            refresher: RatesRefresher(
                provider: provider, history: ecb, store: FluentRateRefreshStore(database: database),
                currentRates: currentRates, now: now, logger: app.logger),
            accounts: FluentAccountService(
                database: database, hasher: hasher,
                unknownUserHash: try Bcrypt.hash(SecureToken.generate(), cost: configuration.passwordHashCost)),
            sessions: SessionStore(database: database),
            loginThrottle: LoginThrottle(database: database),
            contacts: FluentContactsService(database: database),
            rateHistory: FluentRateHistoryService(database: database),
            now: now)
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
