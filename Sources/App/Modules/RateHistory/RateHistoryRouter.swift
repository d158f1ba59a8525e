/// Where the history page sends the browser.
struct RateHistoryRouter: Sendable {
    /// `/rates/usd/eur?range=1y` → `/rates/USD/EUR`: one address per pair, range, day and page
    /// (301, it never changes).
    func canonical(_ query: RateHistory.Query) -> Redirection {
        .movedPermanently(
            .rateHistory(from: query.from, to: query.to, range: query.range, date: query.date, page: query.page, source: query.source))
    }

    /// The same for the range's CSV.
    func canonicalCSV(_ query: RateHistory.Query) -> Redirection {
        .movedPermanently(.rateHistoryCSV(from: query.from, to: query.to, range: query.range, date: query.date, source: query.source))
    }

    /// The same for the pair's feed (its source alone: a feed has no range or day).
    func canonicalFeed(_ query: RateHistory.Query) -> Redirection {
        .movedPermanently(.rateHistoryFeed(from: query.from, to: query.to, source: query.source))
    }

    init() {}
}
