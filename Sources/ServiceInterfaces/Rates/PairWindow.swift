import Core

/// The days of a range of a pair's history: ``HistoryRange/window(first:last:around:)`` over the
/// days the pair was quoted, found by binary search in days sorted oldest first.
package enum PairWindow {
    /// The window of `range` (around `date`) over `points`, and the points inside it.
    package static func slice(
        _ points: [RatePoint], range: HistoryRange, around date: CalendarDate?
    ) -> (points: [RatePoint], window: ClosedRange<CalendarDate>?) {
        guard let first = points.first?.date, let last = points.last?.date else { return ([], nil) }
        let window = range.window(first: first, last: last, around: date)
        let inWindow = indices(of: window, in: points.indices) { points[$0].date }
        // Every day (a chart of all the years): the kept points themselves, not a copy of them.
        return (inWindow == points.indices ? points : Array(points[inWindow]), window)
    }

    /// Where `window`'s days are among `indices`, whose dates (`date`) are sorted: by index, so
    /// that a caller reads each item in place (a `Day` handed over by value was copied with its
    /// arrays: docs/BENCHMARKS.md, *History at scale*).
    package static func indices(of window: ClosedRange<CalendarDate>, in indices: Range<Int>, date: (Int) -> CalendarDate) -> Range<Int> {
        let start = indices.partitioningIndex { date($0) >= window.lowerBound }
        let end = indices.partitioningIndex { date($0) > window.upperBound }
        return start..<max(start, end)
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `belongs`, for a collection where every element
    /// that does comes after every one that does not (a binary search).
    package func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
