import Foundation
import Web

/// The web app manifest (W3C *Web Application Manifest*) in one language: the app's name and
/// description as its pages say them, its direction, the converter as where it starts, a
/// window of its own, its colours and icons.
struct AppManifestPresenter: Sendable {
    /// The colour of the site's header and favicon.
    static let themeColor = "#0b6e4f"

    struct Manifest: Encodable, Equatable {
        struct Icon: Encodable, Equatable {
            let src: String
            let sizes: String
            let type: String
            let purpose: String
        }

        let id: String
        let name: String
        let shortName: String
        let description: String
        let lang: String
        let dir: String
        let startURL: String
        let scope: String
        let display: String
        let themeColor: String
        let backgroundColor: String
        let icons: [Icon]

        enum CodingKeys: String, CodingKey {
            case id, name, description, lang, dir, scope, display, icons
            case shortName = "short_name"
            case startURL = "start_url"
            case themeColor = "theme_color"
            case backgroundColor = "background_color"
        }
    }

    func manifest(in l: Localization) -> Manifest {
        let name = l.text("Currency Converter")
        return Manifest(
            id: "/", name: name, shortName: name, description: l.text("Convert currencies"), lang: l.language.rawValue,
            dir: l.language.direction, startURL: SiteURL.converter.path, scope: "/", display: "standalone", themeColor: Self.themeColor,
            backgroundColor: "#ffffff",
            icons: [
                .init(src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any"),
                .init(src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any"),
                .init(src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any"),
            ])
    }

    /// ``manifest(in:)`` as JSON, members in a fixed order.
    func json(in l: Localization) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest(in: l)))
    }
}
