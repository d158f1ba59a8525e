/// A provider of exchange rates as people know it: the name to show and the site to link.
package struct RateSource: Sendable, Equatable {
    /// Stored with each snapshot, e.g. `ecb`.
    package let id: String
    package let name: String
    package let website: String
    /// Shipped with the app rather than fetched, so possibly old.
    package let isBundled: Bool

    package init(id: String, name: String, website: String, isBundled: Bool) {
        self.id = id
        self.name = name
        self.website = website
        self.isBundled = isBundled
    }

    package static let ecb = RateSource(
        id: "ecb", name: "European Central Bank",
        website: "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html",
        isBundled: false)
    package static let exchangeRateAPI = RateSource(
        id: "exchangerate-api", name: "ExchangeRate-API", website: "https://www.exchangerate-api.com",
        isBundled: false)
    /// The ECB snapshot that ships with the app, so it converts before any refresh.
    package static let bundledECB = RateSource(
        id: "ecb-bundled", name: ecb.name, website: ecb.website, isBundled: true)

    package static let known: [RateSource] = [.ecb, .exchangeRateAPI, .bundledECB]

    /// Its name in a sentence, in the page's language: the ECB's is translated, a company's is its own.
    package var displayName: Message { name == Self.ecb.name ? Message("European Central Bank") : .verbatim(name) }

    /// The sources whose snapshots are this provider's rates: the ECB's include the copy that
    /// ships with the app.
    package var family: [String] { self == .ecb || self == .bundledECB ? [Self.ecb.id, Self.bundledECB.id] : [id] }

    /// The source stored as `id`; an unknown id (a provider since removed) is shown as is.
    package static func withID(_ id: String) -> RateSource {
        known.first { $0.id == id } ?? RateSource(id: id, name: id, website: "", isBundled: false)
    }
}
