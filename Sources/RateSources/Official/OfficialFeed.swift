import Core
import Foundation

/// Where one central bank's documents are and how they read: the publisher's own paths and
/// queries under an origin that `<ID>_BASE_URL` may replace (a loopback stub in tests), the
/// documents that cover a run of days, and the parser.
package struct OfficialFeed: Sendable {
    package let source: RateSource
    /// The publisher's scheme and host (`https://api.nbp.pl`), or its stand-in.
    package let origin: URL
    /// The documents for the newest days: what a refresh fetches when nothing is missing.
    package let latest: @Sendable (_ today: CalendarDate) -> [URL]
    /// The documents covering `days` (the publisher's own ranges, split where it limits them);
    /// `nil` when the publisher offers no ranges: then a document per day (``day``), if any.
    package let range: (@Sendable (_ days: ClosedRange<CalendarDate>) -> [URL])?
    /// The document of one day, for a publisher without ranges.
    package let day: (@Sendable (_ date: CalendarDate) -> URL)?
    package let parse: @Sendable (Data) throws(RatesProviderError) -> [FetchedRates]
    /// The status the publisher answers for a range without rates (the NBP's 404 "Brak danych").
    package var emptyStatus: Int? = nil

    /// Days a refresh looks back when nothing is missing: a weekly table's whole week, a long weekend.
    package var lookback: Int { source.cadence == .weekly ? 14 : 10 }

    /// The feed of `source` at `origin` (the publisher's own when `nil`); `nil` for a source
    /// without a feed of this kind (the ECB and ExchangeRate-API have their own providers).
    package static func of(_ source: RateSource, origin: URL? = nil) -> OfficialFeed? {
        let origin = origin ?? publicOrigins[source.id].flatMap(URL.init(string:))
        guard let origin else { return nil }
        let base = origin.absoluteString.hasSuffix("/") ? String(origin.absoluteString.dropLast()) : origin.absoluteString
        @Sendable func url(_ pathAndQuery: String) -> URL { URL(string: base + pathAndQuery)! }
        @Sendable func ranged(_ make: @escaping @Sendable (ClosedRange<CalendarDate>) -> [URL]) -> OfficialFeed {
            OfficialFeed(
                source: source, origin: origin,
                latest: { today in
                    make(today.adding(days: -(source.cadence == .weekly ? 14 : 10))...today.adding(days: source.datesAhead ? 1 : 0))
                },
                range: make, day: nil, parse: parser(for: source))
        }
        switch source.id {
        case RateSource.boc.id:
            return ranged { days in
                [url("/valet/observations/group/FX_RATES_DAILY/json?start_date=\(days.lowerBound)&end_date=\(days.upperBound)")]
            }
        case RateSource.cnb.id:
            return ranged { days in
                (days.lowerBound.year...days.upperBound.year).map { url("/cnbapi/exrates/daily-year?lang=EN&year=\($0)") }
            }
        case RateSource.nbp.id, RateSource.nbpB.id:
            let table = source.id == RateSource.nbp.id ? "A" : "B"
            var feed = ranged { days in
                // The NBP answers at most 93 days per request.
                chunks(days, of: 93).map { url("/api/exchangerates/tables/\(table)/\($0.lowerBound)/\($0.upperBound)/?format=json") }
            }
            feed.emptyStatus = 404
            return feed
        case RateSource.nb.id:
            return ranged { days in
                [url("/api/data/EXR/B..NOK.SP?format=csvdata&startPeriod=\(days.lowerBound)&endPeriod=\(days.upperBound)")]
            }
        case RateSource.rba.id:
            // One file holds every day since 2023.
            return ranged { _ in [url("/statistics/tables/csv/f11.1-data.csv")] }
        case RateSource.nbu.id:
            return ranged { days in
                [
                    url(
                        "/NBU_Exchange/exchange_site?start=\(compact(days.lowerBound))&end=\(compact(days.upperBound))&json&sort=exchangedate&order=asc"
                    )
                ]
            }
        case RateSource.boe.id:
            let series = BOEDocument.series.map(\.code).joined(separator: ",")
            return ranged { days in
                [
                    url(
                        "/boeapps/database/_iadb-fromshowcolumns.asp?csv.x=yes&SeriesCodes=\(series)&UsingCodes=Y&CSVF=TN"
                            + "&Datefrom=\(PublishedDate.slashedWithMonthName(days.lowerBound))&Dateto=\(PublishedDate.slashedWithMonthName(days.upperBound))"
                    )
                ]
            }
        case RateSource.cbr.id:
            // The Bank of Russia's daily file has no ranges: the newest file, or one per day.
            return OfficialFeed(
                source: source, origin: origin, latest: { _ in [url("/scripts/XML_daily.asp")] }, range: nil,
                day: { date in
                    url(
                        "/scripts/XML_daily.asp?date_req=\(PublishedDate.twoDigits(date.day))/\(PublishedDate.twoDigits(date.month))/\(date.year)"
                    )
                },
                parse: parser(for: source))
        default:
            return nil
        }
    }

    /// The publishers' own origins.
    package static let publicOrigins: [RateSourceID: String] = [
        RateSource.boc.id: "https://www.bankofcanada.ca",
        RateSource.cnb.id: "https://api.cnb.cz",
        RateSource.nbp.id: "https://api.nbp.pl",
        RateSource.nbpB.id: "https://api.nbp.pl",
        RateSource.cbr.id: "https://www.cbr.ru",
        RateSource.nb.id: "https://data.norges-bank.no",
        RateSource.rba.id: "https://www.rba.gov.au",
        RateSource.nbu.id: "https://bank.gov.ua",
        RateSource.boe.id: "https://www.bankofengland.co.uk",
    ]

    private static func parser(for source: RateSource) -> @Sendable (Data) throws(RatesProviderError) -> [FetchedRates] {
        switch source.id {
        case RateSource.boc.id: { data throws(RatesProviderError) in try BOCDocument.parse(data) }
        case RateSource.cnb.id: { data throws(RatesProviderError) in try CNBDocument.parse(data) }
        case RateSource.nbp.id: { data throws(RatesProviderError) in try NBPDocument.parse(data, table: "A") }
        case RateSource.nbpB.id: { data throws(RatesProviderError) in try NBPDocument.parse(data, table: "B") }
        case RateSource.cbr.id: { data throws(RatesProviderError) in try CBRDocument.parse(data) }
        case RateSource.nb.id: { data throws(RatesProviderError) in try NorgesBankDocument.parse(data) }
        case RateSource.rba.id: { data throws(RatesProviderError) in try RBADocument.parse(data) }
        case RateSource.nbu.id: { data throws(RatesProviderError) in try NBUDocument.parse(data) }
        case RateSource.boe.id: { data throws(RatesProviderError) in try BOEDocument.parse(data) }
        default: { _ throws(RatesProviderError) in throw .unreadable("no parser for \(source.id)") }
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

    /// `20260316`, as the National Bank of Ukraine's query asks for days.
    private static func compact(_ date: CalendarDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }
}
