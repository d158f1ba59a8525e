import Web

extension SiteURL {
    /// What the web machinery is told of these routes (``SitePaths``).
    static let sitePaths = SitePaths(
        home: SiteURL.converter.path,
        publicAPIs: [Route.apiPrefix + "v1/", Route.frankfurterPrefix, Route.frankfurterV2Prefix],
        problemDocuments: Route.apiPrefix,
        quiet: Route.healthChecks,
        streamedUploads: [Route.ledger.pattern, Route.apiLedger.pattern, Route.mcp.pattern, Route.adminRatesUpload.pattern],
        routes: Dictionary(uniqueKeysWithValues: Route.allCases.map { ("\($0)", $0.pattern) }),
        language: { SiteURL.language($0).path })
}
