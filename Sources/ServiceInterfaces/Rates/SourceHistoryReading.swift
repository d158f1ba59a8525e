import Core

/// A pair's history from one source; a protocol for the history page's tests.
package protocol SourceHistoryReading: Sendable {
    func history(
        of source: RateSourceID, from: String, to: String, range: HistoryRange, around date: CalendarDate?
    ) async throws -> PairHistory
}
