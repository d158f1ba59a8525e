import Core
import Crypto
import Foundation

/// Every stored day's rates in memory: for each effective date, the rates of its latest stored
/// snapshot, by currency. A pair's history is then a walk over the days with two array lookups
/// each, instead of a query. Each rate takes eight bytes (``PackedDecimal``): a year of 160
/// currencies about 0.4 MB, the ECB's 27 years of 41 currencies about 2.5 MB, and ten years of
/// every publisher's days about 45 MB.
package struct RateDays: Sendable {
    package struct Day: Sendable {
        package let date: CalendarDate
        /// By ``RateDays/column``, up to the last column the day quotes (columns are numbered as
        /// currencies first appear, oldest day first, so 27 years of the ECB's 41 currencies do
        /// not each carry room for the 120 more a later provider added): each rate in eight
        /// bytes (``PackedDecimal``), ``PackedDecimal/absent`` where the day's snapshot does not
        /// quote the currency. A `Decimal?` and its `Double` took 32 (docs/BENCHMARKS.md,
        /// *History at scale*).
        private let packed: [UInt64]
        /// The rates too long to pack (``PackedDecimal/unpackable``), by column; almost always none.
        private let unpacked: [Int: Decimal]
        /// Instead of `packed`, in days that every chart walks (the blend of every day): each rate
        /// as a `Decimal` and its `Double`, made once, where unpacking two per day made a cold
        /// 27-year chart take twice as long (docs/BENCHMARKS.md, *History at scale*).
        private let decoded: [Decimal?]
        private let values: [Double]
        /// The stored snapshot the day's rates are from.
        package let snapshot: UUID
        /// Which way the day's rates are written (its provider's way).
        package var quotation: Quotation = .unitsPerBase
        /// The columns whose rates are written the other way (``RateSnapshot/reversed``); almost
        /// always none.
        package var reversed: [Int] = []

        package init(date: CalendarDate, rates: [Decimal?], snapshot: UUID, quotation: Quotation = .unitsPerBase, reversed: [Int] = []) {
            var packed: [UInt64] = []
            var unpacked: [Int: Decimal] = [:]
            packed.reserveCapacity(rates.count)
            for (column, rate) in rates.enumerated() {
                let bits = rate.map(PackedDecimal.pack) ?? PackedDecimal.absent
                if bits == PackedDecimal.unpackable { unpacked[column] = rate }
                packed.append(bits)
            }
            self.init(date: date, packed: packed, unpacked: unpacked, snapshot: snapshot, quotation: quotation, reversed: reversed)
        }

        init(
            date: CalendarDate, packed: [UInt64], unpacked: [Int: Decimal], snapshot: UUID, quotation: Quotation, reversed: [Int],
            decoded: Bool = false
        ) {
            let width = (packed.lastIndex { $0 != PackedDecimal.absent } ?? -1) + 1
            self.date = date
            let packed = width == packed.count ? packed : Array(packed.prefix(width))
            if decoded {
                let rates = packed.indices.map { column in
                    PackedDecimal.holdsValue(packed[column])
                        ? PackedDecimal.decimal(packed[column]) : packed[column] == PackedDecimal.absent ? nil : unpacked[column]
                }
                (self.packed, self.decoded, self.values) = ([], rates, rates.map { $0?.nearestDouble ?? .nan })
            } else {
                (self.packed, self.decoded, self.values) = (packed, [], [])
            }
            self.unpacked = unpacked
            self.snapshot = snapshot
            self.quotation = quotation
            self.reversed = reversed
        }

        /// Which way the rate in `column` is written.
        package func quotation(_ column: Int) -> Quotation {
            reversed.isEmpty || !reversed.contains(column) ? quotation : quotation.reversed
        }

        /// The rate in `column`; `nil` where the day does not quote its currency.
        package func rate(_ column: Int) -> Decimal? {
            if !decoded.isEmpty { return column < decoded.count ? decoded[column] : nil }
            guard column < packed.count else { return nil }
            let bits = packed[column]
            if PackedDecimal.holdsValue(bits) { return PackedDecimal.decimal(bits) }
            return bits == PackedDecimal.absent ? nil : unpacked[column]
        }

        /// The rate in `column` as the nearest `Double` (as parsing its text gives); `nan` where
        /// the day does not quote it.
        @inline(__always)
        package func value(_ column: Int) -> Double {
            if !values.isEmpty { return column < values.count ? values[column] : .nan }
            guard column < packed.count else { return .nan }
            let bits = packed[column]
            if PackedDecimal.holdsValue(bits) { return PackedDecimal.nearestDouble(bits) }
            return bits == PackedDecimal.absent ? .nan : unpacked[column]?.nearestDouble ?? .nan
        }

        /// The columns up to the last one the day quotes.
        package var columnCount: Int { decoded.isEmpty ? packed.count : decoded.count }
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
    /// The first of the days held in memory when they are not all of them (a bound on memory:
    /// docs/OPERATIONS.md, *Memory and start time*): from it on every stored day is here, with
    /// the last one before it (so that ``day(onOrBefore:)`` answers any date from it on);
    /// `nil` when every stored day is.
    package var heldFrom: CalendarDate?
    /// The first stored day, when the days before ``heldFrom`` are not held.
    package var earliestDate: CalendarDate?
    /// Names the stored days before ``heldFrom`` (how many, stored when), when they are not held.
    package var earlierName: String?

    /// The first stored day, held or not.
    package var firstDate: CalendarDate? { earliestDate ?? days.first?.date }

    /// Whether every stored day is held.
    package var isWhole: Bool { heldFrom == nil }

    /// Whether the days held answer for `date` and every later one as all of them would.
    package func holds(_ date: CalendarDate) -> Bool { heldFrom.map { date >= $0 } ?? true }

    /// Each column's currency code, by column.
    package var codes: [String] {
        var codes = [String](repeating: "", count: columns.count)
        for (code, column) in columns { codes[column] = code }
        return codes
    }

    /// The newest day on or before `date`, if any (by binary search).
    package func day(onOrBefore date: CalendarDate) -> Day? {
        let after = firstIndex { $0 > date }
        return after > 0 ? days[after - 1] : nil
    }

    /// The first day's index whose date `follows` (by binary search: every day whose date does
    /// comes after every one whose date does not), each day read in place: a search that handed
    /// each `Day` to a closure copied it out, retaining and releasing its arrays
    /// (docs/BENCHMARKS.md, *History at scale*).
    private func firstIndex(whereDate follows: (CalendarDate) -> Bool) -> Int {
        days.withUnsafeBufferPointer { days in days.indices.partitioningIndex { follows(days[$0].date) } }
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
        let afterStart = firstIndex { $0 > start }
        let lower = afterStart > 0 ? afterStart - 1 : 0
        let upper = firstIndex { $0 > end }
        let selected = lower < upper ? Array(days[lower..<upper]) : []
        return RateDays(days: selected, columns: columns, version: version, sources: sources, newestDate: newestDate)
    }

    /// These days as memory holds them from `horizon` on: the days before the last one before
    /// it left out, their first date and currencies kept, and the version still naming every
    /// day (what a store that reads only the held days answers; test doubles use it).
    package func held(from horizon: CalendarDate) -> RateDays {
        let kept = max(0, firstIndex { $0 >= horizon } - 1)
        guard kept > 0 else { return self }
        var held = RateDays(
            days: Array(days[kept...]), columns: columns, version: version, sources: sources, newestDate: newestDate)
        held.heldFrom = horizon
        held.earliestDate = firstDate
        held.earlierName = Self.fingerprint(of: Array(days[..<kept]))
        return held
    }

    /// Names the stored days before `date`, held or not: equal names, the same days before it
    /// (what the blend of the days from `date` on may be built anew beside); `nil` when the
    /// days before it are not held and not named from it.
    package func name(before date: CalendarDate) -> String? {
        guard let heldFrom else { return "days:" + Self.fingerprint(of: Array(days[..<firstIndex { $0 >= date }])) }
        guard heldFrom == date, let earlierName else { return nil }
        return "earlier:" + earlierName
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
        history(from: from, to: to, range: range, around: date, onlyIfHeld: false)!
    }

    /// ``history(from:to:range:around:)`` when the days held answer it as every stored day
    /// would: `nil` when its window reaches the pair's first held day and days before
    /// ``heldFrom`` are not held (the window might then start earlier), or the pair is not
    /// quoted in them at all.
    package func heldHistory(from: String, to: String, range: HistoryRange, around date: CalendarDate?) -> PairHistory? {
        history(from: from, to: to, range: range, around: date, onlyIfHeld: !isWhole)
    }

    private func history(
        from: String, to: String, range: HistoryRange, around date: CalendarDate?, onlyIfHeld: Bool
    ) -> PairHistory? {
        guard let fromColumn = columns[from], let toColumn = columns[to] else {
            return onlyIfHeld ? nil : PairHistory(points: [], version: version)
        }
        // The pair's first and last days found by index, each day read in place (as ``firstIndex(whereDate:)``).
        let bounds = days.withUnsafeBufferPointer { days -> (first: Int, last: Int)? in
            func quotesBoth(_ index: Int) -> Bool { days[index].value(fromColumn) > 0 && !days[index].value(toColumn).isNaN }
            guard let first = days.indices.first(where: quotesBoth), let last = days.indices.last(where: quotesBoth) else { return nil }
            return (first, last)
        }
        guard let bounds else { return onlyIfHeld ? nil : PairHistory(points: [], version: version) }
        let window = range.window(first: days[bounds.first].date, last: days[bounds.last].date, around: date)
        // A window reaching the first day held might have reached further back among the days not held.
        if onlyIfHeld && window.lowerBound <= days[bounds.first].date { return nil }
        let inWindow = days.withUnsafeBufferPointer { days in PairWindow.indices(of: window, in: days.indices) { days[$0].date } }
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
    /// rows together: a later snapshot of the same date replaces the earlier. Each rate is packed
    /// as it comes (a dictionary per day held ten years of every publisher's rates twice over
    /// while they were read: docs/BENCHMARKS.md, *History at scale*).
    package struct Builder {
        private var columns: [String: Int] = [:]
        private var days: [Pending] = []
        private var sources: Set<RateSourceID> = []

        /// A day as it is collected.
        private struct Pending {
            let date: CalendarDate
            let snapshot: UUID
            let quotation: Quotation
            let reversed: Set<String>
            var packed: [UInt64] = []
            var unpacked: [Int: Decimal] = [:]

            mutating func set(_ bits: UInt64, _ rate: @autoclosure () -> Decimal?, at column: Int) {
                if packed.count <= column {
                    packed.append(contentsOf: repeatElement(PackedDecimal.absent, count: column + 1 - packed.count))
                }
                packed[column] = bits
                unpacked[column] = bits == PackedDecimal.unpackable ? rate() : nil
            }
        }

        package init() {}

        package mutating func add(
            snapshot: UUID, date: CalendarDate, code: String, rate: Decimal, source: RateSourceID = RateSource.ecb.id,
            quotation: Quotation = .unitsPerBase, reversed: Set<String> = []
        ) {
            add(
                snapshot: snapshot, date: date, code: code, packed: PackedDecimal.pack(rate), rate: rate, source: source,
                quotation: quotation, reversed: reversed)
        }

        /// A rate already packed (read from its text: ``PackedDecimal/pack(plainText:)``);
        /// `rate` is asked for only when it is ``PackedDecimal/unpackable``.
        package mutating func add(
            snapshot: UUID, date: CalendarDate, code: String, packed bits: UInt64, rate: @autoclosure () -> Decimal?,
            source: RateSourceID, quotation: Quotation = .unitsPerBase, reversed: Set<String> = []
        ) {
            let column: Int
            if let known = columns[code] {
                column = known
            } else {
                column = columns.count
                columns[code] = column
            }
            // A snapshot's rows come together: only its first starts a day (or replaces the day's earlier snapshot).
            if days.isEmpty || days[days.count - 1].snapshot != snapshot {
                if !sources.contains(source) { sources.insert(source) }
                let day = Pending(date: date, snapshot: snapshot, quotation: quotation, reversed: reversed)
                place(day)
            }
            days[days.count - 1].set(bits, rate(), at: column)
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
            var day = Pending(date: date, snapshot: snapshot, quotation: quotation, reversed: reversed)
            for (code, rate) in rates { day.set(PackedDecimal.pack(rate), rate, at: columns[code]!) }
            place(day)
        }

        /// `day` after the days collected, in place of the last one if it is of the same date
        /// (a later snapshot of a day replaces the earlier).
        private mutating func place(_ day: Pending) {
            if days.last?.date == day.date { days[days.count - 1] = day } else { days.append(day) }
        }

        /// `later`'s days after these (read apart, from later dates): the days one builder fed
        /// both's rows in turn collects, their currencies given columns in the same order.
        package mutating func append(_ later: Builder) {
            var column = [Int](repeating: 0, count: later.columns.count)
            for (code, index) in later.columns.sorted(by: { $0.value < $1.value }) {
                if let known = columns[code] {
                    column[index] = known
                } else {
                    column[index] = columns.count
                    columns[code] = columns.count
                }
            }
            sources.formUnion(later.sources)
            for day in later.days {
                var moved = Pending(date: day.date, snapshot: day.snapshot, quotation: day.quotation, reversed: day.reversed)
                for (index, bits) in day.packed.enumerated() where bits != PackedDecimal.absent {
                    moved.set(bits, day.unpacked[index], at: column[index])
                }
                place(moved)
            }
        }

        /// What a read of the days held from a horizon on knows of the stored days before it.
        package struct Earlier: Sendable, Equatable {
            /// The first day held: every stored day from it on was read.
            package let horizon: CalendarDate
            package let firstDate: CalendarDate
            /// The currencies those days quote.
            package let codes: [String]
            /// Names those days (how many snapshots, stored when), for the days' version.
            package let fingerprint: String

            package init(horizon: CalendarDate, firstDate: CalendarDate, codes: [String], fingerprint: String) {
                (self.horizon, self.firstDate, self.codes, self.fingerprint) = (horizon, firstDate, codes, fingerprint)
            }
        }

        /// The days collected; `decoded`: each rate kept as a `Decimal` (``Day``), for days that
        /// every chart walks. With `earlier`, the days read were those from its horizon on: its
        /// currencies get columns after theirs (no day held quotes them) and its fingerprint
        /// goes into the version, which then names every stored day.
        package func build(decoded: Bool = false, earlier: Earlier? = nil) -> RateDays {
            var version = SHA256()
            var columns = columns
            if let earlier {
                version.update(data: Data("earlier:\(earlier.fingerprint);".utf8))
                for code in earlier.codes.sorted() where columns[code] == nil { columns[code] = columns.count }
            }
            let built = days.map { day -> Day in
                version.update(data: Data("\(day.date)=\(day.snapshot.uuidString);".utf8))
                let reversed = day.reversed.compactMap { code in
                    columns[code].flatMap { $0 < day.packed.count && day.packed[$0] != PackedDecimal.absent ? $0 : nil }
                }
                return Day(
                    date: day.date, packed: day.packed, unpacked: day.unpacked, snapshot: day.snapshot, quotation: day.quotation,
                    reversed: reversed.sorted(), decoded: decoded)
            }
            var read = RateDays(
                days: built, columns: columns, version: "days:" + SecureToken.hex(version.finalize().prefix(12)), sources: sources,
                newestDate: built.last?.date)
            if let earlier {
                read.heldFrom = earlier.horizon
                read.earliestDate = min(earlier.firstDate, built.first?.date ?? earlier.firstDate)
                read.earlierName = earlier.fingerprint
            }
            return read
        }
    }
}
