import Foundation

/// How one provider is doing: its newest stored day, and its newest successful and failed
/// attempts (a refresh or a backfill), the failure with its reason.
package struct ProviderHealth: Sendable, Equatable {
    package let source: RateSource
    package let newestDay: CalendarDate?
    package let lastSuccess: RefreshAttempt?
    package let lastFailure: RefreshAttempt?
    /// The days its answers held that broke a refresh rule over the last ``refusalWindow`` days
    /// (none of an answer's days is stored when one does).
    package var refusedDays = 0
    /// Why it is not fetched at all, when it is enabled but cannot be (its API key is unset).
    package var skipped: Message? = nil

    /// The days over which refused days are counted.
    package static let refusalWindow = 7

    /// Days a publisher may go without a new day and not be late (``RateSource/Cadence/allowance``);
    /// for months that come in a year's list, from its December to the next list.
    package var allowance: Int {
        source.listedYearly && source.cadence == .monthly ? RateSource.Cadence.yearEnd.allowance + 30 : (source.cadence ?? .daily).allowance
    }

    /// Days its newest stored day is behind what its cadence leads one to expect on `today`
    /// (0: on time); `nil` when it has no day stored. A publisher releasing a month at a time
    /// is expected to hold the last month whose release's latest day has passed.
    package func daysBehind(on today: CalendarDate) -> Int? {
        guard let newestDay else { return nil }
        let expected =
            source.publishes?.monthlyRelease.map {
                RateSource.PublicationTime.endOfMonthReleased(by: today, releaseDay: $0.upperBound + 1)
            } ?? today.adding(days: source.datesAhead ? 1 : 0)
        return max(0, newestDay.days(until: expected) - allowance)
    }

    /// Whether its newest attempt failed.
    package var isFailing: Bool {
        guard let lastFailure else { return false }
        return lastSuccess.map { lastFailure.startedAt > $0.startedAt } ?? true
    }
}

extension ProviderHealth {
    /// `source`'s health from what is stored: the newest of its family's days (the ECB's
    /// counts its bundled copy's), its newest successful and failed `attempts`, the days
    /// refused lately; `skipped` for a provider enabled but not fetched, and why.
    package init(
        source: RateSource, newestDays: [RateSourceID: CalendarDate], attempts: (success: RefreshAttempt?, failure: RefreshAttempt?)?,
        refusedDays: Int, skipped: Message? = nil
    ) {
        self.init(
            source: source, newestDay: source.family.compactMap { newestDays[$0] }.max(), lastSuccess: attempts?.success,
            lastFailure: attempts?.failure, refusedDays: refusedDays, skipped: skipped)
    }
}
