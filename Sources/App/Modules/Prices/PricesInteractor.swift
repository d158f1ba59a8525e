import Core
import Foundation
import ServiceInterfaces

/// Reads the source's pair histories of the base against each quote, cut to the days asked for.
struct PricesInteractor: Sendable {
    let history: any SourceHistoryReading
    let rates: any CurrentRatesReading
    /// Days not stored yet (the bundled history still loading) are waited for, not missed.
    let load: any HistoryLoadReading

    func prices(_ query: Prices.Query) async throws -> Prices.Output {
        let sources = await rates.availableSources()
        guard !sources.isEmpty else { throw Prices.Failure.unavailable }
        let sourceID = query.source ?? RateSource.effectiveDefault(rates.defaultSource, among: sources)
        guard sourceID == .blend || sources.contains(where: { $0.id == sourceID }) else {
            throw Prices.Failure.unknownSource(sourceID)
        }
        if query.side != .mid {
            // A side is one provider's own rate: never the blend's, and only one it writes.
            guard sourceID != .blend, let source = sources.first(where: { $0.id == sourceID }) else {
                throw Prices.Failure.invalid(
                    parameter: "side", reason: "side=\(query.side.rawValue) is one provider's own rate, never blended: name its source.")
            }
            if let refusal = source.refusal(of: query.side, named: source.id.rawValue) {
                throw Prices.Failure.invalid(parameter: "side", reason: refusal + ".")
            }
        }
        try load.check(from: query.days.lowerBound, of: sourceID)
        guard let current = await rates.currentSnapshot(of: sourceID) else { throw Prices.Failure.unavailable }
        let quotes = (query.quotes ?? current.currencyCodes).filter { $0 != query.base }
        var series: [(quote: String, points: ArraySlice<RatePoint>)] = []
        do {
            for quote in quotes {
                // The days are oldest first: the range's are a slice of them, not a copy.
                let points = try await history.history(
                    of: sourceID, side: query.side, from: query.base, to: quote, range: .all, around: nil
                ).points
                let start = points.partitioningIndex { $0.date >= query.days.lowerBound }
                let end = points.partitioningIndex { $0.date > query.days.upperBound }
                if start < end { series.append((quote, points[start..<end])) }
            }
        } catch {
            throw Prices.Failure.unavailable
        }
        guard !series.isEmpty else { throw Prices.Failure.noPrices }
        return Prices.Output(query: query, source: sources.first { $0.id == sourceID } ?? .blend, series: series)
    }
}
