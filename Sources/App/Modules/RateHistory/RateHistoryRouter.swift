import Vapor

/// Where the history page sends the browser.
package struct RateHistoryRouter: Sendable {
    /// `/rates/usd/eur?range=1y` → `/rates/USD/EUR`: one address per pair, range, day and page
    /// (301, it never changes).
    package func canonical(_ query: RateHistory.Query) -> Response {
        .movedPermanently(
            .rateHistory(from: query.from, to: query.to, range: query.range, date: query.date, page: query.page, source: query.source))
    }

    /// The same for the range's CSV.
    package func canonicalCSV(_ query: RateHistory.Query) -> Response {
        .movedPermanently(.rateHistoryCSV(from: query.from, to: query.to, range: query.range, date: query.date, source: query.source))
    }

    package init() {}
}
