import Core
import Foundation

/// A provider's feed, declared: who publishes (its ``RateSource``: id, name, country, home
/// currency, which way it quotes, cadence and publication time), where its documents are and
/// how much one request may ask, and the one function that reads a document into dated rates.
/// Every provider is one, the ECB and ExchangeRate-API included. Fetching, chunking a range
/// into allowed requests, the time and size limits, validation, storage, the admin's backfill,
/// `<ID>_BASE_URL` and `/v2/providers` come from the kit (``ProviderFeed``,
/// ``KitRatesProvider``, App's refresher). docs/ARCHITECTURE.md, "Providers: one kit", says how to add one.
package struct ProviderDeclaration: Sendable {
    package let source: RateSource
    /// The publisher's scheme and host (`https://cbu.uz`); `<ID>_BASE_URL` replaces it.
    package let origin: String
    package let documents: Documents
    /// The fewest currencies one of its days may quote and be stored.
    package var minimumCurrencies = RatesValidator.minimumCurrencies
    /// Reads a document into dated rates, knowing which it is (``Asked``).
    let read: @Sendable (Data, Asked) throws(RatesProviderError) -> [FetchedRates]

    /// What a document was asked for as: of one series, of a month (its first day), for some
    /// days of a document of every day, or by its name.
    package struct Asked: Sendable {
        package var series: Series? = nil
        package var month: CalendarDate? = nil
        package var wanted: ClosedRange<CalendarDate>? = nil
        package var name: String? = nil
    }
    /// The first day its documents hold (`nil`: as far back as the ECB's history).
    package var firstDay: CalendarDate? = nil
    /// The status it answers for a range without rates (the NBP's 404 "Brak danych").
    package var emptyStatus: Int? = nil
    /// The one document a refresh asks for when nothing is missing, where the publisher has
    /// one apart from those a range needs (the current month's file beside the archive).
    package var latest: DocumentRequest? = nil
    /// How the publisher wants its API key (`<ID>_API_KEY`), for a feed that needs one: the
    /// feed is skipped, with that reason on the health table, while the key is unset.
    package var key: APIKey? = nil
    /// Another source of the same publisher (the NBP's table A for its table B), whose
    /// `<ID>_BASE_URL` moves this one too unless it has its own.
    package var sameOrigin: RateSourceID? = nil

    /// Where a request carries a publisher's API key.
    package enum APIKey: Sendable {
        /// In a header of this name (`Bmx-Token`, `Ocp-Apim-Subscription-Key`).
        case header(String)
        /// In a header of this name, the key after `prefix` (`Authorization: Bearer …`).
        case headerWithPrefix(String, prefix: String)
        /// In the query: the parameters (encoded) the key gives, appended to each request's.
        case query(@Sendable (String) -> String)
    }

    /// The series it publishes, for a provider of a document per currency.
    package var seriesList: [Series] {
        guard case .series(let all) = documents else { return [] }
        return all.map(\.0)
    }

    /// `data` read as the document it is (of `series`, for a provider of series; of the month
    /// starting `month`, for a provider of monthly documents).
    package func parse(
        _ data: Data, series: Series? = nil, month: CalendarDate? = nil, wanted: ClosedRange<CalendarDate>? = nil, name: String? = nil
    ) throws(RatesProviderError) -> [FetchedRates] {
        try read(data, Asked(series: series, month: month, wanted: wanted, name: name))
    }

    /// How the publisher cuts its rates into documents; each is asked for under the origin.
    package indirect enum Documents: Sendable {
        /// A run of days per document, at most `maxDays` long (the NBP: 93; ``unlimited`` for any).
        case range(maxDays: Int, @Sendable (ClosedRange<CalendarDate>) -> DocumentRequest)
        /// A run of days, at most `maxDays` long, over `pages` numbered pages (1, 2, …), each asked
        /// for: a publisher that pages a fixed set of series (the Banco de Portugal's, ten a page).
        case pages(Int, maxDays: Int, @Sendable (ClosedRange<CalendarDate>, Int) -> DocumentRequest)
        /// A document per day; `latest`, when the publisher has one, is its newest without a date.
        case day(latest: DocumentRequest?, @Sendable (CalendarDate) -> DocumentRequest)
        /// A document per calendar year.
        case year(@Sendable (Int) -> DocumentRequest)
        /// A document per calendar month (`year`, `month`).
        case month(@Sendable (Int, Int) -> DocumentRequest)
        /// One document that holds every day.
        case whole(DocumentRequest)
        /// Documents that together hold every day (an archive and the current month's file).
        case files([DocumentRequest])
        /// Each series' own documents (``init(source:origin:series:documents:parse:)``).
        case series([(Series, Documents)])
        /// A document of the last `reach` days for a run within them, else one of every day
        /// (the ECB's 90-day history, and its whole history since 1999 as a zip).
        case recentOrArchive(recent: DocumentRequest, reach: Int, archive: DocumentRequest)
        /// No document of past days: only the newest (``latest``), a snapshot of now
        /// (ExchangeRate-API's). Never backfilled; a refresh stores it unless it is the one stored.
        case newestOnly
        /// No address a script may fetch: an operator uploads the publisher's file on the admin
        /// page (the Kursliste). Never refreshed or backfilled.
        case uploaded(UploadedDocument)
    }

    /// One currency a publisher serves on its own: its code, the publisher's key for it (an id,
    /// a series code; the code where it uses that) and the units it is quoted per.
    package struct Series: Sendable, Equatable {
        package let code: String
        package let key: String
        package let units: Int

        package init(_ code: String, key: String? = nil, units: Int = 1) {
            self.code = code
            self.key = key ?? code
            self.units = units
        }
    }
}

