import Foundation

/// One try at fetching rates, kept so the admin page can show what happened and why.
struct RefreshAttempt: Sendable, Equatable {
    enum Kind: String, Sendable, Codable {
        /// Fetch the configured provider's current rates.
        case refresh
        /// Import the ECB's 90-day history.
        case importHistory = "import-history"
        /// Import the ECB's complete history since 1999 (`eurofxref-hist.zip`).
        case importFullHistory = "import-full-history"
    }

    enum Outcome: String, Sendable, Codable {
        /// A new snapshot was stored (or, for an import, at least one day).
        case stored
        /// The provider answered with the rates already current; nothing stored.
        case unchanged
        /// Nothing stored; `message` says why.
        case failed
        /// Another refresh was running; this one did not start.
        case busy
    }

    var id: UUID?
    let kind: Kind
    /// The provider asked (`RateSource.id`).
    let source: String
    let startedAt: Date
    let duration: TimeInterval
    /// Who asked: an admin's email, or `nil` for the schedule.
    let actor: String?
    let outcome: Outcome
    /// What a person should read: what was stored, or what went wrong, in any language.
    let message: Message
}
