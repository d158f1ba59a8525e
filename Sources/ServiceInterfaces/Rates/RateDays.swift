import Core
import Crypto
import Foundation

/// Every stored day's rates in memory: for each effective date, the rates of its latest stored
/// snapshot, by currency. A pair's history is then a walk over the days with two array lookups
/// each, instead of a query. A year of 160 currencies takes about 1.5 MB; the ECB's 27 years of
/// 41 currencies about 9 MB.
package struct RateDays: Sendable {
    package struct Day: Sendable {
        package let date: CalendarDate
        /// By ``RateDays/column``, up to the last column the day quotes (columns are numbered as
        /// currencies first appear, oldest day first, so 27 years of the ECB's 41 currencies do
        /// not each carry room for the 120 more a later provider added); `nil` where the day's
        /// snapshot does not quote the currency.
        private let rates: [Decimal?]
        /// `rates` as the `Double`s nearest to them (parsed from their decimal text, as
        /// `NSDecimalNumber` does not round correctly); `nan` where `rates` has `nil`.
        private let values: [Double]
        /// The stored snapshot the day's rates are from.
        package let snapshot: UUID
        /// Which way the day's rates are written (its provider's way).
        package var quotation: Quotation = .unitsPerBase
        /// The columns whose rates are written the other way (``RateSnapshot/reversed``); almost
        /// always none.
        package var reversed: [Int] = []

        package init(
            date: CalendarDate, rates: [Decimal?], values: [Double], snapshot: UUID, quotation: Quotation = .unitsPerBase,
            reversed: [Int] = []
        ) {
            let width = (rates.lastIndex { $0 != nil } ?? -1) + 1
            self.date = date
            self.rates = Array(rates.prefix(width))
            self.values = Array(values.prefix(width))
            self.snapshot = snapshot
            self.quotation = quotation
            self.reversed = reversed
        }

        /// Which way the rate in `column` is written.
        package func quotation(_ column: Int) -> Quotation {
            reversed.isEmpty || !reversed.contains(column) ? quotation : quotation.reversed
        }

        /// The rate in `column`; `nil` where the day does not quote its currency.
        package func rate(_ column: Int) -> Decimal? { column < rates.count ? rates[column] : nil }

        /// The rate in `column` as the nearest `Double`; `nan` where the day does not quote it.
        package func value(_ column: Int) -> Double { column < values.count ? values[column] : .nan }

        /// The columns up to the last one the day quotes.
        package var columnCount: Int { rates.count }
    }

    /// Which snapshots the days are read from.
    package enum Selection: Hashable, Sendable {
        /// Every stored snapshot, whatever its provider: the newest of each day.
        case all
        /// One provider's snapshots (the ECB's include the copy that ships with the app).
        case provider(RateSourceID)
        /// One provider's buying or selling rates (``RateSides``), on the days it wrote them;
        /// ``RateSide/mid`` is ``provider(_:)``.
        case side(RateSourceID, RateSide)

        /// `id`'s days of `side`.
        package static func provider(_ id: RateSourceID, side: RateSide) -> Selection {
            side == .mid ? .provider(id) : .side(id, side)
        }

        /// The ECB's reference rates, fetched or bundled (what `/v1` serves).
        package static let ecb = Selection.provider(RateSource.ecb.id)

        /// The ``RateSnapshot/source``s read; `nil` for every one.
        package var sources: [RateSourceID]? {
            switch self {
            case .all: nil
            case .provider(let id), .side(let id, _): id.family
            }
        }

        /// Names the selection in caches.
        package var key: String {
            switch self {
            case .all: "all"
            case .provider(let id): "provider:\(id)"
            case .side(let id, let side): "provider:\(id):\(side.rawValue)"
            }
        }

        package static let ecbSources = RateSourceID.ecb.family
    }

    /// Oldest first.
    package let days: [Day]
    /// Each currency's place in a day's `rates`.
    package let columns: [String: Int]
    /// Identifies the stored snapshots this was read from.
    package let version: String
    /// The providers of the snapshots read (``RateSnapshot/source``), whether or not a later
    /// snapshot of the same day replaced theirs.
    package var sources: Set<RateSourceID> = []
    /// The newest day stored, of the days these were cut from (``days(from:through:)``).
    package var newestDate: CalendarDate?

    /// Each column's currency code, by column.
    package var codes: [String] {
        var codes = [String](repeating: "", count: columns.count)
        for (code, column) in columns { codes[column] = code }
        return codes
    }

    /// The newest day on or before `date`, if any (by binary search).
    package func day(onOrBefore date: CalendarDate) -> Day? {
        let after = days.partitioningIndex { $0.date > date }
        return after > 0 ? days[after - 1] : nil
    }

    /// The first and last days that quote `code`.
    package func quotedDays(of code: String) -> ClosedRange<CalendarDate>? {
        guard let column = columns[code], let first = days.first(where: { $0.rate(column) != nil }),
            let last = days.last(where: { $0.rate(column) != nil })
        else { return nil }
        return first.date...last.date
    }

    /// The days from the last one on or before `start` (or the first one, when none is) through
    /// `end`, as Frankfurter's ranges go: a range starting on a weekend starts on the Friday.
    package func days(from start: CalendarDate, through end: CalendarDate) -> RateDays {
        let afterStart = days.partitioningIndex { $0.date > start }
        let lower = afterStart > 0 ? afterStart - 1 : 0
        let upper = days.partitioningIndex { $0.date > end }
        let selected = lower < upper ? Array(days[lower..<upper]) : []
        return RateDays(days: selected, columns: columns, version: version, sources: sources, newestDate: newestDate)
    }

    /// Names these days' rates: equal fingerprints, equal days (their dates and snapshots),
    /// however the days were read (the cached 27 years or one query).
    package var fingerprint: String { Self.fingerprint(of: days) }

    package static func fingerprint(of days: [Day]) -> String {
        var hash = SHA256()
        for day in days {
            hash.update(data: Data(day.date.description.utf8))
            withUnsafeBytes(of: day.snapshot.uuid) { hash.update(bufferPointer: $0) }
        }
        return SecureToken.hex(hash.finalize().prefix(12))
    }

    /// The pair's days in `range`'s window over the days it was quoted: the first and last such
    /// days are found from either end, the window's days by binary search, and only they are walked.
    package func history(from: String, to: String, range: HistoryRange = .all, around date: CalendarDate? = nil) -> PairHistory {
        guard let fromColumn = columns[from], let toColumn = columns[to] else { return PairHistory(points: [], version: version) }
        func quotesBoth(_ day: Day) -> Bool { day.value(fromColumn) > 0 && !day.value(toColumn).isNaN }
        guard let first = days.firstIndex(where: quotesBoth), let last = days.lastIndex(where: quotesBoth) else {
            return PairHistory(points: [], version: version)
        }
        let window = range.window(first: days[first].date, last: days[last].date, around: date)
        let inWindow = PairWindow.indices(of: window, in: days, date: \.date)
        var points: [RatePoint] = []
        points.reserveCapacity(inWindow.count)
        // Each day read in place: iterating copied every `Day` out, retaining and releasing its
        // two arrays (27 years of a pair: 40 % of the time).
        days.withUnsafeBufferPointer { days in
            for index in inWindow {
                // The `Double` tells a positive rate as well as the `Decimal` and costs no `Decimal` comparison.
                let fromValue = days[index].value(fromColumn), toValue = days[index].value(toColumn)
                guard fromValue > 0, toValue > 0, let fromRate = days[index].rate(fromColumn), let toRate = days[index].rate(toColumn)
                else { continue }
                // A point's rates are per unit of the base: a day written the other way is turned round
                // by swapping them (one unit of `from` is fromRate/toRate units of `to` there).
                let date = days[index].date
                guard days[index].reversed.isEmpty else {
                    points.append(Self.point(on: days[index], date: date, fromColumn, fromRate, toColumn, toRate))
                    continue
                }
                points.append(
                    days[index].quotation == .unitsPerBase
                        ? RatePoint(date: date, fromRate: fromRate, toRate: toRate, value: toValue / fromValue)
                        : RatePoint(date: date, fromRate: toRate, toRate: fromRate, value: fromValue / toValue))
            }
        }
        return PairHistory(points: points, version: version, window: window)
    }

    /// A point of a day whose rates are written both ways (``Quotation/ratio(from:_:to:_:)``):
    /// its value from the exact product, as rare as such days are.
    private static func point(
        on day: Day, date: CalendarDate, _ fromColumn: Int, _ fromRate: Decimal, _ toColumn: Int, _ toRate: Decimal
    )
        -> RatePoint
    {
        let (numerator, denominator) = Quotation.ratio(from: fromRate, day.quotation(fromColumn), to: toRate, day.quotation(toColumn))
        return RatePoint(date: date, fromRate: denominator, toRate: numerator, value: numerator.nearestDouble / denominator.nearestDouble)
    }

    /// Collects rows ordered by effective date, then by when they were stored, one snapshot's
    /// rows together: a later snapshot of the same date replaces the earlier.
    package struct Builder {
        private var columns: [String: Int] = [:]
        private var days: [(date: CalendarDate, snapshot: UUID, quotation: Quotation, reversed: Set<String>, rates: [String: Decimal])] =
            []
        private var sources: Set<RateSourceID> = []

        package init() {}

        package mutating func add(
            snapshot: UUID, date: CalendarDate, code: String, rate: Decimal, source: RateSourceID = RateSource.ecb.id,
            quotation: Quotation = .unitsPerBase, reversed: Set<String> = []
        ) {
            if columns[code] == nil { columns[code] = columns.count }
            if !sources.contains(source) { sources.insert(source) }
            if days.last?.snapshot == snapshot {
                days[days.count - 1].rates[code] = rate
            } else if days.last?.date == date {
                days[days.count - 1] = (date, snapshot, quotation, reversed, [code: rate])
            } else {
                days.append((date, snapshot, quotation, reversed, [code: rate]))
            }
        }

        /// A snapshot's whole day at once (it replaces an earlier snapshot of the same date):
        /// what 27 years of blended days are built from, without a dictionary write per rate.
        /// New currencies get their columns in code order.
        package mutating func add(
            snapshot: UUID, date: CalendarDate, rates: [String: Decimal], source: RateSourceID, quotation: Quotation = .unitsPerBase,
            reversed: Set<String> = []
        ) {
            let new = rates.keys.filter { columns[$0] == nil }
            for code in new.sorted() { columns[code] = columns.count }
            if !sources.contains(source) { sources.insert(source) }
            if days.last?.date == date {
                days[days.count - 1] = (date, snapshot, quotation, reversed, rates)
            } else {
                days.append((date, snapshot, quotation, reversed, rates))
            }
        }

        package func build() -> RateDays {
            var version = SHA256()
            let width = columns.count
            let built = days.map { day -> Day in
                version.update(data: Data("\(day.date)=\(day.snapshot.uuidString);".utf8))
                var rates = [Decimal?](repeating: nil, count: width)
                var values = [Double](repeating: .nan, count: width)
                for (code, rate) in day.rates {
                    let column = columns[code]!
                    rates[column] = rate
                    values[column] = rate.nearestDouble
                }
                let reversed = day.reversed.compactMap { day.rates[$0] == nil ? nil : columns[$0] }.sorted()
                return Day(
                    date: day.date, rates: rates, values: values, snapshot: day.snapshot, quotation: day.quotation, reversed: reversed)
            }
            return RateDays(
                days: built, columns: columns, version: "days:" + SecureToken.hex(version.finalize().prefix(12)), sources: sources,
                newestDate: built.last?.date)
        }
    }
}
