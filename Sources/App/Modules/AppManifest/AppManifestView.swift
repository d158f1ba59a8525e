import Vapor
import Web

/// `GET /manifest.webmanifest`: the manifest in the language `lang` names (each page links to
/// its own language's), else the visitor's; the same bytes for everyone asking for a language.
struct AppManifestView: Sendable {
    /// Each language's manifest, written at start: they change only with the build.
    let manifests: [Language: [UInt8]]

    func show(_ request: Request) async throws -> Response {
        let language = request.queryItems["lang"].flatMap(Language.init(rawValue:)) ?? request.language
        return Response(
            status: .ok,
            headers: [
                "Content-Type": "application/manifest+json; charset=utf-8", "Content-Language": language.rawValue,
                "Cache-Control": "public, max-age=86400",
            ],
            body: .init(data: Data(manifests[language] ?? manifests[.fallback] ?? [])))
    }
}
