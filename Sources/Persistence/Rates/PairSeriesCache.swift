import Core
import NIOConcurrencyHelpers
import ServiceInterfaces

/// The whole series of the pairs whose every day was asked for lately, most recent first: 27
/// years of a pair are 7,000 points (half a megabyte), built from the days once per set of
/// stored days, so that the same chart asked for again (and any window of it) walks nothing.
package final class PairSeriesCache: Sendable {
    private let series = NIOLockedValueBox<[(pair: String, history: PairHistory)]>([])
    package static let kept = 8

    package init() {}

    /// The window of `pair`'s series kept whole, else a walk over the window's days (which
    /// keeps the series when the window is every day). `pair` names the pair and the source.
    package func history(
        _ pair: String, from: String, to: String, range: HistoryRange, around date: CalendarDate?, in days: RateDays
    ) -> PairHistory {
        let kept = series.withLockedValue { series -> PairHistory? in
            guard let index = series.firstIndex(where: { $0.pair == pair && $0.history.version == days.version }) else { return nil }
            if index > 0 { series.insert(series.remove(at: index), at: 0) }
            return series[0].history
        }
        if let kept {
            let window = PairWindow.slice(kept.points, range: range, around: date)
            return PairHistory(points: window.points, version: kept.version, window: window.window)
        }
        let history = days.history(from: from, to: to, range: range, around: date)
        if range == .all {
            series.withLockedValue { series in
                series.removeAll { $0.pair == pair || $0.history.version != days.version }
                series.insert((pair, history), at: 0)
                if series.count > Self.kept { series.removeLast() }
            }
        }
        return history
    }
}
