import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import ServiceInterfaces
@testable import Web

/// The v2 interactor over a fake blend, and its presenter: the query read as the document says,
/// records against another base, group averages, the formats written.
@Suite("Frankfurter v2 interactor and presenter")
struct FrankfurterV2Tests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }
    static func d(_ text: String) -> Decimal { Fixtures.decimal(text) }

    /// A day of two providers: the dollar from both (one screened out), the złoty from one, the dirham pegged.
    static let blend = BlendedDay(
        date: day("2026-03-05"), base: "EUR",
        rates: [
            "USD": BlendedRate(
                rate: d("1.16"),
                quotes: [
                    ProviderQuote(source: "ecb", date: day("2026-03-05"), rate: d("1.16")),
                    ProviderQuote(
                        source: "nbp", date: day("2026-03-04"), rate: d("1.3"),
                        exclusion: .outlier(median: d("1.16"), deviation: d("0.1207"))),
                ]),
            "PLN": BlendedRate(rate: d("4.2739"), quotes: [ProviderQuote(source: "nbp", date: day("2026-03-05"), rate: d("4.2739"))]),
            "AED": BlendedRate(rate: d("4.26011"), quotes: [], peg: try! Peg.bundled().first { $0.currency == "AED" }),
        ],
        outliers: [], sources: ["ecb", "nbp"])

    struct FakeBlend: BlendedRatesReading {
        /// Whether the blend of every day is built: not yet, a past day is blended alone and the series never asked for.
        var seriesBuilt = true

        func latestBlend() async throws -> (blend: BlendedDay, version: String)? { (FrankfurterV2Tests.blend, "v1") }
        func blend(on date: CalendarDate, providers: [RateSourceID]?) async throws -> BlendedDay? { FrankfurterV2Tests.blend }
        func blends(on dates: [CalendarDate], providers: [RateSourceID]?, currencies: Set<String>?) async throws -> [BlendedDay] {
            [FrankfurterV2Tests.blend]
        }
        func blendedSeries() async throws -> BlendedSeries {
            if !seriesBuilt { Issue.record("waited for the blend of every day") }
            return BlendedSeries(days: RateDays.Builder().build(), outliers: [], version: "s")
        }
        var hasBlendedSeries: Bool { seriesBuilt }
        func providerDays() async throws -> [(source: RateSource, days: RateDays)] { [] }
        func providerDays(of source: RateSource, side: RateSide) async throws -> RateDays { RateDays.Builder().build() }
        func providerDays(of sources: [RateSource]) async throws -> [RateDays] { sources.map { _ in RateDays.Builder().build() } }
        func name(of days: [(source: RateSource, days: RateDays)]) -> String {
            BlendVersion.of(days.map { "\($0.source.id)=\($0.days.version)" })
        }
        var pegs: [Peg] { try! Peg.bundled() }
    }

    var interactor: FrankfurterV2Interactor { interactor() }

    func interactor(load: FakeHistoryLoad = FakeHistoryLoad(), blend: FakeBlend = FakeBlend()) -> FrankfurterV2Interactor {
        FrankfurterV2Interactor(
            rates: blend, names: try! RubyMoneyCurrencyNames.bundled(), catalog: Fixtures.catalog, providers: [.ecb, .nbp, .nbpB],
            unblended: [], now: { testNow }, load: load)
    }

    @Test("a past day of the blend before the blend of every day is built after a start: that day blended alone, not a wait for every day")
    func pastDayBeforeTheSeries() async throws {
        var query = FrankfurterV2.Query()
        query.dates = .day(Self.day("2025-03-04"))
        query.base = "USD"
        let early = try await interactor(blend: FakeBlend(seriesBuilt: false)).rates(query)
        #expect(early.records == FrankfurterV2Interactor.records(of: Self.blend, query: query) && early.records.count == 4)
        // Once it is built, the day is the one kept in it (here none: the fake's series is empty).
        await #expect(throws: FrankfurterV2.Failure.self) { try await interactor.rates(query) }
    }

    @Test("the query: defaults, upper-casing, dates and ranges, providers by key; each refusal in Frankfurter's words")
    func query() throws {
        let latest = try interactor.query([:])
        // No base asked: the blend's pivot, the euro (or the złoty of table B alone).
        #expect(latest.dates == .latest && latest.base == nil && latest.quotes == nil && latest.providers == nil)
        let asked = try interactor.query(["base": "usd", "quotes": "eur, gbp", "providers": "ECB,NBP.B", "expand": "providers"])
        #expect(asked.base == "USD" && asked.quotes == ["EUR", "GBP"] && asked.providers == ["ecb", "nbp.b"] && asked.expandProviders)
        #expect(try interactor.query(["from": "2025-01-01"]).dates == .range(Self.day("2025-01-01"), Self.day("2025-05-12")))
        #expect(try interactor.query(["date": "2025-01-01"]).dates == .day(Self.day("2025-01-01")))
        #expect(try interactor.query(["from": "2000-01-01", "group": "Month", "providers": "ecb"]).group == .month, "grouped: no cap")
        func refused(_ values: [String: String]) -> String? {
            do throws(FrankfurterV2.Failure) {
                _ = try interactor.query(values)
                return nil
            } catch {
                if case .unprocessable(let message) = error { return message }
                return "\(error)"
            }
        }
        #expect(refused(["symbols": "USD"]) == "unknown parameter: symbols")
        #expect(refused(["date": "2025-02-30"]) == "invalid date")
        #expect(refused(["to": "2025-02-30"]) == "invalid date")
        #expect(refused(["date": "2025-02-03", "to": "2025-02-04"]) == "conflicting params")
        #expect(refused(["group": "day"]) == "invalid group")
        #expect(refused(["expand": "providers,rates"]) == "invalid expand: rates")
        #expect(refused(["base": "EURO", "quotes": "USD,QQQ"]) == "invalid currency: EURO,QQQ")
        #expect(refused(["providers": "ecb,fed,tcmb"]) == "invalid provider: FED,TCMB")
        #expect(refused(["from": "2019-01-01", "expand": "providers"])?.hasPrefix("ranges over 5 years") == true)
        #expect(refused(["from": "2019-01-01", "providers": "ecb", "quotes": "USD,GBP,JPY,CHF,PLN,SEK"]) != nil)
        #expect(refused(["from": "1999-01-04", "providers": "ecb,nbp", "quotes": "USD,GBP,JPY,CHF,PLN"]) == nil, "a few: no cap")
        // A withdrawn currency is a currency: its days may be asked for.
        #expect(refused(["quotes": "CYP"]) == nil)
    }

    @Test("records against another base: each rate divided by the base's, the base's own at 1, providers rebased, excluded marked")
    func records() throws {
        var query = FrankfurterV2.Query()
        query.base = "USD"
        query.expandProviders = true
        let records = FrankfurterV2Interactor.records(of: Self.blend, query: query)
        #expect(records.map(\.quote) == ["AED", "EUR", "PLN", "USD"])
        // Divided to 19 significant digits (the API writes 8).
        #expect(records.first { $0.quote == "EUR" }?.rate == Self.d("0.8620689655172413793"))
        #expect(records.first { $0.quote == "USD" }?.rate == 1)
        let usd = try #require(records.first { $0.quote == "USD" }?.providers)
        #expect(usd.map(\.key) == ["ECB", "NBP"] && usd.map(\.excluded) == [false, true])
        #expect(usd[1].rate == Self.d("1.120689655172413793") && usd[1].date == Self.day("2026-03-04"))
        #expect(records.first { $0.quote == "AED" }?.providers == nil, "a pegged rate no provider published has no providers")
        // A base the day has no rate for: no records. Quotes filter, the base's identity included only if asked.
        query.base = "JPY"
        #expect(FrankfurterV2Interactor.records(of: Self.blend, query: query).isEmpty)
        query.base = "EUR"
        query.quotes = ["PLN"]
        #expect(FrankfurterV2Interactor.records(of: Self.blend, query: query).map(\.quote) == ["PLN"])
    }

    @Test("weeks start on Monday, months on the first; each bucket's mean")
    func averages() {
        let records = [("2026-03-02", "1.1"), ("2026-03-06", "1.3"), ("2026-03-09", "1.2"), ("2026-04-01", "2")].map {
            FrankfurterV2.Record(date: Self.day($0.0), base: "EUR", quote: "USD", rate: Self.d($0.1))
        }
        let weeks = FrankfurterV2Interactor.averages(records, by: .week)
        #expect(
            weeks.map(\.date.description) == ["2026-03-02", "2026-03-09", "2026-03-30"]
                && weeks.map(\.rate) == [Self.d("1.2"), Self.d("1.2"), 2])
        let months = FrankfurterV2Interactor.averages(records, by: .month)
        #expect(months.map(\.date.description) == ["2026-03-01", "2026-04-01"] && months[0].rate == Self.d("1.2"))
    }

    @Test(
        "publications missed: weekdays after the newest day and before today (Wednesdays for a weekly table, months' last days for the BIS's month-end rates), none for a publisher that ended"
    )
    func missed() {
        #expect(FrankfurterV2Interactor.missed(since: Self.day("2025-02-28"), of: .bis, today: Self.day("2025-06-30")) == 3)
        #expect(FrankfurterV2Interactor.missed(since: Self.day("1998-12-30"), of: .bbk, today: Self.day("2026-03-12")) == nil)
        #expect(FrankfurterV2Interactor.missed(since: nil, of: .nbp, today: Self.day("2026-03-12")) == nil)
        #expect(FrankfurterV2Presenter.publishCadence(.monthEnd) == "monthly" && FrankfurterV2Presenter.publishCadence(.historical) == nil)
        #expect(FrankfurterV2Interactor.missed(since: Self.day("2026-03-05"), of: .nbp, today: Self.day("2026-03-12")) == 4)
        #expect(FrankfurterV2Interactor.missed(since: Self.day("2026-03-04"), of: .nbpB, today: Self.day("2026-03-20")) == 2)
        #expect(FrankfurterV2Interactor.missed(since: Self.day("2026-03-11"), of: .nbp, today: Self.day("2026-03-12")) == 0)
    }

    @Test("the formats: members in the document's order, rates to eight significant digits, CSV's providers cell, NDJSON lines")
    func formats() {
        let presenter = FrankfurterV2Presenter()
        let record = FrankfurterV2.Record(
            date: Self.day("2026-03-05"), base: "USD", quote: "EUR", rate: 1 / Self.d("1.16"),
            providers: [
                .init(key: "ECB", date: Self.day("2026-03-05"), rate: Self.d("0.862"), excluded: false),
                .init(key: "NBP", date: Self.day("2026-03-04"), rate: Self.d("0.77"), excluded: true),
            ])
        #expect(
            String(decoding: presenter.json([record]), as: UTF8.self)
                == #"[{"date":"2026-03-05","base":"USD","quote":"EUR","rate":0.86206897,"providers":[{"key":"ECB","date":"2026-03-05","rate":0.862},{"key":"NBP","date":"2026-03-04","rate":0.77,"excluded":true}]}]"#
        )
        #expect(
            String(decoding: presenter.csvHeader(expanded: true) + presenter.csvRows([record], expanded: true), as: UTF8.self)
                == "date,base,quote,rate,providers\r\n2026-03-05,USD,EUR,0.86206897,ECB:0.862|NBP:0.77*\r\n")
        #expect(String(decoding: presenter.ndjson([record, record]), as: UTF8.self).split(separator: "\n").count == 2)
        #expect(
            FrankfurterV2Presenter.number(Self.d("18606.59")) == "18606.59"
                && FrankfurterV2Presenter.number(Self.d("0.0000028")) == "0.0000028")
        #expect(String(decoding: presenter.body(.unprocessable("invalid \"date\"")), as: UTF8.self) == #"{"message":"invalid \"date\""}"#)
    }
}
