import Core
import Foundation
import ServiceInterfaces

/// Answers Frankfurter v2 questions from the blend of the official providers (and from some of
/// them with `providers`): reads the query as its OpenAPI document describes it, picks the days,
/// and turns each day's blend into records against the asked base.
struct FrankfurterV2Interactor: Sendable {
    let rates: any BlendedRatesReading
    let names: RubyMoneyCurrencyNames
    let catalog: CurrencyCatalog
    /// The providers blended, in the catalogue's order.
    let providers: [RateSource]
    /// The tax and customs authorities and the historical and international publishers
    /// fetched: never blended, answered from their own days.
    let unblended: [RateSource]

    /// Every provider served here: the blended ones, then ``unblended``.
    var served: [RateSource] { providers + unblended }
    let now: @Sendable () -> Date
    /// Days not stored yet (the bundled history still loading) are waited for, not missed.
    let load: any HistoryLoadReading

    // MARK: Reading the query

    /// The query's values, checked in Frankfurter's order: unknown parameters, dates, a date
    /// beside a range, the group, the expansion, the currencies; then the providers.
    func query(_ values: [String: String]) throws(FrankfurterV2.Failure) -> FrankfurterV2.Query {
        let unknown = values.keys.filter { !FrankfurterV2.rateParameters.contains($0) }.sorted()
        guard unknown.isEmpty else { throw .unprocessable("unknown parameter: \(unknown.joined(separator: ", "))") }
        var query = FrankfurterV2.Query()
        let date = try day(values["date"]), from = try day(values["from"]), to = try day(values["to"])
        if date != nil && (from != nil || to != nil) { throw .unprocessable("conflicting params") }
        if let group = values["group"] {
            guard let known = FrankfurterV2.Query.Group(rawValue: group.lowercased()) else { throw .unprocessable("invalid group") }
            query.group = known
        }
        if let expand = values["expand"] {
            let unknown = Self.list(expand.lowercased()).filter { $0 != "providers" }
            guard unknown.isEmpty else { throw .unprocessable("invalid expand: \(unknown.joined(separator: ","))") }
            query.expandProviders = true
        }
        if let side = values["side"] {
            guard let known = RateSide(asked: side) else {
                throw .unprocessable("invalid side: use mid, buying or selling")
            }
            query.side = known
        }
        query.base = values["base"]?.uppercased()
        query.quotes = values["quotes"].map { Self.list($0.uppercased()) }
        var invalid = query.base.map { isCurrency($0) ? [] : [$0] } ?? []
        invalid += (query.quotes ?? []).filter { !isCurrency($0) }
        guard invalid.isEmpty else { throw .unprocessable("invalid currency: \(invalid.joined(separator: ","))") }
        query.providers = try providerIDs(values["providers"])
        let today = CalendarDate(containing: now())
        if let date {
            query.dates = .day(date)
        } else if let from {
            query.dates = .range(from, to ?? today)
        }
        if case .range(let start, let end) = query.dates, query.group == nil, query.providers != nil || query.expandProviders,
            !query.isNarrow, start.days(until: end) >= FrankfurterV2.maxRecomputedDays
        {
            throw .unprocessable(
                "ranges over 5 years with providers or expand=providers are too long; add group=week or group=month, name at most 5 providers and 5 quotes, or split the range"
            )
        }
        return query
    }

    /// Provider keys as given (`ECB,nbp.b`), as the blended providers' ids; 422 for one not blended here.
    func providerIDs(_ text: String?) throws(FrankfurterV2.Failure) -> [RateSourceID]? {
        guard let text else { return nil }
        let keys = Self.list(text)
        let ids = keys.map { key in RateSourceID(key).flatMap { id in served.contains { $0.id == id } ? id : nil } }
        let unknown = zip(keys, ids).filter { $0.1 == nil }.map(\.0)
        guard unknown.isEmpty else { throw .unprocessable("invalid provider: \(unknown.map { $0.uppercased() }.joined(separator: ","))") }
        // A source that is never blended answers alone, from its own days.
        let unblended = ids.compactMap { $0 }.filter { id in !providers.contains { $0.id == id } }
        if !unblended.isEmpty && ids.count > 1 {
            throw .unprocessable("\(unblended.map(\.key).joined(separator: ",")) is never blended: ask for it alone")
        }
        return ids.compactMap { $0 }
    }

