import Vapor

/// Lets web pages on any site call the public, read-only JSON API straight from the browser:
/// every answer under its paths (errors and 304s too) carries `Access-Control-Allow-Origin: *`
/// and exposes its validators, and a preflight (`OPTIONS`) is answered here with the methods and
/// headers a reader may use. No credentials are involved: the API reads no cookie and changes
/// nothing, so no other path is opened to other sites.
///
/// Vapor's `CORSMiddleware` cannot say this. Used globally it answers for every path, the pages
/// (which carry session cookies) included. Used on the API's route groups it never sees a
/// request no route matches (an unknown `/api/v1/…` path's 404, a wrong method's 405, both
/// answered by ``ErrorPageMiddleware`` before any group's middleware runs), and an error a
/// handler throws passes it without its headers (it adds them in a `map` of the successful
/// response). Its preflight is a 200 with a body where this one is a 204.
package struct PublicAPICORSMiddleware: AsyncMiddleware {
    /// Where the public APIs live (``SitePaths/publicAPIs``).
    package let paths: SitePaths
    package static let allowedMethods = "GET, HEAD, OPTIONS"
    package static let allowedHeaders = "Accept, If-None-Match, If-Modified-Since"
    package static let exposedHeaders = "ETag, Cache-Control, Retry-After"
    /// How long a browser may keep a preflight's answer (a day).
    package static let preflightMaxAge = "86400"

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard paths.isPublicAPI(request.url.path) else {
            return try await next.respond(to: request)
        }
        let response = request.method == .OPTIONS ? Response(status: .noContent) : try await next.respond(to: request)
        // One copy of the headers changed and written back (each change through `Response.headers` copies them all).
        var headers = response.headers
        if request.method == .OPTIONS {
            headers.replaceOrAdd(name: .accessControlAllowMethods, value: Self.allowedMethods)
            headers.replaceOrAdd(name: .accessControlAllowHeaders, value: Self.allowedHeaders)
            headers.replaceOrAdd(name: .accessControlMaxAge, value: Self.preflightMaxAge)
        }
        headers.replaceOrAdd(name: .accessControlAllowOrigin, value: "*")
        headers.replaceOrAdd(name: .accessControlExpose, value: Self.exposedHeaders)
        response.headers = headers
        return response
    }
}
