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

extension ECBRatesProvider: DailyRatesProvider {
    package func fetchRecentDays(today: CalendarDate) async throws(RatesProviderError) -> [FetchedRates] {
        [try await fetchLatest()]
    }

    /// The 90-day history when it reaches back far enough, else the full history (a zip).
    package func fetchDays(_ days: ClosedRange<CalendarDate>, today: CalendarDate) async throws(RatesProviderError) -> [FetchedRates] {
        let all = days.lowerBound >= today.adding(days: -85) ? try await fetchHistory() : try await fetchFullHistory()
        return all.filter { days.contains($0.effectiveDate) }.sorted { $0.effectiveDate < $1.effectiveDate }
    }

    package var fetchesDayByDay: Bool { false }
}

/// A central bank's rates through its ``OfficialFeed``: the newest days, or any run of days
/// (filling a gap after an outage, or an admin's backfill).
package struct OfficialRatesProvider: DailyRatesProvider {
    package let feed: OfficialFeed
    package let fetcher: HTTPDocumentFetcher

    package init(feed: OfficialFeed, fetcher: HTTPDocumentFetcher) {
        self.feed = feed
        self.fetcher = fetcher
    }

    package var source: RateSource { feed.source }

    package func fetchLatest() async throws(RatesProviderError) -> FetchedRates {
        guard let newest = try await fetchRecentDays(today: CalendarDate(containing: Date())).last else {
            throw .unreadable("the document holds no rates")
        }
        return newest
    }

    /// The days of the reach a refresh looks back over, up to today (or tomorrow, for a
    /// publisher dating ahead): a file that holds more (a year's) is cut to them.
    package func fetchRecentDays(today: CalendarDate) async throws(RatesProviderError) -> [FetchedRates] {
        let reach = today.adding(days: -feed.lookback)...today.adding(days: source.datesAhead ? 1 : 0)
        let days = try await fetch(feed.latest(today))
        // A publisher without ranges answers with its newest file, whatever its day; so does a
        // newest document of its own (``ProviderDeclaration/latest``).
        return feed.fetchesDayByDay || feed.hasLatestDocument
            ? days.filter { $0.effectiveDate <= reach.upperBound } : days.filter { reach.contains($0.effectiveDate) }
    }

    /// The days of `days`; for rates in force until the next (a month's, a quarter's), also the
    /// one in force on its first day, which a conversion on that day needs.
    package func fetchDays(_ days: ClosedRange<CalendarDate>, today: CalendarDate) async throws(RatesProviderError) -> [FetchedRates] {
        let cadence = source.cadence ?? .daily
        guard cadence.appliesUntilNext else {
            return try await fetch(feed.documents(covering: days)).filter { days.contains($0.effectiveDate) }
        }
        let fetched = try await fetch(feed.documents(covering: days.lowerBound.adding(days: -cadence.reach)...days.upperBound))
        let before = fetched.last { $0.effectiveDate <= days.lowerBound }.flatMap { newest in
            newest.effectiveDate < days.lowerBound && cadence.isInForce(newest.effectiveDate, on: days.lowerBound) ? newest : nil
        }
        return (before.map { [$0] } ?? []) + fetched.filter { days.contains($0.effectiveDate) }
    }

    package var fetchesDayByDay: Bool { feed.fetchesDayByDay }

    package var minimumCurrencies: Int { feed.minimumCurrencies }

    /// Every document's days, oldest first. A day in two documents (a publisher's series, one
    /// per currency) holds the currencies of both; a currency in both is the later document's.
    private func fetch(_ documents: [OfficialFeed.Document]) async throws(RatesProviderError) -> [FetchedRates] {
        var days: [CalendarDate: FetchedRates] = [:]
        var formPages: [URL: FormPage] = [:]
        for document in documents {
            let data: Data
            do {
                data = try await fetcher.fetch(
                    document.url, posting: document.body, headers: document.headers, token: document.token, link: document.link,
                    formPages: &formPages)
            } catch {
                if case .httpStatus(let status) = error, status == feed.emptyStatus { continue }
                throw error
            }
            let feed = feed
            for day in try await offThePool({ () throws(RatesProviderError) in try feed.parse(data, of: document) }) {
                days[day.effectiveDate] = days[day.effectiveDate].map { $0.adding(day) } ?? day
            }
        }
        return days.keys.sorted().map { days[$0]! }
    }
}

/// A provider whose days can be fetched: the newest ones, and those of a range.
package protocol DailyRatesProvider: RatesProvider {
    /// The newest days the publisher has out, oldest first.
    func fetchRecentDays(today: CalendarDate) async throws(RatesProviderError) -> [FetchedRates]
    /// The days of `days` the publisher has, oldest first (none, for a run it published nothing in).
    func fetchDays(_ days: ClosedRange<CalendarDate>, today: CalendarDate) async throws(RatesProviderError) -> [FetchedRates]
    /// Whether a range costs a document per day (the publisher offers no ranges).
    var fetchesDayByDay: Bool { get }
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
