import Foundation

/// A wait before trying again, as a `Retry-After` header (whole seconds, rounded up) and as
/// words a person can act on ("13 minutes").
struct RetryWait: Sendable, Equatable {
    let seconds: TimeInterval

    var header: String { String(Int(max(1, seconds.rounded(.up)))) }

    var minutes: Int { max(1, Int((seconds / 60).rounded(.up))) }

    /// `13 minutes`, in the page's language.
    func text(in l: Localization) -> String { l.plural("{count} minute", "{count} minutes", count: minutes) }
}
