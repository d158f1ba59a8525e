import Core
import Foundation

/// Where one central bank's documents are and how they read: its ``ProviderDeclaration`` under
/// an origin that `<ID>_BASE_URL` may replace (a loopback stub in tests), turned into the
/// documents that cover a run of days.
package struct OfficialFeed: Sendable {
    package let source: RateSource
    /// The publisher's scheme and host (`https://api.nbp.pl`), or its stand-in.
    package let origin: URL
    /// The documents for the newest days: what a refresh fetches when nothing is missing.
    package let latest: @Sendable (_ today: CalendarDate) -> [URL]
    /// The documents covering `days` (the publisher's own ranges, split where it limits them);
    /// `nil` when the publisher offers no ranges: then a document per day (``day``).
    package let range: (@Sendable (_ days: ClosedRange<CalendarDate>) -> [URL])?
    /// The document of one day, for a publisher without ranges.
    package let day: (@Sendable (_ date: CalendarDate) -> URL)?
    package let parse: @Sendable (Data) throws(RatesProviderError) -> [FetchedRates]
    /// The status the publisher answers for a range without rates (the NBP's 404 "Brak danych").
    package var emptyStatus: Int? = nil
    /// The fewest currencies a day may quote and be stored.
    package var minimumCurrencies = RatesValidator.minimumCurrencies

    /// Days a refresh looks back when nothing is missing: a weekly table's whole week, a long weekend.
    package var lookback: Int { source.cadence == .weekly ? 14 : 10 }

    /// The feed of `source` at `origin` (the publisher's own when `nil`); `nil` for a source
    /// the kit does not declare (the ECB and ExchangeRate-API have their own providers).
    package static func of(_ source: RateSource, origin: URL? = nil) -> OfficialFeed? {
        guard let declaration = ProviderKit.declaration(of: source.id) else { return nil }
        return OfficialFeed(declaration, origin: origin)
    }

    init?(_ declaration: ProviderDeclaration, origin: URL? = nil) {
        guard let origin = origin ?? URL(string: declaration.origin) else { return nil }
        let source = declaration.source
        let base = origin.absoluteString.hasSuffix("/") ? String(origin.absoluteString.dropLast()) : origin.absoluteString
        @Sendable func url(_ pathAndQuery: String) -> URL { URL(string: base + pathAndQuery)! }
        let lookback = source.cadence == .weekly ? 14 : 10
        @Sendable func recent(_ today: CalendarDate) -> ClosedRange<CalendarDate> {
            today.adding(days: -lookback)...today.adding(days: source.datesAhead ? 1 : 0)
        }
        self.source = source
        self.origin = origin
        self.parse = declaration.parse
        self.emptyStatus = declaration.emptyStatus
        self.minimumCurrencies = declaration.minimumCurrencies
        switch declaration.documents {
        case .range(let maxDays, let path):
            let make: @Sendable (ClosedRange<CalendarDate>) -> [URL] = { days in Self.chunks(days, of: maxDays).map { url(path($0)) } }
            latest = { today in make(recent(today)) }
            range = make
            day = nil
        case .year(let path):
            let make: @Sendable (ClosedRange<CalendarDate>) -> [URL] = { days in
                (days.lowerBound.year...days.upperBound.year).map { url(path($0)) }
            }
            latest = { today in make(recent(today)) }
            range = make
            day = nil
        case .whole(let path):
            latest = { _ in [url(path)] }
            range = { _ in [url(path)] }
            day = nil
        case .day(let newest, let path):
            latest = { today in [url(newest ?? path(today.adding(days: source.datesAhead ? 1 : 0)))] }
            range = nil
            day = { url(path($0)) }
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
}
