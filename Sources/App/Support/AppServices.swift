import Fluent
import Vapor

/// The services the page modules are assembled from, created once at start.
struct AppServices: Sendable {
    let configuration: AppConfiguration
    let catalog: CurrencyCatalog
    let rateStore: any RateSnapshotStore
    let currentRates: CurrentRates
    /// The clock; tests fix it.
    let now: @Sendable () -> Date

    static func live(for app: Application, configuration: AppConfiguration,
                     now: @escaping @Sendable () -> Date = Date.init) throws -> AppServices {
        let store = FluentRateSnapshotStore(database: { app.db })
        return AppServices(
            configuration: configuration,
            catalog: try CurrencyCatalog.bundled(),
            rateStore: store,
            currentRates: CurrentRates(store: store, logger: app.logger),
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
