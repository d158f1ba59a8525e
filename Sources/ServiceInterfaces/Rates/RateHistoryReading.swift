import Core

/// A pair's rate over a range of the stored days, and what identifies the data it was read from
/// (for HTTP validators: equal versions, equal pages).
package struct PairHistory: Sendable, Equatable {
    /// One point per effective date (the latest stored snapshot of that day) in the window,
    /// oldest first; days whose snapshot lacks either currency are left out.
    package let points: [RatePoint]
    package let version: String
    /// The days asked for: the range's window over the days the pair was quoted; `nil` when it never was.
    package var window: ClosedRange<CalendarDate>? = nil

    package init(points: [RatePoint], version: String, window: ClosedRange<CalendarDate>? = nil) {
        self.points = points
        self.version = version
        self.window = window
    }
}

/// A pair's rate over the stored snapshots.
package protocol RateHistoryService: Sendable {
    /// The pair's days in `range`'s window over the days `selection`'s snapshots quoted it
    /// (centred on `date` if given).
    func history(
        of selection: RateDays.Selection, from: String, to: String, range: HistoryRange, around date: CalendarDate?
    ) async throws -> PairHistory
}

extension RateHistoryService {
    /// The pair's days from every stored snapshot (the newest of each day).
    package func history(from: String, to: String, range: HistoryRange, around date: CalendarDate?) async throws -> PairHistory {
        try await history(of: .all, from: from, to: to, range: range, around: date)
    }

    /// Every stored day of the pair.
    package func history(from: String, to: String) async throws -> PairHistory {
        try await history(of: .all, from: from, to: to, range: .all, around: nil)
    }
}

/// The ECB's reference rates of a run of days, whatever provider the converter uses (what the
/// Frankfurter-compatible `/v1` API serves).
package protocol ReferenceRateDays: Sendable {
    /// The ECB days from the last one on or before `start` (or the first stored one, when none
    /// is) through `end`; one day when `start` is `end`.
    func referenceDays(from start: CalendarDate, through end: CalendarDate) async throws -> RateDays
}
