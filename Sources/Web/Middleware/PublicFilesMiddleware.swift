import Vapor

/// Serves `Public/` like Vapor's `FileMiddleware`, but asks the file system only for paths under
/// what `Public/` actually holds (`/css/...`, `/favicon.svg`). Every other request — all the
/// pages — skips the file lookup, which would otherwise cost each page about a quarter of its speed.
/// Files are revalidated by ETag on each use (`no-cache`), so a deploy never serves stale CSS.
/// They are read, never written: another method than GET or HEAD on one is a 405 (Vapor's
/// `FileMiddleware` would serve the file to a PUT or a DELETE as if it were a GET).
package struct PublicFilesMiddleware: AsyncMiddleware {
    private let publicDirectory: String
    private let files: FileMiddleware
    private let prefixes: [String]
    private let exactPaths: Set<String>

    package init(publicDirectory: String) {
        self.publicDirectory = publicDirectory.hasSuffix("/") ? publicDirectory : publicDirectory + "/"
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

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        guard exactPaths.contains(path) || prefixes.contains(where: path.hasPrefix) else {
            return try await next.respond(to: request)
        }
        guard request.method == .GET || request.method == .HEAD else {
            if isFile(path) { throw MethodNotAllowed(method: request.method, allowed: AllowedMethods(methods: [.GET, .HEAD])) }
            return try await next.respond(to: request)
        }
        return try await files.respond(to: request, chainingTo: next)
    }

    /// Whether `path` names a file in `Public/` (checked as `FileMiddleware` checks it).
    private func isFile(_ path: String) -> Bool {
        guard let relative = path.removingPercentEncoding?.drop(while: { $0 == "/" }), !relative.contains("../") else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: publicDirectory + relative, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
