/// The line under a conversion (and on About) saying where the rates come from and how old
/// they are: `Rates of 2025-05-09 (3 days ago) · source European Central Bank`.
struct RatesSourceViewModel: Encodable, Sendable, Equatable {
    /// ISO 8601, for the eye and for `<time datetime>`.
    let effectiveDate: String
    /// `today`, `yesterday`, `12 days ago`.
    let age: String
    let sourceName: String
    /// The provider's site; empty for a provider the app no longer knows.
    let sourceURL: String
    /// The snapshot shipped with the app rather than fetched.
    let isBundled: Bool

    init(snapshot: RateSnapshot, today: CalendarDate) {
        let source = snapshot.provider
        effectiveDate = snapshot.effectiveDate.description
        age = Self.age(of: snapshot.effectiveDate, today: today)
        sourceName = source.name
        sourceURL = source.website
        isBundled = source.isBundled
    }

    static func age(of date: CalendarDate, today: CalendarDate) -> String {
        switch date.days(until: today) {
        case ...0: "today"
        case 1: "yesterday"
        case let days: "\(days) days ago"
        }
    }
}
