import Vapor
import Web

/// Wires `/manifest.webmanifest`: the app as a browser installs it, in each language.
enum AppManifestAssembly {
    static func register(on routes: any RoutesBuilder) throws {
        let presenter = AppManifestPresenter()
        var manifests: [Language: [UInt8]] = [:]
        for language in Language.allCases { manifests[language] = try presenter.json(in: Localizations.of(language)) }
        routes.get(SiteURL.Route.appManifest.pathComponents, use: AppManifestView(manifests: manifests).show)
    }
}
