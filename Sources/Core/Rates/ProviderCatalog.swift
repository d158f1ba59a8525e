/// Every provider the app knows, by kind and in the order pages list them, with each one's
/// facts looked up by id. Built once at start from the providers declared (App builds it from
/// RateSources' kit) and handed to what needs it; a test builds the one it needs.
package struct ProviderCatalog: Sendable {
    /// The central banks, blended.
    package let official: [RateSource]
    /// Tax and customs authorities' rates, never blended.
    package let taxAndCustoms: [RateSource]
    /// Historical and international publishers, never blended.
    package let reference: [RateSource]
    /// Companies' feeds, never blended.
    package let commercial: [RateSource]
    private let byID: [RateSourceID: RateSource]

    /// `sources` sorted by kind, each kind's in the order given.
    package init(_ sources: [RateSource]) {
        official = sources.filter { $0.kind == .centralBank }
        taxAndCustoms = sources.filter { $0.kind == .taxAndCustoms }
        reference = sources.filter { $0.kind == .reference }
        commercial = sources.filter { $0.kind == .commercial }
        var byID = Dictionary(sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for source in [RateSource.bundledECB, .blend] { byID[source.id] = source }
        self.byID = byID
    }

    /// The providers a refresh may fetch (`RATES_PROVIDERS` names some of them), in order.
    package var fetchable: [RateSource] { official + taxAndCustoms + reference + commercial }

    /// The source stored as `id`; an unknown id (a provider since removed) is shown as is.
    package func source(_ id: RateSourceID) -> RateSource {
        byID[id] ?? RateSource(id: id, name: id.rawValue, website: "", isBundled: false)
    }

    /// The fetchable provider a `/v2` key or a form's choice names (`NBP.B`, `nbp.b`), if any.
    package func provider(named key: String) -> RateSource? {
        guard let id = RateSourceID(key), let source = byID[id], source.id != .blend, source.id != .bundledECB else { return nil }
        return source
    }
}
