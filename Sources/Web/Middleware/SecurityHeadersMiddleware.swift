import Vapor

/// Security headers on every response: no inline scripts or foreign sources, no framing, no
/// MIME sniffing, and referrers that do not leak URLs to other sites. A response that does not
/// say how it may be cached (signed-in pages, forms, errors) is `no-store`: only what a page
/// marks cacheable (``CacheDirective``) and public files are kept by browsers and proxies.
package struct SecurityHeadersMiddleware: AsyncMiddleware {
    package static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "font-src 'self'", "connect-src 'self'", "form-action 'self'", "frame-ancestors 'none'",
        "base-uri 'none'", "object-src 'none'",
    ].joined(separator: "; ")

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        // Changed as one copy and written back once: each change made through `Response.headers`
        // copies them all (Vapor keeps them in a locked box).
        var headers = response.headers
        headers.replaceOrAdd(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
        headers.replaceOrAdd(name: "Referrer-Policy", value: "same-origin")
        if !headers.contains(name: .cacheControl) || response.status.code >= 400 {
            headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        }
        response.headers = headers
        return response
    }

    package init() {}
}
