import Foundation

/// One try at fetching rates, kept so the admin page can show what happened and why.
package struct RefreshAttempt: Sendable, Equatable {
    package enum Kind: String, Sendable, Codable {
        /// Fetch a provider's newest rates (and any days missing since its last stored one).
        case refresh
        /// Fetch a provider's days over a range an admin chose.
        case backfill
        /// Import the ECB's 90-day history.
        case importHistory = "import-history"
        /// Import the ECB's complete history since 1999 (`eurofxref-hist.zip`).
        case importFullHistory = "import-full-history"
        /// Store the days of a publisher's file an admin uploaded (the Kursliste).
        case upload
    }

    package enum Outcome: String, Sendable, Codable {
        /// A new snapshot was stored (or, for an import, at least one day).
        case stored
        /// The provider answered with the rates already current; nothing stored.
        case unchanged
        /// Nothing stored; `message` says why.
        case failed
        /// Another refresh was running; this one did not start.
        case busy
    }

    package var id: UUID?
    package let kind: Kind
    /// The provider asked (`RateSource.id`).
    package let source: RateSourceID
    package let startedAt: Date
    package let duration: TimeInterval
    /// Who asked: an admin's email, or `nil` for the schedule.
    package let actor: String?
    package let outcome: Outcome
    /// What a person should read: what was stored, or what went wrong, in any language.
    package let message: Message
    /// The days of the answer that broke a refresh rule (``RatesValidator``): none is stored
    /// then, and `message` gives the first day's reason.
    package var refusedDays = 0

    package init(
        id: UUID? = nil, kind: Kind, source: RateSourceID, startedAt: Date, duration: TimeInterval, actor: String?, outcome: Outcome,
        message: Message
    ) {
        self.id = id
        self.kind = kind
        self.source = source
        self.startedAt = startedAt
        self.duration = duration
        self.actor = actor
        self.outcome = outcome
        self.message = message
    }
}
