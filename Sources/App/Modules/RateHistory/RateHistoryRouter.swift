import Vapor

/// Where the history page sends the browser.
struct RateHistoryRouter: Sendable {
    /// `/rates/usd/eur` → `/rates/USD/EUR`: one address per pair (301, it never changes).
    func canonical(from: String, to: String) -> Response {
        .movedPermanently(.rateHistory(from: from, to: to))
    }

    /// The same for the pair's CSV.
    func canonicalCSV(from: String, to: String) -> Response {
        .movedPermanently(.rateHistoryCSV(from: from, to: to))
    }
}
