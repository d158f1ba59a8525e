import Core
import Foundation
import ServiceInterfaces

/// Answers Frankfurter v1 questions from the ECB's reference rates: reads the query as
/// Frankfurter reads it, finds the days, and decides which currencies and days the answer has.
/// The numbers themselves are Frankfurter's arithmetic, written by ``FrankfurterPresenter``.
struct FrankfurterInteractor: Sendable {
    let days: any ReferenceRateDays
    let names: RubyMoneyCurrencyNames
    let catalog: CurrencyCatalog
    let now: @Sendable () -> Date
    /// Past days not stored yet (the bundled history still loading) are waited for, not missed.
    let load: any HistoryLoadReading

    /// The ECB quotes every rate against the euro.
    static let euro = "EUR"

    /// The path's last segment (`latest`, `current`, `2020-03-13`, `2020-01-01..2020-01-31`,
    /// `2020-01-01..`) and the query's values, read in Frankfurter's order: the amount, the
    /// base, the dates, the symbols, then whether base and symbols are the same one currency.
    func query(
        dates segment: String, from: String?, base: String?, to: String?, symbols: String?, amount: String?
    ) throws(Frankfurter.Failure) -> Frankfurter.Query {
        guard let shape = Self.shape(of: segment) else { throw .notFound }
        var query = Frankfurter.Query(dates: .latest)
        if let amount {
            let value = RubyNumber.float(amount)
            // Ruby's `positive?` lets infinity through, to fail later as a 422 anyway.
            guard value > 0, value.isFinite else { throw .unprocessable("invalid amount") }
            query.amount = value
        }
        query.base = (from ?? base)?.uppercased() ?? Self.euro
        switch shape {
        case .latest: query.dates = .latest
        case .day(let text):
            guard let day = CalendarDate(iso8601: text) else { throw .unprocessable("invalid date") }
            query.dates = .day(day)
        case .range(let startText, let endText):
            guard let start = CalendarDate(iso8601: startText) else { throw .unprocessable("invalid date") }
            var end: CalendarDate?
            if let endText {
                guard let day = CalendarDate(iso8601: endText) else { throw .unprocessable("invalid date") }
                end = day
            }
            query.dates = .range(start, end)
        }
        query.symbols = (to ?? symbols).map { Self.split($0.uppercased()) }
        if query.symbols == [query.base] { throw .unprocessable("bad currency pair") }
        return query
    }

    /// The days and currencies that answer `query`.
    func quote(_ query: Frankfurter.Query) async throws(Frankfurter.Failure) -> Frankfurter.Output {
        let today = CalendarDate(containing: now())
        let read: RateDays
        switch query.dates {
        case .latest: read = try await days(from: today, through: today)
        case .day(let day):
            try waitForDays(from: min(day, today))
            read = try await days(from: min(day, today), through: min(day, today))
        case .range(let start, let end):
            guard start <= today else { throw .notFound }
            try waitForDays(from: start)
            read = try await days(from: start, through: end ?? today)
        }
        let isEuro = query.base == Self.euro
        let baseColumn = isEuro ? nil : read.columns[query.base]
        guard isEuro || baseColumn != nil else { throw .notFound }

        let wanted = query.symbols.map(Set.init)
        var currencies: [(code: String, column: Int?)] = read.columns
            .filter { code, _ in code != Self.euro && code != query.base && (wanted?.contains(code) ?? true) }
            .map { (code: $0.key, column: Optional($0.value)) }
        let writesEuro = !isEuro && (wanted?.contains(Self.euro) ?? true)
        if writesEuro { currencies.append((Self.euro, nil)) }
        currencies.sort { $0.code < $1.code }

        let columns = currencies.compactMap(\.column)
        let kept = read.days.filter { day in
            if let baseColumn, !(day.value(baseColumn) > 0) { return false }
            return writesEuro || columns.contains { !day.value($0).isNaN }
        }
        guard !kept.isEmpty else { throw .notFound }
        try Self.checkFinite(query, baseColumn: baseColumn, days: kept)

        let asked: CalendarDate? =
            switch query.dates {
            case .latest: nil
            case .day(let day): day
            case .range(_, let end): end
            }
        // A later day may still join or replace the answer unless a stored day comes after what was asked.
        let isCurrent = asked.map { asked in read.newestDate.map { asked >= $0 } ?? true } ?? true
        return Frankfurter.Output(
            query: query, days: kept, currencies: currencies, baseColumn: baseColumn,
            fingerprint: RateDays.fingerprint(of: kept), isCurrent: isCurrent, newestDate: read.newestDate)
    }

