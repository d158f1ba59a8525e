import Core
import Vapor
import Web

/// Wires `/llms.txt`: the sources this instance fetches (the blend's, the tax and customs
/// authorities' and the historical and international publishers'), written once at start, as they do not change while it runs.
enum LLMsTextAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let sources =
            services.officialRates.blended + services.enabledProviders.filter { $0.kind == .taxAndCustoms || $0.kind == .reference }
        let text = LLMsTextPresenter().present(sources: sources, mcpEnabled: services.configuration.mcpEnabled)
        let view = LLMsTextView(text: text)
        routes.get(SiteURL.Route.llmsText.pathComponents, use: view.show)
    }
}