    private func day(_ text: String?) throws(FrankfurterV2.Failure) -> CalendarDate? {
        guard let text else { return nil }
        guard let day = CalendarDate(iso8601: text) else { throw .unprocessable("invalid date") }
        return day
    }

    /// A currency the app knows by name (ISO 4217, withdrawn ones included, or RubyMoney's table).
    private func isCurrency(_ code: String) -> Bool {
        Currency.isWellFormedCode(code) && (catalog.currency(for: code).name != code || names.name(of: code) != nil)
    }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    // MARK: Rates

    /// What `query`'s answer is made of, known before any record is computed (its validator's).
    func basis(of query: FrankfurterV2.Query) async throws(FrankfurterV2.Failure) -> FrankfurterV2.Basis {
        if let source = try sideSource(of: query) { return try await ownBasis(of: source, side: query.side) }
        do {
            if query.dates == .latest, query.providers == nil {
                return FrankfurterV2.Basis(days: [try await rates.latestBlend()?.version ?? "none"])
            }
            if let only = query.providers, only.count == 1, let source = unblended.first(where: { $0.id == only[0] }) {
                return try await ownBasis(of: source)
            }
            var basis = try await basisOfDays()
            basis.today = CalendarDate(containing: now())
            return basis
        } catch {
            throw .unavailable
        }
    }

    /// Whether a later stored day may still change `query`'s answer (known before it is computed):
    /// today's blend, or a day or range ending in the last week.
    func isCurrent(_ query: FrankfurterV2.Query) -> Bool {
        let lastFinal = CalendarDate(containing: now()).adding(days: -7)
        switch query.dates {
        case .latest: return true
        case .day(let day): return day >= lastFinal
        case .range(_, let end): return end >= lastFinal
        }
    }

    /// The records answering `query`.
    func rates(_ query: FrankfurterV2.Query) async throws(FrankfurterV2.Failure) -> FrankfurterV2.Rates {
        if let source = try sideSource(of: query) { return try await ownRates(of: source, query) }
        if let only = query.providers, only.count == 1, !providers.contains(where: { $0.id == only[0] }) {
            return try await ownRates(of: try servedProvider(only[0].rawValue), query)
        }
        switch query.dates {
        case .latest: break
        case .day(let day): try waitForDays(from: day, of: query.providers)
        case .range(let start, _): try waitForDays(from: start, of: query.providers)
        }
        do {
            switch query.dates {
            case .latest:
                let blend: BlendedDay?, basis: FrankfurterV2.Basis
                if let providers = query.providers {
                    blend = try await rates.blend(on: CalendarDate(containing: now()), providers: providers)
                    basis = try await basisOfDays()
                } else {
                    let latest = try await rates.latestBlend()
                    blend = latest?.blend
                    basis = FrankfurterV2.Basis(days: [latest?.version ?? ""])
                }
                return try answer(query, blend.map { [$0] } ?? [], basis: basis, isCurrent: true)
            case .day(let date)
            where query.providers == nil && !query.expandProviders && date < CalendarDate(containing: now()) && rates.hasBlendedSeries:
                // A past day of the blend of every provider, as kept for every day (as ranges are),
                // not blended again for each request (docs/BENCHMARKS.md, *Past days of the blend*).
                // Until the first blend of every day is built after a start (seconds with years
                // stored), the day is blended alone: the same records (docs/OPERATIONS.md, *Memory and start time*).
                let series = try await rates.blendedSeries()
                guard let day = series.days.day(onOrBefore: date) else { throw FrankfurterV2.Failure.notFound }
                let records = Self.records(of: day, columns: series.columnsByCode, query: query)
                guard !records.isEmpty else { throw FrankfurterV2.Failure.notFound }
                return FrankfurterV2.Rates(query: query, records: records, basis: try await basisOfDays(), isCurrent: isCurrent(query))
            case .day(let date):
                let blend = try await rates.blend(on: date, providers: query.providers)
                return try answer(query, blend.map { [$0] } ?? [], basis: try await basisOfDays(), isCurrent: isCurrent(query))
            case .range(let start, let end):
                return try await range(query, start, end)
            }
        } catch let failure as FrankfurterV2.Failure {
            throw failure
        } catch {
            throw .unavailable
        }
    }

