import Core
import Foundation

/// Where one provider's documents are and how they read: its ``ProviderDeclaration`` under an
/// origin that `<ID>_BASE_URL` may replace (a loopback stub in tests), a named document at an
/// address of its own where one is given, turned into the documents that cover a run of days.
package struct ProviderFeed: Sendable {
    package let source: RateSource
    /// The publisher's scheme and host (`https://api.nbp.pl`), or its stand-in.
    package let origin: URL
    private let declaration: ProviderDeclaration
    /// The status the publisher answers for a range without rates (the NBP's 404 "Brak danych").
    package var emptyStatus: Int? { declaration.emptyStatus }
    /// The fewest currencies a day may quote and be stored.
    package var minimumCurrencies: Int { declaration.minimumCurrencies }

    /// One document to ask for: where, what to POST (`nil`: a GET), and the series or month it holds.
    package struct Document: Sendable, Equatable {
        package let url: URL
        package let body: DocumentRequest.Body?
        package let series: ProviderDeclaration.Series?
        /// The first day of the month asked for, for a publisher of a document per month.
        package var month: CalendarDate? = nil
        /// The days it is asked for (a document of every day is read for these only).
        package var wanted: ClosedRange<CalendarDate>? = nil
        /// Headers the publisher asks for besides the fetcher's own (its API key's).
        package var headers: [String: String] = [:]
        /// A token to fetch first and send in a header (``DocumentRequest/Token``).
        package var token: DocumentRequest.Token? = nil
        /// Whether `url` is a page whose link to the document is followed (``DocumentRequest/Link``).
        package var link: DocumentRequest.Link? = nil
        /// Its name in the declaration (``DocumentRequest/name``).
        package var name: String? = nil
    }

    /// The API key its requests carry, where its publisher needs one (``ProviderDeclaration/key``).
    private let apiKey: String?
    /// Named documents' own addresses (``DocumentRequest/name``), replacing origin and path.
    private let moved: [String: URL]

    /// Whether the publisher wants an API key and none is configured: the feed must be skipped.
    package var lacksItsKey: Bool { declaration.key != nil && apiKey == nil }

    /// Days a refresh looks back when nothing is missing (``RateSource/Cadence/reach``).
    package var lookback: Int { (source.cadence ?? .daily).reach }

    /// The feed `declaration` declares, at `origin` (the publisher's own when `nil`), its named
    /// documents at the addresses `moved` gives, with `apiKey` where the publisher wants one.
    package init(_ declaration: ProviderDeclaration, origin: URL? = nil, moved: [String: URL] = [:], apiKey: String? = nil) {
        self.source = declaration.source
        self.origin = origin ?? URL(string: declaration.origin)!
        self.declaration = declaration
        self.moved = moved
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The documents for the newest days: what a refresh fetches when nothing is missing. A
    /// publisher of a document per day gives its newest (today's, or its undated latest).
    package func latest(_ today: CalendarDate) -> [Document] {
        let ahead = today.adding(days: source.datesAhead ? 1 : 0)
        if let latest = declaration.latest { return [document(latest, series: nil)] }
        return documents(today.adding(days: -lookback)...ahead, newest: ahead, today: today)
    }

    /// The documents covering `days` (the publisher's own ranges, split where it limits them,
    /// or a document per day), asked on `today`.
    package func documents(covering days: ClosedRange<CalendarDate>, today: CalendarDate = CalendarDate(containing: Date())) -> [Document] {
        documents(days, newest: nil, today: today)
    }

    /// The document called `name` (``DocumentRequest/name``) alone, if the declaration has one.
    package func document(named name: String) -> Document? {
        let requests: [DocumentRequest]
        switch declaration.documents {
        case .recentOrArchive(let recent, _, let archive): requests = [recent, archive]
        default: requests = []
        }
        return (requests + [declaration.latest].compactMap { $0 }).first { $0.name == name }.map { document($0, series: nil) }
    }

    /// Whether a run of days can be asked for at all (ExchangeRate-API's feed has only its newest).
    package var keepsDays: Bool {
        if case .newestOnly = declaration.documents { false } else { true }
    }

    /// The file an operator uploads for it, where no script may fetch its documents.
    package var uploaded: UploadedDocument? {
        if case .uploaded(let document) = declaration.documents { document } else { nil }
    }

    /// Whether a refresh asks for a newest document of the publisher's own (not a range's).
    package var hasLatestDocument: Bool { declaration.latest != nil }

    /// Whether a run of days costs a document per day (the publisher offers no ranges).
    package var fetchesDayByDay: Bool { Self.isDayByDay(declaration.documents) }

    /// The rates in `data`, the answer to `document`.
    package func parse(_ data: Data, of document: Document) throws(RatesProviderError) -> [FetchedRates] {
        try declaration.parse(data, series: document.series, month: document.month, wanted: document.wanted, name: document.name)
    }

    private func documents(_ days: ClosedRange<CalendarDate>, newest: CalendarDate?, today: CalendarDate) -> [Document] {
        Self.requests(declaration.documents, days, newest: newest, today: today, series: nil).map {
            var document = document($0.0, series: $0.1, month: $0.2)
            document.wanted = days
            return document
        }
    }

    private func document(_ request: DocumentRequest, series: ProviderDeclaration.Series?, month: CalendarDate? = nil) -> Document {
        let base = origin.absoluteString.hasSuffix("/") ? String(origin.absoluteString.dropLast()) : origin.absoluteString
        var pathAndQuery = request.pathAndQuery
        var headers = request.headers
        switch (declaration.key, apiKey) {
        case (.header(let name), let key?): headers[name] = key
        case (.headerWithPrefix(let name, let prefix), let key?): headers[name] = prefix + key
        case (.query(let parameters), let key?): pathAndQuery += (pathAndQuery.contains("?") ? "&" : "?") + parameters(key)
        default: break
        }
        let url = request.name.flatMap { moved[$0] } ?? URL(string: base + pathAndQuery)!
        var document = Document(url: url, body: request.body, series: series, month: month)
        document.headers = headers
        document.token = request.token
        document.name = request.name
        document.link = request.link.map { link in
            var link = link
            link.publicOrigin = declaration.origin
            return link
        }
        return document
    }

    private static func requests(
        _ documents: ProviderDeclaration.Documents, _ days: ClosedRange<CalendarDate>, newest: CalendarDate?, today: CalendarDate,
        series: ProviderDeclaration.Series?
    ) -> [(DocumentRequest, ProviderDeclaration.Series?, CalendarDate?)] {
        switch documents {
        case .recentOrArchive(let recent, let reach, let archive):
            return [(days.lowerBound >= today.adding(days: -reach) ? recent : archive, series, nil)]
        case .newestOnly, .uploaded: return []
        case .range(let maxDays, let request): return chunks(days, of: maxDays).map { (request($0), series, nil) }
        case .pages(let count, let maxDays, let request):
            return chunks(days, of: maxDays).flatMap { run in (1...count).map { (request(run, $0), series, nil) } }
        case .year(let request): return (days.lowerBound.year...days.upperBound.year).map { (request($0), series, nil) }
        case .month(let request):
            return months(days).map { (request($0.year, $0.month), series, CalendarDate(year: $0.year, month: $0.month, day: 1)) }
        case .whole(let request): return [(request, series, nil)]
        case .files(let requests): return requests.map { ($0, series, nil) }
        case .day(let latest, let request):
            if let newest { return [(latest ?? request(newest), series, nil)] }
            return (0...days.lowerBound.days(until: days.upperBound)).map { (request(days.lowerBound.adding(days: $0)), series, nil) }
        case .series(let all): return all.flatMap { requests($1, days, newest: newest, today: today, series: $0) }
        }
    }

    private static func isDayByDay(_ documents: ProviderDeclaration.Documents) -> Bool {
        switch documents {
        case .day: true
        case .series(let all): all.first.map { isDayByDay($0.1) } ?? false
        case .range, .pages, .year, .month, .whole, .files, .recentOrArchive, .newestOnly, .uploaded: false
        }
    }

    /// `days` cut into runs of at most `length` days.
    static func chunks(_ days: ClosedRange<CalendarDate>, of length: Int) -> [ClosedRange<CalendarDate>] {
        var runs: [ClosedRange<CalendarDate>] = []
        var start = days.lowerBound
        while start <= days.upperBound {
            let end = min(start.adding(days: length - 1), days.upperBound)
            runs.append(start...end)
            start = end.adding(days: 1)
        }
        return runs
    }

    /// The calendar months `days` touches, in order.
    static func months(_ days: ClosedRange<CalendarDate>) -> [(year: Int, month: Int)] {
        var months: [(year: Int, month: Int)] = []
        var (year, month) = (days.lowerBound.year, days.lowerBound.month)
        while (year, month) <= (days.upperBound.year, days.upperBound.month) {
            months.append((year, month))
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return months
    }
}
