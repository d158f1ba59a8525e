import Crypto
import Foundation

/// Every stored day's rates in memory: for each effective date, the rates of its latest stored
/// snapshot, by currency. A pair's history is then a walk over the days with two array lookups
/// each, instead of a query. A year of 160 currencies takes about 1.5 MB; the ECB's 27 years of
/// 41 currencies about 9 MB.
struct RateDays: Sendable {
    struct Day: Sendable {
        let date: CalendarDate
        /// By ``RateDays/column``; `nil` where the day's snapshot does not quote the currency.
        let rates: [Decimal?]
        let values: [Double]
    }

    /// Oldest first.
    let days: [Day]
    /// Each currency's place in a day's `rates`.
    let columns: [String: Int]
    /// Identifies the stored snapshots this was read from.
    let version: String

    /// The pair's days in `range`'s window over the days it was quoted: the first and last such
    /// days are found from either end, the window's days by binary search, and only they are walked.
    func history(from: String, to: String, range: HistoryRange = .all, around date: CalendarDate? = nil) -> PairHistory {
        guard let fromColumn = columns[from], let toColumn = columns[to] else { return PairHistory(points: [], version: version) }
        func quotesBoth(_ day: Day) -> Bool { day.values[fromColumn] > 0 && !day.values[toColumn].isNaN }
        guard let first = days.firstIndex(where: quotesBoth), let last = days.lastIndex(where: quotesBoth) else {
            return PairHistory(points: [], version: version)
        }
        let window = range.window(first: days[first].date, last: days[last].date, around: date)
        let inWindow = PairWindow.indices(of: window, in: days, date: \.date)
        var points: [RatePoint] = []
        points.reserveCapacity(inWindow.count)
        for day in days[inWindow] {
            // The `Double` tells a positive rate as well as the `Decimal` and costs no `Decimal` comparison.
            guard day.values[fromColumn] > 0, let fromRate = day.rates[fromColumn], let toRate = day.rates[toColumn] else { continue }
            points.append(
                RatePoint(
                    date: day.date, fromRate: fromRate, toRate: toRate,
                    value: day.values[toColumn] / day.values[fromColumn]))
        }
        return PairHistory(points: points, version: version, window: window)
    }

    /// Collects rows ordered by effective date, then by when they were stored, one snapshot's
    /// rows together: a later snapshot of the same date replaces the earlier.
    struct Builder {
        private var columns: [String: Int] = [:]
        private var days: [(date: CalendarDate, snapshot: UUID, rates: [String: Decimal])] = []

        mutating func add(snapshot: UUID, date: CalendarDate, code: String, rate: Decimal) {
            if columns[code] == nil { columns[code] = columns.count }
            if days.last?.snapshot == snapshot {
                days[days.count - 1].rates[code] = rate
            } else if days.last?.date == date {
                days[days.count - 1] = (date, snapshot, [code: rate])
            } else {
                days.append((date, snapshot, [code: rate]))
            }
        }

        func build() -> RateDays {
            var version = SHA256()
            let width = columns.count
            let built = days.map { day -> Day in
                version.update(data: Data("\(day.date)=\(day.snapshot.uuidString);".utf8))
                var rates = [Decimal?](repeating: nil, count: width)
                var values = [Double](repeating: .nan, count: width)
                for (code, rate) in day.rates {
                    let column = columns[code]!
                    rates[column] = rate
                    values[column] = NSDecimalNumber(decimal: rate).doubleValue
                }
                return Day(date: day.date, rates: rates, values: values)
            }
            return RateDays(days: built, columns: columns, version: "days:" + SecureToken.hex(version.finalize().prefix(12)))
        }
    }
}