    /// The days of `providers` (the blend's when `nil`) from `start` on (`nil`: all of them) are
    /// stored, or a 503 to retry.
    func waitForDays(from start: CalendarDate?, of providers: [RateSourceID]?) throws(FrankfurterV2.Failure) {
        do {
            for source in providers ?? [.blend] { try load.check(from: start, of: source) }
        } catch {
            throw .loading(error)
        }
    }

    /// The blended providers' stored days, each as its service names it.
    private func basisOfDays() async throws -> FrankfurterV2.Basis {
        return FrankfurterV2.Basis(days: [rates.name(of: try await rates.providerDays())])
    }

    /// Each day of the range that any provider published, blended: from the blend kept for
    /// every day, or recomputed per day when only some providers count or each one's rate is asked.
    private func range(_ query: FrankfurterV2.Query, _ start: CalendarDate, _ end: CalendarDate) async throws -> FrankfurterV2.Rates {
        guard start <= end else { throw FrankfurterV2.Failure.notFound }
        if query.providers == nil && !query.expandProviders {
            let series = try await rates.blendedSeries()
            let days = series.days.days(from: start, through: end)
            var records: [FrankfurterV2.Record] = []
            for day in days.days where day.date >= start || days.days.count == 1 {
                records += Self.records(of: day, columns: series.columnsByCode, query: query)
            }
            return try grouped(query, records, basis: FrankfurterV2.Basis(days: [series.version]), isCurrent: isCurrent(query))
        }
        let providerDays = try await rates.providerDays(from: start).filter { query.providers?.contains($0.source.id) ?? true }
        let dates = Set(providerDays.flatMap { $0.days.days(from: start, through: end).days.map(\.date) }).filter { $0 >= start }.sorted()
        let blends = try await rates.blends(
            on: dates, providers: query.providers, currencies: query.quotes.map { Set($0 + [query.base ?? RateBlender.base]) })
        let basis = FrankfurterV2.Basis(days: [rates.name(of: providerDays)])
        let records = blends.flatMap { Self.records(of: $0, query: query) }
        return try grouped(query, records, basis: basis, isCurrent: isCurrent(query))
    }

    private func answer(
        _ query: FrankfurterV2.Query, _ blends: [BlendedDay], basis: FrankfurterV2.Basis, isCurrent: Bool
    ) throws(FrankfurterV2.Failure) -> FrankfurterV2.Rates {
        let records = blends.flatMap { Self.records(of: $0, query: query) }
        guard !records.isEmpty else { throw .notFound }
        return FrankfurterV2.Rates(query: query, records: records, basis: basis, isCurrent: isCurrent)
    }

    private func grouped(
        _ query: FrankfurterV2.Query, _ records: [FrankfurterV2.Record], basis: FrankfurterV2.Basis, isCurrent: Bool
    ) throws(FrankfurterV2.Failure) -> FrankfurterV2.Rates {
        guard !records.isEmpty else { throw .notFound }
        guard let group = query.group else {
            return FrankfurterV2.Rates(query: query, records: records, basis: basis, isCurrent: isCurrent)
        }
        return FrankfurterV2.Rates(
            query: query, records: Self.averages(records, by: group), basis: basis, isCurrent: isCurrent)
    }

    /// A blended day's records against the query's base, sorted by quote, the base's own first
    /// among them at 1; none when the day has no rate for the base.
    static func records(of blend: BlendedDay, query: FrankfurterV2.Query) -> [FrankfurterV2.Record] {
        func rate(_ code: String) -> Decimal? { code == blend.base ? 1 : blend.rates[code]?.rate }
        let baseCode = query.base ?? blend.base
        guard let base = rate(baseCode) else { return [] }
        let codes = Set(blend.rates.keys).union([blend.base]).sorted()
        var records: [FrankfurterV2.Record] = []
        for code in codes where query.quotes?.contains(code) ?? true {
            guard let value = rate(code) else { continue }
            var record = FrankfurterV2.Record(
                date: blend.date, base: baseCode, quote: code, rate: code == baseCode ? 1 : Self.rebased(value, base))
            if query.expandProviders, let quotes = blend.rates[code]?.quotes, !quotes.isEmpty {
                record.providers = quotes.map {
                    FrankfurterV2.ProviderRate(
                        key: $0.source.key, date: $0.date, rate: Self.rebased($0.rate, base),
                        excluded: $0.exclusion != nil)
                }
            }
            records.append(record)
        }
        return records
    }

