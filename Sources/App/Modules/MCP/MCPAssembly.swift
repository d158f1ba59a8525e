import Vapor
import Web

/// Wires the MCP endpoint over the converter's, the v2 API's and the ledger's interactors, made
/// by their own assemblies; `MCP_ENABLED=false` leaves the route out.
enum MCPAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) throws {
        guard services.configuration.mcpEnabled else { return }
        let interactor = MCPInteractor(
            converter: ConverterAssembly.interactor(services: services), rates: try FrankfurterV2Assembly.interactor(services: services),
            ledger: LedgerAssembly.interactor(services: services))
        let view = MCPView(
            interactor: interactor,
            presenter: MCPPresenter(
                api: ConverterAPIPresenter(providers: services.providerCatalog),
                ledger: LedgerPresenter(providers: services.providerCatalog)),
            allowedOrigins: services.configuration.mcpAllowedOrigins, metrics: MCPToolMetrics())
        routes.on(.POST, SiteURL.Route.mcp.pathComponents, body: .stream, use: view.post)
        routes.on(.GET, SiteURL.Route.mcp.pathComponents, use: view.notAllowed)
        routes.on(.DELETE, SiteURL.Route.mcp.pathComponents, use: view.notAllowed)
    }
}
