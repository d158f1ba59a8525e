import Vapor

/// Wires the language menu's choice and registers its route.
package enum LanguageChoiceAssembly {
    package static func register(on routes: any RoutesBuilder, services: AppServices) {
        let view = LanguageChoiceView(router: LanguageChoiceRouter(), cookieSecure: services.configuration.cookieSecure)
        routes.get(.language, immediately: view.choose)
    }
}
