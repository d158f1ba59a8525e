import ServiceInterfaces
import Vapor

extension Middlewares {
    /// The site's middleware, outermost first: every response, error pages included, gets the
    /// security headers; what the app writes whole is gzip'd with a compressor per thread when
    /// `compresses` (streams and files are left to Vapor's compressor); each request is logged
    /// as answered, errors included; the public APIs answer their preflights before an error
    /// page could; a request's input is checked (and its body read in full) before anything
    /// reads it; then the public files, and the browser's session for the pages.
    package static func site(
        paths: SitePaths, errorShapes: [ErrorPageMiddleware.Shape], publicDirectory: String, sessions: any SessionStoring,
        secureCookies: Bool, compresses: Bool, now: @escaping @Sendable () -> Date
    ) -> Middlewares {
        var chain = Middlewares()
        chain.use(SecurityHeadersMiddleware())
        if compresses { chain.use(GzipMiddleware()) }
        chain.use(RequestLogMiddleware(quiet: paths.quiet))
        chain.use(PublicAPICORSMiddleware(paths: paths))
        chain.use(ErrorPageMiddleware(paths: paths, shapes: errorShapes))
        chain.use(RequestInputMiddleware(streamedUploads: paths.streamedUploads))
        chain.use(PublicFilesMiddleware(publicDirectory: publicDirectory))
        chain.use(SessionMiddleware(store: sessions, now: now, secureCookies: secureCookies))
        return chain
    }
}
