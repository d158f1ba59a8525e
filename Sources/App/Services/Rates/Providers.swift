import Foundation

/// The European Central Bank's daily euro reference rates (about 30 currencies, no key).
struct ECBRatesProvider: RatesProvider {
    static let dailyURL = URL(string: "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml")!

    let fetcher: HTTPDocumentFetcher
    let dailyURL: URL
    let historyURL: URL
    /// The ECB's complete history since 1999, a zip (``ECBHistoryArchive``).
    let fullHistoryURL: URL
    var source: RateSource { .ecb }

    func fetchLatest() async throws(RatesProviderError) -> FetchedRates {
        let days = try ECBRatesDocument.parse(try await fetcher.fetch(dailyURL))
        // The daily file holds one day; should it hold more, the newest is the latest.
        return days.max { $0.effectiveDate < $1.effectiveDate }!
    }

    func fetchHistory() async throws(RatesProviderError) -> [FetchedRates] {
        try ECBRatesDocument.parse(try await fetcher.fetch(historyURL))
    }

    func fetchFullHistory() async throws(RatesProviderError) -> [FetchedRates] {
        try ECBHistoryArchive.days(zip: try await fetcher.fetch(fullHistoryURL), source: RateSource.ecb.id)
    }
}

/// ExchangeRate-API's open endpoint: about 160 currencies against USD, no key — the kind of
/// source the original app used.
struct ExchangeRateAPIProvider: RatesProvider {
    static let latestURL = URL(string: "https://open.er-api.com/v6/latest/USD")!

    let fetcher: HTTPDocumentFetcher
    let url: URL
    var source: RateSource { .exchangeRateAPI }

    func fetchLatest() async throws(RatesProviderError) -> FetchedRates {
        try ExchangeRateAPIDocument.parse(try await fetcher.fetch(url))
    }
}