    /// `/v1/currencies`: the newest day's currencies and the euro, named as RubyMoney names them
    /// (else as ISO 4217 does); none before any ECB day is stored.
    func currencies() async throws(Frankfurter.Failure) -> Frankfurter.CurrencyNames {
        let today = CalendarDate(containing: now())
        let read = try await days(from: today, through: today)
        guard let day = read.days.last else { return Frankfurter.CurrencyNames(names: [], fingerprint: "none") }
        var codes = Set(read.columns.filter { !day.value($0.value).isNaN }.map(\.key))
        codes.insert(Self.euro)
        return Frankfurter.CurrencyNames(
            names: codes.sorted().map { ($0, names.name(of: $0) ?? catalog.currency(for: $0).name) },
            fingerprint: read.fingerprint, newestDate: day.date)
    }

    /// The ECB's days from `start` on are all stored, or a 503 to retry.
    private func waitForDays(from start: CalendarDate) throws(Frankfurter.Failure) {
        do { try load.check(from: start, of: RateSource.ecb.id) } catch { throw .loading(error) }
    }

    private func days(from start: CalendarDate, through end: CalendarDate) async throws(Frankfurter.Failure) -> RateDays {
        do {
            return try await days.referenceDays(from: start, through: end)
        } catch {
            throw .unavailable
        }
    }

    /// Frankfurter fails with a 422 where its arithmetic leaves finite numbers (Ruby cannot round
    /// an infinity): an amount so large that a rate overflows, or so small that the base's own
    /// rounded rate is zero and is divided by.
    private static func checkFinite(
        _ query: Frankfurter.Query, baseColumn: Int?, days: [RateDays.Day]
    ) throws(Frankfurter.Failure) {
        // Every ECB rate is below 10^6; the base's rate multiplies the amount twice.
        let largest = baseColumn == nil ? query.amount * 1e6 : query.amount * query.amount * 1e6
        guard largest.isFinite else { throw .unprocessable("invalid amount") }
        if let baseColumn {
            for day in days where FrankfurterNumber.rounded(query.amount * day.value(baseColumn)).value == 0 {
                throw .unprocessable("invalid amount")
            }
        }
    }

    /// Ruby's `split(",")`: empty pieces kept, except at the end.
    static func split(_ text: String) -> [String] {
        var pieces = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        while pieces.last?.isEmpty == true { pieces.removeLast() }
        return pieces
    }

    private enum Shape {
        case latest
        case day(String)
        case range(String, String?)
    }

    /// What the segment names, by Frankfurter's routes: `latest` or `current`, ten characters
    /// shaped like a date, or two joined by `..` (the second optional). Whether they are real
    /// days is read later (a 422, not a 404).
    private static func shape(of segment: String) -> Shape? {
        if segment == "latest" || segment == "current" { return .latest }
        func isDateShaped(_ text: Substring) -> Bool {
            let bytes = Array(text.utf8)
            guard bytes.count == 10 else { return false }
            return bytes.indices.allSatisfy { index in
                index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : (0x30...0x39).contains(bytes[index])
            }
        }
        let text = segment[...]
        if isDateShaped(text) { return .day(segment) }
        guard text.count >= 12, isDateShaped(text.prefix(10)), text.dropFirst(10).hasPrefix("..") else { return nil }
        let end = text.dropFirst(12)
        if end.isEmpty { return .range(String(text.prefix(10)), nil) }
        return isDateShaped(end) ? .range(String(text.prefix(10)), String(end)) : nil
    }
}
