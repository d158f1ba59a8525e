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
    /// The provider's site; empty for a provider the app no longer knows.
    package let sourceURL: String
    /// The snapshot shipped with the app rather than fetched.
    package let isBundled: Bool

    package init(snapshot: RateSnapshot, today: CalendarDate, in localization: Localization) {
        let source = snapshot.provider
        effectiveDate = snapshot.effectiveDate.description
        dateText = localization.date(snapshot.effectiveDate)
        age = localization.age(days: snapshot.effectiveDate.days(until: today))
        sourceName = Self.name(of: source, in: localization)
        sourceURL = source.website
        isBundled = source.isBundled
    }

    /// The provider's name in the page's language (the ECB's is translated; a company's is its own),
    /// as ``RateSource/displayName`` says it in a sentence, without building a `Message` on every page.
    package static func name(of source: RateSource, in localization: Localization) -> String {
        source.name == RateSource.ecb.name ? localization.text("European Central Bank") : source.name
    }
}
