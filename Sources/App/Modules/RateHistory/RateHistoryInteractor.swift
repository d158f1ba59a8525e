import Core
import ServiceInterfaces

/// Looks up a pair's history over a range of days, from the blend or one provider.
package struct RateHistoryInteractor: Sendable {
    package let history: any SourceHistoryReading
    package let rates: any CurrentRatesReading
    package let catalog: CurrencyCatalog

    package init(history: any SourceHistoryReading, rates: any CurrentRatesReading, catalog: CurrencyCatalog) {
        self.history = history
        self.rates = rates
        self.catalog = catalog
    }

    /// The range's days of the pair, as asked by the request's raw values: `range` (a year when
    /// absent), `date` (the day the range is centred on), `page` (of the daily table) and `source`
    /// (a provider's id; the blend when absent).
    package func history(
        from: String?, to: String?, range: String? = nil, date: String? = nil, page: String? = nil, source: String? = nil
    ) async throws -> RateHistory.Output {
        let query = try validate(from: from, to: to, range: range, date: date, page: page, source: source)
        let history = try await self.history.history(
            of: query.source ?? RateSnapshot.blendSource, from: query.from, to: query.to, range: query.range, around: query.date)
        if history.points.isEmpty {
            // No stored day has both: a pair the source's current rates know still gets a page
            // (it says there is too little history); any other pair does not exist.
            var current: RateSnapshot?
            if let source = query.source {
                current = await rates.currentSnapshot(of: source)
            } else {
                current = await rates.currentSnapshot(of: RateSnapshot.blendSource)
                if current == nil { current = await rates.currentSnapshot() }
            }
            guard let current, current.rates[query.from] != nil, current.rates[query.to] != nil
            else {
                throw RateHistory.Failure.unknownPair
            }
        }
        let points = history.points
        guard query.page <= RateHistory.pageCount(points, range: query.range) else { throw RateHistory.Failure.noSuchPage(query.page) }
        return RateHistory.Output(
            from: catalog.currency(for: query.from), to: catalog.currency(for: query.to),
            points: points, version: history.version, query: query, window: history.window)
    }

    /// The request's values read and checked; `notCanonical` when they are right but not
    /// written as the pair's one address writes them.
    private func validate(
        from: String?, to: String?, range: String?, date: String?, page: String?, source: String?
    ) throws(RateHistory.Failure) -> RateHistory.Query {
        let fromCode = (from ?? "").uppercased(), toCode = (to ?? "").uppercased()
        guard Currency.isWellFormedCode(fromCode), Currency.isWellFormedCode(toCode) else { throw .unknownPair }
        var query = RateHistory.Query(from: fromCode, to: toCode)
        if let range, !range.isEmpty {
            guard let known = HistoryRange(rawValue: range.lowercased()) else {
                throw .invalidParameter(
                    Message(
                        "There is no range “{typed}”. Choose one of {ranges}.",
                        [
                            "typed": .text(String(range.prefix(16))),
                            "ranges": .text(HistoryRange.allCases.map(\.rawValue).joined(separator: ", ")),
                        ]))
            }
            query.range = known
        }
        if let date, !date.isEmpty {
            guard let day = CalendarDate(iso8601: date) else {
                throw .invalidParameter(
                    Message(
                        "“{typed}” is not a date. Write it as YYYY-MM-DD, for example 2020-03-15.",
                        ["typed": .text(String(date.prefix(16)))]))
            }
            query.date = query.range == .all ? nil : day
        }
        if let page, !page.isEmpty {
            guard let number = Int(page), number >= 1 else {
                throw .invalidParameter(
                    Message("“{typed}” is not a page number. Pages are numbered from 1.", ["typed": .text(String(page.prefix(16)))]))
            }
            query.page = number
        }
        if let source, !source.isEmpty {
            let id = source.lowercased()
            guard id == RateSnapshot.blendSource || RateSource.provider(named: id) != nil else {
                throw .invalidParameter(
                    Message("There is no source “{typed}”. Choose one from the list.", ["typed": .text(String(source.prefix(24)))]))
            }
            query.source = id == RateSnapshot.blendSource ? nil : id
        }
        let canonical =
            from == fromCode && to == toCode
            && range == (query.range == .default ? nil : query.range.rawValue)
            && date == query.date?.description
            && page == (query.page > 1 ? String(query.page) : nil)
            && source == query.source
        guard canonical else { throw .notCanonical(query) }
        return query
    }
}
