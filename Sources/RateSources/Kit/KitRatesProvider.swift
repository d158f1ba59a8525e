import Core
import Foundation

/// A provider's rates through its ``ProviderFeed``: the newest days, any run of days (filling a
/// gap after an outage, an admin's backfill), or one named document (the ECB's histories).
/// Each of these is one exchange with the publisher, every request of it within the fetcher's
/// time limit together (``HTTPDocumentFetcher/within(_:)``).
package struct KitRatesProvider: Sendable {
    package let feed: ProviderFeed
    package let fetcher: HTTPDocumentFetcher

    package init(feed: ProviderFeed, fetcher: HTTPDocumentFetcher) {
        self.feed = feed
        self.fetcher = fetcher
    }

    package var source: RateSource { feed.source }

    /// Whether it has days to fetch over a range (ExchangeRate-API's feed has only its newest).
    package var keepsDays: Bool { feed.keepsDays }

    /// The file an operator uploads for it (the Kursliste), where no script may fetch it: never
    /// refreshed or backfilled.
    package var uploaded: UploadedDocument? { feed.uploaded }

    /// Whether a range costs a document per day (the publisher offers no ranges).
    package var fetchesDayByDay: Bool { feed.fetchesDayByDay }

    /// The fewest currencies one of its days may quote and be stored (``RatesValidator``).
    package var minimumCurrencies: Int { feed.minimumCurrencies }

    /// The newest day its newest documents hold.
    package func fetchLatest(today: CalendarDate) async throws(RatesProviderError) -> FetchedRates {
        guard let newest = try await fetchRecentDays(today: today).last else { throw .unreadable("the document holds no rates") }
        return newest
    }

    /// The days of the reach a refresh looks back over, up to today (or tomorrow, for a
    /// publisher dating ahead): a file that holds more (a year's) is cut to them.
    package func fetchRecentDays(today: CalendarDate) async throws(RatesProviderError) -> [FetchedRates] {
        let reach = today.adding(days: -feed.lookback)...today.adding(days: source.datesAhead ? 1 : 0)
        let days = try await fetch(feed.latest(today))
        // A snapshot of now is what it is: a day it dates ahead is for the refresh rules to refuse.
        guard feed.keepsDays else { return days }
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
            return try await fetch(feed.documents(covering: days, today: today)).filter { days.contains($0.effectiveDate) }
        }
        let fetched = try await fetch(
            feed.documents(covering: days.lowerBound.adding(days: -cadence.reach)...days.upperBound, today: today))
        let before = fetched.last { $0.effectiveDate <= days.lowerBound }.flatMap { newest in
            newest.effectiveDate < days.lowerBound && cadence.isInForce(newest.effectiveDate, on: days.lowerBound) ? newest : nil
        }
        return (before.map { [$0] } ?? []) + fetched.filter { days.contains($0.effectiveDate) }
    }

    /// Every day of the document called `name` (``DocumentRequest/name``: the ECB's `history`
    /// and `full-history`, which an admin imports whole).
    package func fetchDocument(named name: String) async throws(RatesProviderError) -> [FetchedRates] {
        guard let document = feed.document(named: name) else { throw .unreadable("\(source.id) has no document called \(name)") }
        return try await fetch([document])
    }

    /// Every document's days, oldest first, in one exchange. A day in two documents (a
    /// publisher's series, one per currency) holds the currencies of both; a currency in both
    /// is the later document's.
    private func fetch(_ documents: [ProviderFeed.Document]) async throws(RatesProviderError) -> [FetchedRates] {
        let feed = feed, fetcher = fetcher
        return try await fetcher.within { exchange throws(RatesProviderError) in
            var days: [CalendarDate: FetchedRates] = [:]
            var formPages: [URL: FormPage] = [:]
            for document in documents {
                let data: Data
                do throws(RatesProviderError) {
                    data = try await fetcher.fetch(
                        document.url, posting: document.body, headers: document.headers, token: document.token, link: document.link,
                        formPages: &formPages, in: exchange)
                } catch {
                    if case .httpStatus(let status) = error, status == feed.emptyStatus { continue }
                    throw error
                }
                let read = try await exchange.excluded { () async throws(RatesProviderError) in
                    try await offThePool { () throws(RatesProviderError) in try feed.parse(data, of: document) }
                }
                for day in read {
                    days[day.effectiveDate] = days[day.effectiveDate].map { $0.adding(day) } ?? day
                }
            }
            return days.keys.sorted().map { days[$0]! }
        }
    }
}
