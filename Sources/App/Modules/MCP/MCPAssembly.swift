import Core
import Vapor
import Web

/// Wires the MCP endpoint over the converter's, the v2 API's and the ledger's interactors, as
/// their own assemblies wire them; `MCP_ENABLED=false` leaves the route out.
enum MCPAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) throws {
        guard services.configuration.mcpEnabled else { return }
        var converter = ConverterInteractor(
            rates: services.currentRates, pastRates: services.officialRates, catalog: services.catalog,
            calculator: ConversionCalculator(catalog: services.catalog), now: services.now)
        converter.history = services.historyProgress
        var rates = FrankfurterV2Interactor(
            rates: services.officialRates, names: try RubyMoneyCurrencyNames.bundled(), catalog: services.catalog,
            providers: services.officialRates.blended, now: services.now, load: services.historyProgress)
        rates.unblended = services.enabledProviders.filter { $0.kind == .taxAndCustoms }
        let ledger = LedgerInteractor(
            rates: services.officialRates, current: services.currentRates, catalog: services.catalog, store: services.ledgers,
            appVersion: AppInfo.version, now: services.now, load: services.historyProgress)
        let view = MCPView(
            interactor: MCPInteractor(converter: converter, rates: rates, ledger: ledger), presenter: MCPPresenter(),
            allowedOrigins: services.configuration.mcpAllowedOrigins)
        routes.on(.POST, SiteURL.Route.mcp.pathComponents, body: .stream, use: view.post)
        routes.on(.GET, SiteURL.Route.mcp.pathComponents, use: view.notAllowed)
        routes.on(.DELETE, SiteURL.Route.mcp.pathComponents, use: view.notAllowed)
    }
}