/// The ways to declare a provider, by what a read of one of its documents needs to know; each
/// sets the declaration's memberwise fields.
extension ProviderDeclaration {
    /// A provider whose documents are of several kinds (the ECB's XML and its zip of every
    /// day), each read knowing which document it is (its ``DocumentRequest/name``).
    package init(
        source: RateSource, origin: String, documents: Documents,
        parseNamed: @escaping @Sendable (Data, _ name: String?) throws(RatesProviderError) -> [FetchedRates]
    ) {
        self.init(source: source, origin: origin, documents: documents) { data, asked throws(RatesProviderError) in
            try parseNamed(data, asked.name)
        }
    }

    /// A provider whose documents each hold every currency it quotes.
    package init(
        source: RateSource, origin: String, documents: Documents, minimumCurrencies: Int = RatesValidator.minimumCurrencies,
        parse: @escaping @Sendable (Data) throws(RatesProviderError) -> [FetchedRates]
    ) {
        self.init(source: source, origin: origin, documents: documents, minimumCurrencies: minimumCurrencies) {
            data, _ throws(RatesProviderError) in try parse(data)
        }
    }

    /// A provider of one document of every day it ever published, read for the days wanted
    /// (a refresh's last few, a backfill's range; every day when `nil`) rather than read whole
    /// and cut, which held a refresh of every provider past its limit (docs/BENCHMARKS.md,
    /// *Publishers' documents*). Days outside
    /// `wanted` are passed over, not refused; a document with none of them holds no rates for
    /// them (an empty answer), while one that holds no days at all is still unreadable.
    package init(
        source: RateSource, origin: String, documents: Documents, minimumCurrencies: Int = RatesValidator.minimumCurrencies,
        parseDays: @escaping @Sendable (Data, _ wanted: ClosedRange<CalendarDate>?) throws(RatesProviderError) -> [FetchedRates]
    ) {
        self.init(source: source, origin: origin, documents: documents, minimumCurrencies: minimumCurrencies) {
            data, asked throws(RatesProviderError) in try parseDays(data, asked.wanted)
        }
    }

    /// A provider of a document per month that does not write its month (InforEuro's): each
    /// read knowing the first day of the month it was asked for.
    package init(
        source: RateSource, origin: String, monthly documents: @escaping @Sendable (Int, Int) -> DocumentRequest,
        minimumCurrencies: Int = RatesValidator.minimumCurrencies,
        parse: @escaping @Sendable (Data, CalendarDate) throws(RatesProviderError) -> [FetchedRates]
    ) {
        self.init(source: source, origin: origin, documents: .month(documents), minimumCurrencies: minimumCurrencies) {
            data, asked throws(RatesProviderError) in
            guard let month = asked.month else { throw .unreadable("a document of no month") }
            return try parse(data, month)
        }
    }

    /// A provider that publishes a document per currency (a series), read knowing which one;
    /// `documents` are asked for once for each of `series`.
    package init(
        source: RateSource, origin: String, series: [Series], documents: @escaping @Sendable (Series) -> Documents,
        minimumCurrencies: Int = RatesValidator.minimumCurrencies,
        parse: @escaping @Sendable (Data, Series) throws(RatesProviderError) -> [FetchedRates]
    ) {
        let documents = Documents.series(series.map { ($0, documents($0)) })
        self.init(source: source, origin: origin, documents: documents, minimumCurrencies: minimumCurrencies) {
            data, asked throws(RatesProviderError) in
            guard let series = asked.series else { throw .unreadable("a document of no series") }
            return try parse(data, series)
        }
    }
}

extension ProviderDeclaration {
    /// A range of a century: as long as any request asks.
    package static let unlimited = 36_600

    /// A day written the ways publishers' queries ask for one.
    package enum QueryDate {
        /// `2026-03-16`.
        package static func iso(_ date: CalendarDate) -> String { date.description }
        /// `20260316`.
        package static func compact(_ date: CalendarDate) -> String { date.description.replacingOccurrences(of: "-", with: "") }
        /// `16.03.2026`.
        package static func dotted(_ date: CalendarDate) -> String {
            "\(PublishedDate.twoDigits(date.day)).\(PublishedDate.twoDigits(date.month)).\(date.year)"
        }
        /// `16-03-2026`.
        package static func dashed(_ date: CalendarDate) -> String { dotted(date).replacingOccurrences(of: ".", with: "-") }
        /// `2026/03/16`.
        package static func slashedYearFirst(_ date: CalendarDate) -> String { date.description.replacingOccurrences(of: "-", with: "/") }
        /// `16/03/2026`.
        package static func slashed(_ date: CalendarDate) -> String { dotted(date).replacingOccurrences(of: ".", with: "/") }
        /// `03-16-2026`.
        package static func monthDayYear(_ date: CalendarDate) -> String {
            "\(PublishedDate.twoDigits(date.month))-\(PublishedDate.twoDigits(date.day))-\(date.year)"
        }
        /// `03/16/2026`, month first.
        package static func monthFirstSlashed(_ date: CalendarDate) -> String {
            monthDayYear(date).replacingOccurrences(of: "-", with: "/")
        }
        /// `16032026`.
        package static func dayMonthYear(_ date: CalendarDate) -> String { dotted(date).replacingOccurrences(of: ".", with: "") }
    }
}
