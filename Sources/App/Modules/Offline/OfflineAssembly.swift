import Foundation
import Vapor
import Web

/// Wires working offline: `/service-worker.js`, `/offline/rates.json` and `/offline`.
enum OfflineAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) throws {
        let view = OfflineView(
            interactor: OfflineInteractor(
                rates: services.currentRates, catalog: services.catalog, providers: services.providerCatalog, now: services.now),
            presenter: OfflinePresenter(providers: services.providerCatalog),
            cachePolicy: services.cachePolicy,
            worker: try workerScript(build: services.cachePolicy.build))
        routes.get(SiteURL.Route.serviceWorker.pathComponents) { view.script($0) }
        routes.get(SiteURL.Route.offlineRates.pathComponents, use: view.rates)
        routes.get(SiteURL.Route.offline.pathComponents, use: view.page)
    }

    /// `Resources/service-worker.js` with this build's fingerprint (the templates', the public
    /// files' and the version's) in place of `__BUILD__`: its caches are named by it, so a new
    /// build's worker replaces what the old one kept.
    static func workerScript(build: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "service-worker", withExtension: "js", subdirectory: "Resources") else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/service-worker.js"])
        }
        let source = try String(contentsOf: url, encoding: .utf8)
        return Array(source.replacingOccurrences(of: "__BUILD__", with: build).utf8)
    }
}
