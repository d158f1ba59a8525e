import Core
import Foundation

/// The European Central Bank's daily euro reference rates (about 30 currencies, no key).
package struct ECBRatesProvider: RatesProvider {
    package static let dailyURL = URL(string: "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml")!

    package let fetcher: HTTPDocumentFetcher
    package let dailyURL: URL
    package let historyURL: URL
    /// The ECB's complete history since 1999, a zip (``ECBHistoryArchive``).
    package let fullHistoryURL: URL

    package init(fetcher: HTTPDocumentFetcher, dailyURL: URL, historyURL: URL, fullHistoryURL: URL) {
        self.fetcher = fetcher
        self.dailyURL = dailyURL
        self.historyURL = historyURL
        self.fullHistoryURL = fullHistoryURL
    }
    package var source: RateSource { .ecb }

    package func fetchLatest() async throws(RatesProviderError) -> FetchedRates {
        let days = try ECBRatesDocument.parse(try await fetcher.fetch(dailyURL))
        // The daily file holds one day; should it hold more, the newest is the latest.
        return days.max { $0.effectiveDate < $1.effectiveDate }!
    }

    package func fetchHistory() async throws(RatesProviderError) -> [FetchedRates] {
        try ECBRatesDocument.parse(try await fetcher.fetch(historyURL))
    }

    package func fetchFullHistory() async throws(RatesProviderError) -> [FetchedRates] {
        try ECBHistoryArchive.days(zip: try await fetcher.fetch(fullHistoryURL), source: RateSource.ecb.id)
    }
}

/// ExchangeRate-API's open endpoint: about 160 currencies against USD, no key — the kind of
/// source the original app used.
package struct ExchangeRateAPIProvider: RatesProvider {
    package static let latestURL = URL(string: "https://open.er-api.com/v6/latest/USD")!

    package let fetcher: HTTPDocumentFetcher
    package let url: URL

    package init(fetcher: HTTPDocumentFetcher, url: URL) {
        self.fetcher = fetcher
        self.url = url
    }
    package var source: RateSource { .exchangeRateAPI }

    package func fetchLatest() async throws(RatesProviderError) -> FetchedRates {
        try ExchangeRateAPIDocument.parse(try await fetcher.fetch(url))
    }
}
