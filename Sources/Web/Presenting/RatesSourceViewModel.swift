import Core

/// Where the rates come from and how old they are, as the converter and About say it:
/// `Rates of Oct 30, 2026 (3 days ago) · Source: European Central Bank`.
package struct RatesSourceViewModel: Encodable, Sendable, Equatable {
    /// ISO 8601, for `<time datetime>`.
    package let effectiveDate: String
    /// The day in the page's language.
    package let dateText: String
    /// `today`, `yesterday`, `12 days ago`.
    package let age: String
    package let sourceName: String
    /// The provider's site; none for a provider the app no longer knows, or for a blend of
    /// several (the page's details name each). Absent, not empty: Leaf's `#if` reads an empty
    /// text as true, which linked the name to nowhere (`href=""`).
    package let sourceURL: String?
    /// The snapshot shipped with the app rather than fetched.
    package let isBundled: Bool

    /// `snapshot`'s, its providers as `catalog` knows them.
    package init(snapshot: RateSnapshot, today: CalendarDate, catalog: ProviderCatalog, in localization: Localization) {
        let source = catalog.source(snapshot.source)
        effectiveDate = snapshot.effectiveDate.description
        dateText = localization.date(snapshot.effectiveDate)
        age = localization.age(days: snapshot.effectiveDate.days(until: today))
        sourceName =
            snapshot.blend.map { Self.blendName($0.sources.map(catalog.source), in: localization) }
            ?? Self.name(of: source, in: localization)
        // A blend of one provider links to it; of several, the page's details name each.
        let website = snapshot.blend.map { $0.sources.count == 1 ? catalog.source($0.sources[0]).website : "" } ?? source.website
        sourceURL = website.isEmpty ? nil : website
        isBundled = snapshot.blend?.isBundled ?? source.isBundled
    }

    /// `All official sources: European Central Bank`, or with several providers their keys
    /// (`All official sources: ECB, CNB, NBP`), which the page's details name in full.
    package static func blendName(_ providers: [RateSource], in localization: Localization) -> String {
        let names = providers.count == 1 ? name(of: providers[0], in: localization) : providers.map(\.key).joined(separator: ", ")
        return providers.isEmpty
            ? localization.text(RateSource.blend.displayName)
            : localization.text("All official sources: {providers}", ["providers": names])
    }

    /// The provider's name in the page's language, as ``RateSource/displayName`` says it.
    package static func name(of source: RateSource, in localization: Localization) -> String {
        localization.text(source.displayName)
    }
}
