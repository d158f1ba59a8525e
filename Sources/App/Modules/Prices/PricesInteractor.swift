import Core
import Foundation
import ServiceInterfaces

/// Reads the source's pair histories of the base against each quote, cut to the days asked for.
struct PricesInteractor: Sendable {
    let history: any SourceHistoryReading
    let rates: any CurrentRatesReading
    /// Days not stored yet (the bundled history still loading) are waited for, not missed.
    var load: any HistoryLoadReading = BundledHistoryProgress()

    func prices(_ query: Prices.Query) async throws -> Prices.Output {
        let sources = await rates.availableSources()
        let sourceID = query.source ?? RateSource.effectiveDefault(rates.defaultSource, among: sources)
        guard sourceID == .blend || sources.contains(where: { $0.id == sourceID }) else {
            throw Prices.Failure.unknownSource(sourceID)
        }
        try load.check(from: query.days.lowerBound, of: sourceID)
        guard let current = await rates.currentSnapshot(of: sourceID) else { throw Prices.Failure.unavailable }
        let quotes = (query.quotes ?? current.currencyCodes).filter { $0 != query.base }
        var series: [(quote: String, points: [RatePoint])] = []
        do {
            for quote in quotes {
                let pair = try await history.history(of: sourceID, from: query.base, to: quote, range: .all, around: nil)
                let points = pair.points.filter { query.days.contains($0.date) }
                if !points.isEmpty { series.append((quote, points)) }
            }
        } catch {
            throw Prices.Failure.unavailable
        }
        guard !series.isEmpty else { throw Prices.Failure.noPrices }
        return Prices.Output(query: query, source: RateSource.withID(sourceID), series: series)
    }
}
