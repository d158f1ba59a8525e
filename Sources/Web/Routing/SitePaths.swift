/// What the web machinery needs to know of the app's addresses. The routes are the app's (its
/// `SiteURL`): this layer is below the pages and names none of them, so the app hands it these
/// once, as it configures the middleware and the templates' tags.
package struct SitePaths: Sendable {
    /// The home page, which error pages link back to.
    package var home: String
    /// Where the public, read-only APIs live: every answer there may be read by any site's pages
    /// (``PublicAPICORSMiddleware``), and a 405 there allows `OPTIONS` too.
    package var publicAPIs: [String]
    /// Where errors are RFC 9457 problem documents rather than pages.
    package var problemDocuments: String
    /// Paths logged at debug (the load balancers' health probes).
    package var quiet: Set<String>
    /// Uploads their handlers read as they arrive, within their own limits: the input check
    /// leaves their bodies alone (``RequestInputMiddleware``).
    package var streamedUploads: Set<String>
    /// Each route's path by name, for `#route("about")` (``RouteTag``).
    package var routes: [String: String]
    /// The language menu's link to a language (``LanguageMenuTag``).
    package var language: @Sendable (Language) -> String

    package init(
        home: String, publicAPIs: [String], problemDocuments: String, quiet: Set<String>, streamedUploads: Set<String>,
        routes: [String: String], language: @escaping @Sendable (Language) -> String
    ) {
        self.home = home
        self.publicAPIs = publicAPIs
        self.problemDocuments = problemDocuments
        self.quiet = quiet
        self.streamedUploads = streamedUploads
        self.routes = routes
        self.language = language
    }

    /// Whether `path` is one of the public APIs'.
    package func isPublicAPI(_ path: String) -> Bool {
        publicAPIs.contains { path.hasPrefix($0) || $0 == path + "/" }
    }
}