    /// `value` per unit of `base`, to 19 significant digits (the API writes 8): one long division,
    /// where a 38-digit `Decimal` quotient cost microseconds to divide and again to write, for
    /// each of 160 currencies a day.
    static func rebased(_ value: Decimal, _ base: Decimal) -> Decimal {
        value.quotient(dividingBy: base, significantDigits: 19)
    }

    /// ``rebased(_:_:)`` by a base whose parts were read once for every currency of its day.
    static func rebased(_ value: Decimal, _ base: Decimal, baseParts: DecimalParts?) -> Decimal {
        if let baseParts, let parts = DecimalParts(value),
            let quotient = parts.quotient(dividingBy: baseParts, significantDigits: 19)?.decimal
        {
            return quotient
        }
        return rebased(value, base)
    }

    /// A kept blended day's records (no providers' details are kept with them), in the order of
    /// `columns` (``BlendedSeries/columnsByCode``).
    static func records(
        of day: RateDays.Day, columns: [(code: String, column: Int)], query: FrankfurterV2.Query
    ) -> [FrankfurterV2.Record] {
        // Every provider's blend: the euro is its pivot.
        let baseCode = query.base ?? RateBlender.base
        guard let baseColumn = columns.first(where: { $0.code == baseCode })?.column, let base = day.rate(baseColumn) else { return [] }
        let baseParts = DecimalParts(base)
        var records: [FrankfurterV2.Record] = []
        records.reserveCapacity(columns.count)
        for (code, column) in columns where query.quotes?.contains(code) ?? true {
            guard let value = day.rate(column) else { continue }
            records.append(
                FrankfurterV2.Record(
                    date: day.date, base: baseCode, quote: code,
                    rate: code == baseCode ? 1 : Self.rebased(value, base, baseParts: baseParts)))
        }
        return records
    }

    /// The mean of each quote's rates over each week (from Monday) or month, dated its first day.
    static func averages(_ records: [FrankfurterV2.Record], by group: FrankfurterV2.Query.Group) -> [FrankfurterV2.Record] {
        func bucket(_ date: CalendarDate) -> CalendarDate {
            switch group {
            case .week: date.adding(days: 1 - date.isoWeekday)
            case .month: CalendarDate(year: date.year, month: date.month, day: 1)!
            }
        }
        var sums: [CalendarDate: [String: (sum: Decimal, count: Int)]] = [:]
        var base = "EUR"
        for record in records {
            base = record.base
            sums[bucket(record.date), default: [:]][record.quote, default: (0, 0)].sum += record.rate
            sums[bucket(record.date), default: [:]][record.quote, default: (0, 0)].count += 1
        }
        return sums.keys.sorted().flatMap { date in
            sums[date]!.keys.sorted().map { quote in
                let (sum, count) = sums[date]![quote]!
                return FrankfurterV2.Record(date: date, base: base, quote: quote, rate: sum / Decimal(count))
            }
        }
    }

    /// `/v2/rate/{base}/{quote}`: the one record.
    func rate(
        base: String, quote: String, date: String?, providers: String?, side: String? = nil
    ) async throws(FrankfurterV2.Failure) -> FrankfurterV2.Rates {
        var values = ["base": base, "quotes": quote]
        if let date { values["date"] = date }
        if let providers { values["providers"] = providers }
        if let side { values["side"] = side }
        let query = try self.query(values)
        let answer = try await rates(query)
        guard let record = answer.records.first(where: { $0.quote == quote.uppercased() }) else { throw .notFound }
        return FrankfurterV2.Rates(query: query, records: [record], basis: answer.basis, isCurrent: answer.isCurrent)
    }

    // MARK: Currencies and providers

