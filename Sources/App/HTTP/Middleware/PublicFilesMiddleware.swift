import Vapor

/// Serves `Public/` like Vapor's `FileMiddleware`, but asks the file system only for paths under
/// what `Public/` actually holds (`/css/...`, `/favicon.svg`). Every other request — all the
/// pages — skips the file lookup, which would otherwise cost each page about a quarter of its speed.
/// Files are revalidated by ETag on each use (`no-cache`), so a deploy never serves stale CSS.
struct PublicFilesMiddleware: AsyncMiddleware {
    private let files: FileMiddleware
    private let prefixes: [String]
    private let exactPaths: Set<String>

    init(publicDirectory: String) {
        files = FileMiddleware(publicDirectory: publicDirectory, cachePolicy: .noCache)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: publicDirectory)) ?? []
        var prefixes: [String] = []
        var exactPaths: Set<String> = []
        for entry in entries where !entry.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: publicDirectory + "/" + entry, isDirectory: &isDirectory)
            if isDirectory.boolValue { prefixes.append("/\(entry)/") } else { exactPaths.insert("/\(entry)") }
        }
        self.prefixes = prefixes
        self.exactPaths = exactPaths
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        guard exactPaths.contains(path) || prefixes.contains(where: path.hasPrefix) else {
            return try await next.respond(to: request)
        }
        return try await files.respond(to: request, chainingTo: next)
    }
}
