import Core
import Foundation
import ServiceInterfaces

/// Looks up a pair's history over a range of days, from the blend or one provider.
struct RateHistoryInteractor: Sendable {
    let history: any SourceHistoryReading
    let rates: any CurrentRatesReading
    let catalog: CurrencyCatalog
    /// The sources a query may name.
    let providers: ProviderCatalog
    /// Days not stored yet (the bundled history still loading) are waited for, not missed.
    let load: any HistoryLoadReading
    let now: @Sendable () -> Date

    /// The range's days of the pair `query` asks for, from its source (the blend when it names
    /// none); ``HistoryStillLoading`` while some of them may not be stored yet.
    func history(_ query: RateHistory.Query) async throws -> RateHistory.Output {
        // The earliest day the range may show: its length back from the day asked for, or today.
        let end = min(query.date ?? CalendarDate(containing: now()), CalendarDate(containing: now()))
        try load.check(from: query.range.days.map { end.adding(days: -$0) }, of: query.source ?? .blend)
        let history = try await self.history.history(
            of: query.source ?? .blend, from: query.from, to: query.to, range: query.range, around: query.date)
        if history.points.isEmpty {
            // No stored day has both: a pair the source's current rates know still gets a page
            // (it says there is too little history); any other pair does not exist.
            var current: RateSnapshot?
            if let source = query.source {
                current = await rates.currentSnapshot(of: source)
            } else {
                current = await rates.currentSnapshot(of: .blend)
                if current == nil { current = await rates.currentSnapshot() }
            }
            guard let current, current.rates[query.from] != nil, current.rates[query.to] != nil
            else {
                throw RateHistory.Failure.unknownPair
            }
        }
        let points = history.points
        guard query.page <= RateHistory.pageCount(points, range: query.range) else { throw RateHistory.Failure.noSuchPage(query.page) }
        return RateHistory.Output(
            from: catalog.currency(for: query.from), to: catalog.currency(for: query.to),
            points: points, version: history.version, query: query, window: history.window)
    }
}