    /// Every currency the blend quotes today (`scope=all`: ever), of `providers` when given (an
    /// unknown provider quotes none, as Frankfurter's document has no error for this address).
    func currencies(
        scope: String?, providers: String?
    ) async throws(FrankfurterV2.Failure) -> FrankfurterV2.Listing<FrankfurterV2.CurrencyInfo> {
        if let scope, scope != "all" { throw .unprocessable("invalid scope") }
        let chosen = providers.map { Self.list($0).compactMap { RateSourceID($0) } }
        try waitForDays(from: nil, of: chosen)
        do {
            let series = try await rates.blendedSeries()
            let days = try await rates.providerDays()
            // The blend's currencies today, by default; every one it ever quoted; or the providers'.
            let codes: Set<String> =
                if let chosen {
                    Set(days.filter { chosen.contains($0.source.id) }.flatMap { $0.days.columns.keys })
                } else if scope == "all" {
                    Set(series.days.columns.keys)
                } else {
                    try await rates.latestBlend().map { Set($0.blend.rates.keys).union([$0.blend.base]) } ?? []
                }
            return FrankfurterV2.Listing(basis: FrankfurterV2.Basis(days: [series.version], scope: scope, chosen: chosen)) {
                let byProvider = Self.quotedBy(days)
                return codes.subtracting(RateBlender.notCurrencies).sorted().map { info($0, series: series.days, quotedBy: byProvider) }
            }
        } catch {
            throw .unavailable
        }
    }

    /// One currency, with the providers that quote it and its peg; 404 for one without rates.
    func currency(_ code: String) async throws(FrankfurterV2.Failure) -> FrankfurterV2.Listing<FrankfurterV2.CurrencyInfo> {
        let code = code.uppercased()
        try waitForDays(from: nil, of: nil)
        do {
            let series = try await rates.blendedSeries()
            let byProvider = Self.quotedBy(try await rates.providerDays())
            guard series.days.columns[code] != nil || byProvider[code] != nil, !RateBlender.notCurrencies.contains(code) else {
                throw FrankfurterV2.Failure.notFound
            }
            return FrankfurterV2.Listing(basis: FrankfurterV2.Basis(days: [series.version], code: code)) {
                [info(code, series: series.days, quotedBy: byProvider)]
            }
        } catch let failure as FrankfurterV2.Failure {
            throw failure
        } catch {
            throw .unavailable
        }
    }

    private static func quotedBy(_ days: [(source: RateSource, days: RateDays)]) -> [String: [String]] {
        var quoted: [String: [String]] = [:]
        for (source, days) in days {
            for code in days.columns.keys { quoted[code, default: []].append(source.key) }
            if let home = source.homeCurrency, days.columns[home] == nil, !days.days.isEmpty {
                quoted[home, default: []].append(source.key)
            }
        }
        return quoted
    }

    private func info(_ code: String, series: RateDays, quotedBy: [String: [String]]) -> FrankfurterV2.CurrencyInfo {
        let ruby = names.entry(of: code)
        let quoted = series.quotedDays(of: code)
        return FrankfurterV2.CurrencyInfo(
            code: code, numeric: ruby?.numeric, name: ruby?.name ?? catalog.currency(for: code).name, symbol: ruby?.symbol,
            start: quoted?.lowerBound, end: quoted?.upperBound, providers: quotedBy[code] ?? [],
            peg: rates.pegs.first { $0.currency == code })
    }

    /// The blended providers, then the tax and customs authorities, each with its stored days'
    /// span and currencies.
    func providerList() async throws(FrankfurterV2.Failure) -> FrankfurterV2.Listing<FrankfurterV2.ProviderInfo> {
        try waitForDays(from: nil, of: nil)
        do {
            var read = try await rates.providerDays()
            // Read together, where one read each scanned every stored rate again (docs/OPERATIONS.md, *Memory and start time*).
            read += zip(unblended, try await rates.providerDays(of: unblended)).map { (source: $0, days: $1) }
            let days = read
            let today = CalendarDate(containing: now())
            let basis = FrankfurterV2.Basis(days: [rates.name(of: days)], today: today)
            return FrankfurterV2.Listing(basis: basis) {
                days.map { source, days in
                    let end = days.days.last?.date
                    return FrankfurterV2.ProviderInfo(
                        source: source, start: days.firstDate, end: end,
                        missed: Self.missed(since: end, of: source, today: today), currencies: days.columns.keys.sorted())
                }
            }
        } catch {
            throw .unavailable
        }
    }

    /// Publication days (weekdays; Wednesdays for a weekly table; months' first or last days)
    /// strictly after `end` and before today, which the provider should have published and is
    /// not stored; none for a publisher that ended (Frankfurter's `null` for historical-only ones).
    static func missed(since end: CalendarDate?, of source: RateSource, today: CalendarDate) -> Int? {
        let cadence = source.cadence ?? .daily
        guard let end, cadence != .historical else { return nil }
        return cadence.publicationDays(after: end, before: today)
    }
}
