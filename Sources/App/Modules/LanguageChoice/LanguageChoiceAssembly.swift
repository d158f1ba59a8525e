import Vapor

/// Wires the language menu's choice and registers its route.
enum LanguageChoiceAssembly {
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = LanguageChoiceView(router: LanguageChoiceRouter(), cookieSecure: services.configuration.cookieSecure)
        routes.get(.language, use: view.choose)
    }
}
