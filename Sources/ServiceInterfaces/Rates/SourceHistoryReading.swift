import Core

/// A pair's history from one source; a protocol for the history page's tests.
package protocol SourceHistoryReading: Sendable {
    /// The pair's days of `source`'s `side` (a provider's buying or selling rates; the mid for
    /// the blend, which has no other).
    func history(
        of source: RateSourceID, side: RateSide, from: String, to: String, range: HistoryRange, around date: CalendarDate?
    ) async throws -> PairHistory
}

extension SourceHistoryReading {
    /// The pair's days of `source`'s mid rates.
    package func history(
        of source: RateSourceID, from: String, to: String, range: HistoryRange, around date: CalendarDate?
    ) async throws -> PairHistory {
        try await history(of: source, side: .mid, from: from, to: to, range: range, around: date)
    }
}
