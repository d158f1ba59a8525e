import Core
import Foundation
import ServiceInterfaces

/// One provider's own rates and metadata (`/v2/providers/{key}`, `/v2/providers/{key}/rates`,
/// and `/v2/rates?providers=hmrc` for a source that is never blended): its stored days as it
/// published them, rebased to the query's base, not a blend of one.
extension FrankfurterV2Interactor {
    /// The provider `key` names among those served here (blended, or a tax authority's); 404 else.
    func servedProvider(_ key: String) throws(FrankfurterV2.Failure) -> RateSource {
        guard let id = RateSourceID(key), let source = served.first(where: { $0.id == id }) else { throw .notFound }
        return source
    }

    /// What `source`'s own answers of `side` are made of (their validator's), known before any is
    /// computed; 422 for a side it does not write.
    func ownBasis(of source: RateSource, side: RateSide = .mid) async throws(FrankfurterV2.Failure) -> FrankfurterV2.Basis {
        try Self.check(side, of: source)
        do {
            return FrankfurterV2.Basis(
                days: [try await rates.providerDays(of: source, side: side).version], providers: [source.id],
                today: CalendarDate(containing: now()))
        } catch {
            throw .unavailable
        }
    }

    /// The one provider a side other than the mid is asked of (`providers` naming it alone);
    /// `nil` for the mid. A side is never blended: 422 without exactly one provider.
    func sideSource(of query: FrankfurterV2.Query) throws(FrankfurterV2.Failure) -> RateSource? {
        guard query.side != .mid else { return nil }
        guard let only = query.providers, only.count == 1 else {
            throw .unprocessable("side=\(query.side.rawValue) is one provider's own rate, never blended: name one provider")
        }
        return try servedProvider(only[0].rawValue)
    }

    /// 422 naming the sides `source` writes, unless `side` is one of them.
    static func check(_ side: RateSide, of source: RateSource) throws(FrankfurterV2.Failure) {
        if let refusal = source.refusal(of: side, named: source.id.key) { throw .unprocessable(refusal) }
    }

    /// `/v2/providers/{key}`: its metadata, span and currencies.
    func provider(_ key: String) async throws(FrankfurterV2.Failure) -> FrankfurterV2.Listing<FrankfurterV2.ProviderInfo> {
        let source = try servedProvider(key)
        try waitForDays(from: nil, of: [source.id])
        let days: RateDays
        do { days = try await rates.providerDays(of: source) } catch { throw .unavailable }
        let today = CalendarDate(containing: now())
        return FrankfurterV2.Listing(basis: FrankfurterV2.Basis(days: [days.version], providers: [source.id], today: today)) {
            let end = days.days.last?.date
            return [
                FrankfurterV2.ProviderInfo(
                    source: source, start: days.firstDate, end: end,
                    missed: Self.missed(since: end, of: source, today: today), currencies: days.columns.keys.sorted())
            ]
        }
    }

    /// `source`'s own rates answering `query` (its `providers` ignored): the latest day, the
    /// day in force on a date, or the days of a range (with, for a rate that applies until the
    /// next, the one in force on its first day), against `query.base` (its pivot by default).
    func ownRates(of source: RateSource, _ query: FrankfurterV2.Query) async throws(FrankfurterV2.Failure) -> FrankfurterV2.Rates {
        guard !query.expandProviders else { throw .unprocessable("expand=providers is for the blend") }
        try Self.check(query.side, of: source)
        switch query.dates {
        case .latest: try waitForDays(from: nil, of: [source.id])
        case .day(let day), .range(let day, _): try waitForDays(from: day, of: [source.id])
        }
        let days: RateDays
        do {
            // Memory may hold only the recent years: a day or range before them is read for it.
            switch query.dates {
            case .latest: days = try await rates.providerDays(of: source, side: query.side)
            case .day(let day), .range(let day, _):
                days = try await rates.providerDays(of: source, side: query.side, from: day)
            }
        } catch {
            throw .unavailable
        }
        let cadence = source.cadence ?? .daily
        var chosen: [RateDays.Day] = []
        switch query.dates {
        case .latest:
            chosen = days.days.last.map { [$0] } ?? []
        case .day(let date):
            if let day = days.day(onOrBefore: date), cadence.isInForce(day.date, on: date) { chosen = [day] }
        case .range(let start, let end):
            guard start <= end else { throw .notFound }
            chosen = days.days(from: start, through: end).days.filter { day in
                day.date >= start || (cadence.appliesUntilNext && cadence.isInForce(day.date, on: start))
            }
        }
        let base = query.base ?? source.homeCurrency ?? RateBlender.base
        let records = chosen.flatMap { Self.records(of: $0, in: days, pivot: source.homeCurrency ?? RateBlender.base, base: base, query) }
        let basis = FrankfurterV2.Basis(days: [days.version], providers: [source.id])
        guard !records.isEmpty else { throw .notFound }
        guard let group = query.group else {
            return FrankfurterV2.Rates(query: query, records: records, basis: basis, isCurrent: isCurrent(query))
        }
        return FrankfurterV2.Rates(query: query, records: Self.averages(records, by: group), basis: basis, isCurrent: isCurrent(query))
    }

    /// A provider's day against `base`, sorted by quote, the base's own record at 1; none when
    /// the day does not quote the base.
    static func records(
        of day: RateDays.Day, in days: RateDays, pivot: String, base: String, _ query: FrankfurterV2.Query
    ) -> [FrankfurterV2.Record] {
        func value(_ code: String) -> (Decimal, Quotation)? {
            if code == pivot { return (1, day.quotation) }
            guard let column = days.columns[code], let rate = day.rate(column), rate > 0 else { return nil }
            return (rate, day.quotation(column))
        }
        guard let baseValue = value(base) else { return [] }
        var records: [FrankfurterV2.Record] = []
        for code in Set(days.columns.keys).union([pivot]).sorted() where query.quotes?.contains(code) ?? true {
            guard let quoteValue = value(code) else { continue }
            let (numerator, denominator) = Quotation.ratio(from: baseValue.0, baseValue.1, to: quoteValue.0, quoteValue.1)
            records.append(
                FrankfurterV2.Record(
                    date: day.date, base: base, quote: code,
                    rate: code == base ? 1 : numerator.quotient(dividingBy: denominator, significantDigits: 19)))
        }
        return records
    }
}
