import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("Rate history presenter and interactor")
struct RateHistoryUnitTests {
    let usd = Fixtures.catalog.currency(for: "USD"), eur = Fixtures.catalog.currency(for: "EUR")

    func points(_ values: [(String, String)]) -> [RatePoint] {
        values.map { RatePoint(date: CalendarDate(iso8601: $0.0)!, rate: Fixtures.decimal($0.1)) }
    }

    @Test("geometry: a point per day placed by date, the lowest at the bottom, markers, a text alternative")
    func chart() throws {
        let output = RateHistory.Output(
            from: usd, to: eur,
            points: points([
                ("2025-02-19", "0.9584"), ("2025-02-20", "0.9576"), ("2025-02-24", "0.9555"), ("2025-05-09", "0.8887"),
            ]))
        let model = RateHistoryPresenter(providers: .everyDeclared).present(output, in: en)
        let chart = try #require(model.chart)
        #expect(chart.points.count == 4)
        // 2025-02-24 to 2025-05-09 is a gap: two stretches, the last a single day (drawn as a dot).
        #expect(chart.lines.map { $0.split(separator: " ").count } == [3, 2])
        let xs = chart.points.map { Double($0.x)! }, ys = chart.points.map { Double($0.y)! }
        #expect(xs.first == RateHistoryPresenter.plot.left && xs.last == RateHistoryPresenter.plot.right)
        #expect(xs == xs.sorted())
        // Day spacing: Feb 19 → Feb 20 is one day out of 79.
        #expect(abs((xs[1] - xs[0]) - (RateHistoryPresenter.plot.right - RateHistoryPresenter.plot.left) / 79) < 0.2)
        #expect(ys[3] == ys.max() && ys[0] == ys.min()) // SVG y grows downwards
        #expect(ys.allSatisfy { $0 >= RateHistoryPresenter.plot.top && $0 <= RateHistoryPresenter.plot.bottom })
        #expect(chart.markers.map(\.kind) == ["high", "low"]) // the last point is the low one
        #expect(chart.markers[0].text == "max 0.9584" && chart.markers[1].text == "min 0.8887")
        #expect(chart.yTicks.count == 4 && Set(chart.yTicks.map { $0.label.count }).count == 1)
        #expect(chart.xTicks.first?.label == "Feb 19, 2025" && chart.xTicks.last?.label == "May 9, 2025")
        #expect(chart.description.contains("between 0.8887 EUR (May 9, 2025) and 0.9584 EUR (Feb 19, 2025)"))
        #expect(chart.points[0].label == "Feb 19, 2025: 0.9584")
        #expect(
            model.rows.first
                == .init(date: "2025-05-09", dateText: "May 9, 2025", rate: "0.8887", url: "/?from=USD&to=EUR&amount=100&date=2025-05-09"))
        #expect(model.paging == nil && chart.dayMarker == nil)
        #expect(model.ranges.map(\.label) == ["1 month", "3 months", "1 year", "5 years", "10 years", "All"])
        #expect(model.ranges.filter(\.isCurrent).map(\.url) == ["/rates/USD/EUR"])
        #expect(model.ranges.map(\.url).last == "/rates/USD/EUR?range=all")
        #expect(model.stats.map(\.label) == ["Last", "Lowest", "Highest"])
        #expect(model.reverseURL == "/rates/EUR/USD")
        #expect(model.converterURL == "/?from=USD&to=EUR&amount=100")
    }

    @Test("a flat line sits mid-chart")
    func flat() throws {
        let chart = try #require(
            RateHistoryPresenter(providers: .everyDeclared).present(
                .init(
                    from: usd, to: usd,
                    points: points([
                        ("2025-02-19", "1"), ("2025-02-20", "1"), ("2025-02-21", "1"),
                    ])), in: en
            ).chart)
        let middle = (RateHistoryPresenter.plot.top + RateHistoryPresenter.plot.bottom) / 2
        #expect(chart.points.allSatisfy { abs(Double($0.y)! - middle) < 1 })
    }

    @Test("fewer than two points: a message instead of a chart")
    func tooFew() {
        let one = RateHistoryPresenter(providers: .everyDeclared).present(
            .init(from: usd, to: eur, points: points([("2025-05-09", "0.8887")])), in: en)
        #expect(one.chart == nil && one.message?.contains("Only one day of rates") == true && one.rows.count == 1)
        #expect(one.csvLabel == "Every day’s rate of this range as CSV (1 day)")
        #expect(one.subtitle == "US Dollar in Euro: units of EUR for 1 USD, May 9, 2025")
        let inRange = RateHistoryPresenter(providers: .everyDeclared).present(
            .init(
                from: usd, to: eur, points: points([("2025-05-09", "0.8887")]),
                window: CalendarDate(iso8601: "2024-05-10")!...CalendarDate(iso8601: "2025-05-09")!), in: en)
        #expect(
            inRange.message
                == "Only one day from May 10, 2024 to May 9, 2025 has rates for both currencies (May 9, 2025), so there is no line to draw. Choose a longer range."
        )
        let none = RateHistoryPresenter(providers: .everyDeclared).present(.init(from: usd, to: eur, points: []), in: en)
        #expect(none.chart == nil && none.message?.contains("No stored day") == true && !none.hasRows)
    }

    /// `count` business days from 2025-01-01 (weekends skipped), the rate climbing 0.0001 a day
    /// but dipping on the 15th of each month.
    func businessDays(_ count: Int) -> [RatePoint] {
        var points: [RatePoint] = [], day = CalendarDate(iso8601: "2025-01-01")!.dayNumber
        while points.count < count {
            let date = CalendarDate(dayNumber: day)
            defer { day += 1 }
            guard (day + 3) % 7 < 5 else { continue } // Monday 0 … Sunday 6: day 0, 1970-01-01, was a Thursday
            let rate = Decimal(string: "0.9")! + Decimal(points.count) / 10_000 - (date.day == 15 ? Decimal(string: "0.05")! : 0)
            points.append(RatePoint(date: date, rate: rate))
        }
        return points
    }

    @Test("ranges over a year: a row per month (days, lowest, highest, last), no point per day")
    func monthly() throws {
        let points = businessDays(129) // 2025-01-01 .. 2025-06-30
        let query = RateHistory.Query(from: "USD", to: "EUR", range: .fiveYears)
        let model = RateHistoryPresenter(providers: .everyDeclared).present(.init(from: usd, to: eur, points: points, query: query), in: en)
        #expect(model.isMonthly && model.rows.isEmpty && model.tableTitle == "Monthly rates" && model.paging == nil)
        #expect(model.months.map(\.month) == ["2025-06", "2025-05", "2025-04", "2025-03", "2025-02", "2025-01"])
        let january = try #require(model.months.last)
        #expect(january.label == "January 2025" && january.days == "23")
        #expect(january.low == "0.8510" && january.high == "0.9022" && january.last == "0.9022") // the dip on the 15th: 0.9010 - 0.05
        #expect(model.months.map { Int($0.days)! }.reduce(0, +) == 129)
        let chart = try #require(model.chart)
        #expect(chart.points.isEmpty && chart.dayCount == 129)
        #expect(chart.lines.count == 1 && chart.lines[0].split(separator: " ").count == 129)
        #expect(model.csvURL == "/rates/USD/EUR/daily.csv?range=5y")
        #expect(model.csvLabel == "Every day’s rate of this range as CSV (129 days)")

        // Over 60 months, the months are paged too: 7,000 business days are 322 months, 6 pages.
        let years = businessDays(7_000)
        let all = { (page: Int) in
            RateHistoryPresenter(providers: .everyDeclared).present(
                .init(from: usd, to: eur, points: years, query: .init(from: "USD", to: "EUR", range: .all, page: page)), in: en)
        }
        let newest = all(1), oldest = all(6)
        #expect(newest.months.count == 60 && oldest.months.count == 322 - 5 * 60)
        #expect(newest.months.first?.month == "2051-10" && oldest.months.last?.month == "2025-01")
        #expect(
            newest.paging
                == .init(
                    text: "Page 1 of 6: October 2051 back to November 2046", newerURL: nil, olderURL: "/rates/USD/EUR?range=all&page=2"))
        #expect(RateHistory.pageCount(years, range: .all) == 6 && RateHistory.pageCount(years, range: .oneYear) == 234)

        let short = RateHistoryPresenter(providers: .everyDeclared).present(
            .init(from: usd, to: eur, points: Array(points.prefix(RateHistoryPresenter.dailyDetailLimit))), in: en)
        #expect(!short.isMonthly && short.months.isEmpty)
        #expect(short.chart?.points.count == RateHistoryPresenter.dailyDetailLimit)
    }

    @Test("a table's rates all show as many decimals, so a column lines up: no trailing zero dropped (USD/JPY over five years)")
    func columnsKeepTheirDecimals() throws {
        let jpy = Fixtures.catalog.currency(for: "JPY")
        let points = points([
            ("2025-01-06", "157.318"), ("2025-01-31", "158.1"), ("2025-02-03", "159.4882"), ("2025-02-28", "159.456"),
        ])
        func present(_ range: HistoryRange, in l: Localization) -> RateHistory.ViewModel {
            RateHistoryPresenter(providers: .everyDeclared).present(
                .init(from: usd, to: jpy, points: points, query: .init(from: "USD", to: "JPY", range: range)), in: l)
        }
        let monthly = present(.fiveYears, in: en)
        #expect(monthly.months.map(\.low) == ["159.4560", "157.3180"])
        #expect(monthly.months.map(\.high) == ["159.4882", "158.1000"])
        #expect(monthly.months.map(\.last) == ["159.4560", "158.1000"])
        #expect(present(.fiveYears, in: Localizations.of(.de)).months.map(\.low) == ["159,4560", "157,3180"])
        #expect(present(.oneYear, in: en).rows.map(\.rate) == ["159.4560", "159.4882", "158.1000", "157.3180"])
        // A column of rates below one keeps their significant digits, the others padded to match.
        let small = RateHistoryPresenter(providers: .everyDeclared).present(
            .init(from: jpy, to: usd, points: self.points([("2025-01-06", "0.9"), ("2025-01-07", "0.0065432")])), in: en)
        #expect(small.rows.map(\.rate) == ["0.006543", "0.900000"])
    }

    @Test("ranges up to a year: daily rows, newest first, a page at a time, with links to the newer and older pages")
    func dailyPages() throws {
        let points = businessDays(129)
        func page(_ number: Int) -> RateHistory.ViewModel {
            RateHistoryPresenter(providers: .everyDeclared).present(
                .init(
                    from: usd, to: eur, points: points,
                    query: .init(from: "USD", to: "EUR", range: .oneYear, date: CalendarDate(iso8601: "2025-03-03"), page: number)), in: en)
        }
        let first = page(1), second = page(2), last = page(5)
        #expect(first.rows.count == 30 && second.rows.count == 30 && last.rows.count == 9)
        #expect(first.rows.first?.date == "2025-06-30" && last.rows.last?.date == "2025-01-01")
        #expect(zip(first.rows.dropLast(), first.rows.dropFirst()).allSatisfy { $0.date > $1.date })
        #expect(first.rows.last.map { $0.date > second.rows.first!.date } == true)
        #expect(
            first.paging
                == .init(
                    text: "Page 1 of 5: Jun 30, 2025 back to May 20, 2025", newerURL: nil, olderURL: "/rates/USD/EUR?date=2025-03-03&page=2"
                ))
        #expect(
            second.paging?.newerURL == "/rates/USD/EUR?date=2025-03-03"
                && second.paging?.olderURL == "/rates/USD/EUR?date=2025-03-03&page=3")
        #expect(last.paging?.olderURL == nil)
        // Around a day: the chart marks it, and the links keep it.
        #expect(first.chart?.dayMarker?.label == "Mar 3, 2025")
        #expect(first.converterURL == "/?from=USD&to=EUR&amount=100&date=2025-03-03")
        #expect(first.converterLabel == "Convert with these currencies on Mar 3, 2025")
        #expect(first.ranges.map(\.url).last == "/rates/USD/EUR?range=all") // everything has no centre
        #expect(first.csvURL == "/rates/USD/EUR/daily.csv?date=2025-03-03")
    }

    @Test("years of days: at most ~500 points, each bucket's lowest and highest in order, so spikes survive")
    func thinnedLine() throws {
        let points = businessDays(7_000)
        let chart = RateHistoryPresenter(providers: .everyDeclared).chart(.init(from: usd, to: eur, points: points), in: en)
        #expect(chart.lines.count == 1)
        let line = chart.lines[0].split(separator: " ").map { pair in pair.split(separator: ",").map { Double($0)! } }
        #expect(line.count > 250 && line.count <= RateHistoryPresenter.maxLinePoints + 2)
        #expect(line.map { $0[0] } == line.map { $0[0] }.sorted())
        #expect(line.first![0] - RateHistoryPresenter.plot.left < 2.5 && RateHistoryPresenter.plot.right - line.last![0] < 2.5)
        // The extremes survive thinning: the highest and lowest points' heights are on the line.
        for kind in ["high", "low"] {
            let marker = try #require(chart.markers.first { $0.kind == kind })
            #expect(line.contains { $0[1] == Double(marker.y)! })
        }
        // Every monthly dip (the 15th) still reaches down: more low points than months in a plot unit's worth.
        #expect(chart.dayCount == 7_000 && chart.points.isEmpty)
        // 27 years: a label on the first of January every 2 or 5 years, as years.
        #expect(chart.xTicks.allSatisfy { $0.label.count == 4 && Int($0.label) != nil })
        let years = chart.xTicks.map { Int($0.label)! }
        #expect(years.count >= 5 && years.count <= 14 && Set(zip(years, years.dropFirst()).map { $1 - $0 }).count == 1)
    }

    @Test("a currency not quoted for a while: the line breaks there instead of crossing the gap")
    func gaps() throws {
        let days = points([
            ("2008-12-01", "0.0061"), ("2008-12-02", "0.0062"), ("2008-12-08", "0.0063"), // 6 days apart: one stretch
            ("2018-01-02", "0.0083"), ("2018-01-03", "0.0084"),
        ])
        let chart = RateHistoryPresenter(providers: .everyDeclared).chart(.init(from: usd, to: eur, points: days), in: en)
        #expect(chart.lines.count == 2)
        #expect(chart.lines.map { $0.split(separator: " ").count } == [3, 2])
        #expect(chart.description.hasSuffix("The line breaks where no rate was quoted for more than 7 days."))
        #expect(RateHistoryPresenter.stretches(of: days) == [0..<3, 3..<5])
    }

    @Test("a range's window: the last days, or centred on a day and kept inside the stored days")
    func windows() {
        let first = CalendarDate(iso8601: "1999-01-04")!, last = CalendarDate(iso8601: "2026-10-30")!
        let day = { CalendarDate(iso8601: $0)! }
        #expect(HistoryRange.oneYear.window(first: first, last: last, around: nil) == day("2025-10-31")...last)
        #expect(HistoryRange.all.window(first: first, last: last, around: day("2020-03-13")) == first...last)
        #expect(HistoryRange.oneYear.window(first: first, last: last, around: day("2020-03-13")) == day("2019-09-13")...day("2020-09-11"))
        #expect(HistoryRange.oneMonth.window(first: first, last: last, around: day("2026-10-29")) == day("2026-09-30")...last)
        #expect(HistoryRange.tenYears.window(first: first, last: last, around: day("2001-01-01")) == first...day("2009-01-03"))
    }

    @Test("the CSV has every day, oldest first, to ten significant digits")
    func csv() {
        let text = RateHistoryPresenter(providers: .everyDeclared).csv(
            .init(
                from: usd, to: eur,
                points: [
                    RatePoint(
                        date: CalendarDate(iso8601: "2025-02-19")!, fromRate: Fixtures.decimal("1.0434"), toRate: 1, value: 1 / 1.0434),
                    RatePoint(date: CalendarDate(iso8601: "2025-02-20")!, rate: Fixtures.decimal("0.9576")),
                ]), in: en)
        #expect(text == "\"Date\",\"EUR per USD\"\r\n2025-02-19,0.9584052137\r\n2025-02-20,0.9576\r\n")
    }

    struct FakeHistory: SourceHistoryReading {
        let points: [RatePoint]
        func history(
            of source: RateSourceID, side: RateSide, from: String, to: String, range: HistoryRange, around date: CalendarDate?
        ) async throws -> PairHistory {
            let window = PairWindow.slice(points, range: range, around: date)
            return PairHistory(points: window.points, version: "v", window: window.window)
        }
    }

    @Test("unknown pairs and non-canonical codes")
    func interactor() async throws {
        let interactor = RateHistoryInteractor(
            history: FakeHistory(points: []), rates: FakeCurrentRates(snapshot: Fixtures.snapshot),
            catalog: Fixtures.catalog, providers: .everyDeclared, load: FakeHistoryLoad(), now: Date.init)
        await #expect(throws: RateHistory.Failure.unknownPair) { try await interactor.history(from: "USD", to: "NZD") }
        await #expect(throws: RateHistory.Failure.unknownPair) { try await interactor.history(from: "US", to: "EUR") }
        await #expect(throws: RateHistory.Failure.notCanonical(.init(from: "USD", to: "EUR"))) {
            try await interactor.history(from: "usd", to: "EUR")
        }
        #expect(try await interactor.history(from: "USD", to: "EUR").points.isEmpty) // known pair, no history yet
    }

    @Test("range, date and page: read, checked, and one canonical address for each")
    func parameters() async throws {
        let days = businessDays(300) // 2025-01-01 .. 2026-02-24
        let interactor = RateHistoryInteractor(
            history: FakeHistory(points: days), rates: FakeCurrentRates(snapshot: Fixtures.snapshot), catalog: Fixtures.catalog,
            providers: .everyDeclared, load: FakeHistoryLoad(), now: Date.init)
        let year = try await interactor.history(from: "USD", to: "EUR")
        #expect(year.query == .init(from: "USD", to: "EUR") && year.points.first?.date.description == "2025-02-25")
        let month = try await interactor.history(from: "USD", to: "EUR", range: "1m", date: "2025-03-15")
        #expect(month.points.first?.date.description == "2025-02-28" && month.points.last?.date.description == "2025-03-28")
        #expect(try await interactor.history(from: "USD", to: "EUR", range: "all").points.count == 300)
        #expect(try await interactor.history(from: "USD", to: "EUR", range: "3m", page: "2").query?.page == 2)

        for (range, date, page, canonical) in [
            ("1y", nil, nil, RateHistory.Query(from: "USD", to: "EUR")),
            ("ALL", "2025-03-03", nil, .init(from: "USD", to: "EUR", range: .all)),
            ("5Y", nil, "1", .init(from: "USD", to: "EUR", range: .fiveYears)),
            (nil, "", nil, .init(from: "USD", to: "EUR")),
            (nil, nil, "1", .init(from: "USD", to: "EUR")),
        ] as [(String?, String?, String?, RateHistory.Query)] {
            await #expect(throws: RateHistory.Failure.notCanonical(canonical)) {
                try await interactor.history(from: "USD", to: "EUR", range: range, date: date, page: page)
            }
        }
        await #expect(
            throws: RateHistory.Failure.invalidParameter(
                Message(
                    "There is no range “{typed}”. Choose one of {ranges}.",
                    ["typed": .text("2w"), "ranges": .text("1m, 3m, 1y, 5y, 10y, all")]))
        ) {
            try await interactor.history(from: "USD", to: "EUR", range: "2w")
        }
        for date in ["2020-02-30", "15/03/2020"] {
            await #expect(
                throws: RateHistory.Failure.invalidParameter(
                    Message("“{typed}” is not a date. Write it as YYYY-MM-DD, for example 2020-03-15.", ["typed": .text(date)]))
            ) {
                try await interactor.history(from: "USD", to: "EUR", date: date)
            }
        }
        for page in ["0", "-1", "two"] {
            await #expect(
                throws: RateHistory.Failure.invalidParameter(
                    Message("“{typed}” is not a page number. Pages are numbered from 1.", ["typed": .text(page)]))
            ) {
                try await interactor.history(from: "USD", to: "EUR", page: page)
            }
        }
        await #expect(throws: RateHistory.Failure.noSuchPage(10)) { try await interactor.history(from: "USD", to: "EUR", page: "10") }
        // Monthly ranges page their months: 300 business days are 14 months, one page.
        #expect(try await interactor.history(from: "USD", to: "EUR", range: "5y").query?.page == 1)
        await #expect(throws: RateHistory.Failure.noSuchPage(2)) {
            try await interactor.history(from: "USD", to: "EUR", range: "5y", page: "2")
        }
    }

    @Test("chart coordinates are written as Double.description writes them, over 3,000 values")
    func coordinates() async {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 72, 696, 0.1, -3.5, 1e20, 0.123, .pi]
        for _ in 0..<3_000 { values.append((Double.random(in: -1_000...100_000, using: &generator) * 10).rounded() / 10) }
        await forEachCase(values.count) { index in
            #expect(RateHistoryPresenter.coordinate(values[index]) == values[index].description, "\(values[index])")
        }
        // The line writes its points the same way.
        // (Tenths, as the presenter rounds them; fewer than the two per plot unit that thin the line.)
        let points = values.filter { abs($0) < 1e12 && $0 != 0 && ($0 * 10).rounded() / 10 == $0 }.prefix(1_000).map { (x: $0, y: -$0) }
        #expect(
            RateHistoryPresenter.line(through: points[...])
                == points.map { "\($0.x.description),\($0.y.description)" }.joined(separator: " "))
    }

    @Test("axis labels are written as %.Nf writes them, over 3,000 values")
    func fixedDecimals() async {
        var generator = SystemRandomNumberGenerator()
        await forEachCase(3_000) { index in
            let value = Double.random(in: 0.000001...200_000, using: &generator) * (index % 10 == 0 ? -1 : 1)
            let decimals = 2 + index % 7
            #expect(RateHistoryPresenter.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value)")
        }
        #expect(RateHistoryPresenter.fixed(0.9, decimals: 4) == "0.9000")
    }
}

@Suite("Rate history over HTTP on PostgreSQL")
struct RateHistoryPageTests {
    @Test("the pair's Atom feed: its newest days, newest first, exact, in the visitor's language; canonical, kept, 404 for no pair")
    func feed() async throws {
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app in
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 4))
            let page = try await TestBrowser(app).get("/rates/USD/EUR").html
            #expect(page.contains("<a href=\"/rates/USD/EUR.atom\" type=\"application/atom+xml\">Follow each new day (Atom feed)</a>"))
            let response = try await TestBrowser(app).get("/rates/USD/EUR.atom")
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType) == "application/atom+xml; charset=utf-8")
            #expect(response.headers.first(name: .eTag) != nil)
            let feed = response.html
            #expect(
                feed.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en\">"))
            #expect(feed.contains("<title>USD → EUR · All official sources</title>"))
            #expect(feed.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"/rates/USD/EUR.atom\"/>"))
            // The sample's last year: 2025-05-08 and 2025-05-09, newest first, each rate as the CSV writes it.
            let entries = feed.components(separatedBy: "<entry>").dropFirst()
            #expect(entries.count == 2)
            #expect(feed.contains("<updated>2025-05-09T00:00:00Z</updated>\n<author>"))
            let newest = try #require(entries.first)
            #expect(newest.contains("<id>urn:currency-converter:rates:blend:USD:EUR:2025-05-09</id>"))
            #expect(newest.contains("href=\"/?from=USD&amp;to=EUR&amp;amount=1&amp;date=2025-05-09\""))
            let csv = try await TestBrowser(app).get("/rates/USD/EUR/daily.csv").html
            let rate = try #require(csv.components(separatedBy: "\r\n").first { $0.hasPrefix("2025-05-09,") }?.dropFirst(11))
            #expect(newest.contains("<content type=\"text\">EUR per USD: \(rate)</content>"))
            #expect(newest.contains("<title>May 9, 2025: 1 USD = "))
            // One source's own days; another language; the same feed kept, not made again.
            let ecb = try await TestBrowser(app).get("/rates/USD/EUR.atom?source=ecb").html
            #expect(ecb.contains("<id>urn:currency-converter:rates:ecb:USD:EUR</id>") && ecb.contains("href=\"/rates/USD/EUR?source=ecb\""))
            let reader = TestBrowser(app)
            reader.setHeader("Accept-Language", "de-DE,de;q=0.9")
            let german = try await reader.get("/rates/USD/EUR.atom")
            #expect(german.html.contains("xml:lang=\"de\"") && german.html.contains("<content type=\"text\">EUR je USD: \(rate)</content>"))
            #expect(german.headers.first(name: .contentLanguage) == "de")
            let hits = app.pages.keptAnswers.byValidator.hits
            #expect(try await TestBrowser(app).get("/rates/USD/EUR.atom").html == feed)
            #expect(app.pages.keptAnswers.byValidator.hits == hits + 1)

            for (asked, location) in [
                ("/rates/usd/eur.atom", "/rates/USD/EUR.atom"), ("/rates/USD/EUR.atom?source=ECB", "/rates/USD/EUR.atom?source=ecb"),
            ] {
                let redirect = try await TestBrowser(app).get(asked)
                #expect(redirect.status == .movedPermanently && redirect.headers.first(name: .location) == location, "\(asked)")
            }
            #expect(try await TestBrowser(app).get("/rates/USD/XYZ.atom").status == .notFound)
            #expect(try await TestBrowser(app).get("/rates/USD/EUR.atom?source=nowhere").status == .badRequest)
        }
    }

    @Test("feed text is escaped for XML, and characters XML cannot hold are left out")
    func feedEscaping() {
        #expect(
            RateHistoryPresenter.xml("<a href=\"x\">Tom & Jerry's</a>") == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;")
        #expect(RateHistoryPresenter.xml("a\u{0}b\u{1B}c\td\u{FFFE}é") == "abc\tdé")
    }

    @Test("ranges over 27 years of sample days: canonical addresses, gaps as breaks, year ticks, the range's CSV, 400s")
    func ranges() async throws {
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app in
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 4))
            let all = try await TestBrowser(app).get("/rates/USD/EUR?range=all")
            #expect(all.status == .ok)
            let html = all.html
            // 1999-01-04, 2008-09-15, 2020-03-13, then 2025-05-08 and 2025-05-09: four stretches.
            #expect(html.matches(of: /<polyline class="chart-line"/).count == 4)
            #expect(html.contains(">2000</text>") && html.contains(">2025</text>") && !html.contains(">2025-05-09</text>"))
            #expect(html.contains("<a href=\"/rates/USD/EUR?range=all\" aria-current=\"page\">All</a>"))
            #expect(html.contains("<a href=\"/rates/USD/EUR?range=5y\">5 years</a>"))
            #expect(html.contains("Monthly rates") && html.contains("Jan 4, 1999 to May 9, 2025"))
            #expect(html.contains("href=\"/rates/USD/EUR/daily.csv?range=all\""))

            let csv = try await TestBrowser(app).get("/rates/USD/EUR/daily.csv?range=all")
            #expect(csv.status == .ok)
            #expect(csv.html.components(separatedBy: "\r\n").count == 7)
            #expect(csv.html.contains("2020-03-13,0.9005763689\r\n")) // 1 ÷ 1.1104

            for (asked, location) in [
                ("/rates/USD/EUR?range=1y", "/rates/USD/EUR"), ("/rates/usd/eur?range=ALL", "/rates/USD/EUR?range=all"),
                ("/rates/USD/EUR?range=all&date=2020-03-13", "/rates/USD/EUR?range=all"),
                ("/rates/USD/EUR/daily.csv?range=1y", "/rates/USD/EUR/daily.csv"),
            ] {
                let response = try await TestBrowser(app).get(asked)
                #expect(response.status == .movedPermanently, "\(asked)")
                #expect(response.headers.first(name: .location) == location, "\(asked)")
            }
            for (asked, message) in [
                ("/rates/USD/EUR?range=2w", "There is no range “2w”"), ("/rates/USD/EUR?date=2020-02-30", "“2020-02-30” is not a date"),
                ("/rates/USD/EUR?page=x", "“x” is not a page number"),
            ] {
                let response = try await TestBrowser(app).get(asked)
                #expect(response.status == .badRequest, "\(asked)")
                #expect(response.html.contains(HTML.escape(message)), "\(asked)")
            }
            #expect(try await TestBrowser(app).get("/rates/USD/EUR?page=9").status == .notFound)

            // From a past day's result to the pair around that day, and back.
            let result = try await TestBrowser(app).get("/?from=USD&to=EUR&amount=100&date=2008-09-20").html
            #expect(result.contains("href=\"/rates/USD/EUR?date=2008-09-20\">See this pair over time around Sep 20, 2008</a>"))
            let around = try await TestBrowser(app).get("/rates/USD/EUR?range=10y&date=2022-01-03").html
            #expect(around.contains("class=\"chart-day\"") && around.contains(">Jan 3, 2022</text>"))
            #expect(around.contains("data-points=\"3\"")) // 2020-03-13, 2025-05-08 and 2025-05-09
            #expect(
                around.contains(
                    "href=\"/?from=USD&amp;to=EUR&amp;amount=100&amp;date=2022-01-03\">Convert with these currencies on Jan 3, 2022</a>"))
            // A window without a day of rates says so, and offers the longer view.
            let empty = try await TestBrowser(app).get("/rates/USD/EUR?range=1m&date=2014-06-02")
            #expect(empty.status == .ok)
            #expect(empty.html.contains("No day from May 18, 2014 to Jun 17, 2014 has rates for both currencies. Choose a longer range."))
        }
    }

    @Test("after the ECB history import the chart has one point per day, linked from each result")
    func chartAfterImport() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withPostgresApp(configuration: .forTests(ecbHistoryURL: stub.url(.ecbHistory))) { app in
            let single = try await TestBrowser(app).get("/rates/USD/EUR")
            #expect(single.status == .ok)
            #expect(single.html.contains("Only one day of rates is stored for this pair (May 9, 2025)"))
            #expect(!single.html.contains("<svg"))

            #expect(await app.appServices.refresher.importHistory(actor: "admin@example.org").outcome == .stored)
            let page = try await TestBrowser(app).get("/rates/USD/EUR")
            let html = page.html
            #expect(html.contains("<title>USD → EUR rate history · Currency Converter</title>"))
            #expect(html.contains("<svg class=\"rate-chart\""))
            #expect(html.contains("role=\"img\" aria-labelledby=\"chart-title chart-desc\""))
            #expect(html.contains("data-points=\"6\""))
            #expect(html.matches(of: /<circle class="chart-point"/).count == 6)
            #expect(html.contains("<desc id=\"chart-desc\">From Feb 19, 2025 to May 9, 2025, 1 USD was worth between"))
            #expect(
                html.matches(
                    of:
                        /<tr><td><a href="\/\?from=USD&amp;to=EUR&amp;amount=100&amp;date=[0-9-]{10}"><time datetime="/
                ).count == 6)
            #expect(html.contains("<td class=\"number\">0.9584</td>")) // 1 / 1.0434 on 2025-02-19

            let result = try await TestBrowser(app).get("/?from=USD&to=EUR&amount=10").html
            #expect(result.contains("href=\"/rates/USD/EUR\">Rate history of this pair</a>"))
        }
    }

    @Test("the days kept in memory give every pair the same history as the database, and the CSV has them all")
    func memoryMatchesDatabase() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withPostgresApp(configuration: .forTests(ecbHistoryURL: stub.url(.ecbHistory))) { app in
            try await app.asyncBoot() // listens for changes: the stored days may be kept
            try await SessionCacheAcrossInstancesTests.waitUntil("the app listens") { app.appServices.caches.rateDays.isLive }
            #expect(await app.appServices.refresher.importHistory(actor: "admin@example.org").outcome == .stored)
            let database = FluentRateHistoryService(database: app.appServices.database)
            let days = try await database.days()
            // A few days of one provider are read day by day through the index, every day in one
            // pass over the rates: the same days either way.
            let ecb = try await database.days(.ecb)
            #expect(ecb.days.count == days.days.count && ecb.days.count <= FluentRateHistoryService.fewDays)
            #expect(ecb.fingerprint == days.fingerprint && ecb.codes.sorted() == days.codes.sorted())
            for (one, other) in zip(ecb.days, days.days) {
                #expect(ecb.codes.map { ecb.columns[$0].flatMap(one.rate) } == ecb.codes.map { days.columns[$0].flatMap(other.rate) })
            }
            for (from, to) in [("USD", "EUR"), ("EUR", "JPY"), ("GBP", "CHF"), ("JPY", "USD"), ("USD", "QQQ")] {
                let fromDatabase = try await database.history(from: from, to: to).points
                let fromMemory = days.history(from: from, to: to).points
                #expect(fromMemory.map(\.date) == fromDatabase.map(\.date), "\(from)/\(to)")
                #expect(fromMemory.map(\.rate) == fromDatabase.map(\.rate), "\(from)/\(to)")
            }
            #expect(try await app.appServices.rateHistory.history(from: "USD", to: "EUR").version == days.version)

            let csv = try await TestBrowser(app).get("/rates/USD/EUR/daily.csv")
            #expect(csv.status == .ok)
            #expect(csv.headers.first(name: .contentType) == "text/csv; charset=utf-8; header=present")
            #expect(
                csv.headers.first(name: .contentDisposition) == "attachment; filename=\"USD-EUR-daily-rates-2025-02-19-to-2025-05-09.csv\"")
            #expect(csv.headers.first(name: .eTag) != nil)
            let lines = csv.body.string.split(separator: "\r\n")
            #expect(lines.count == 7 && lines[0] == "\"Date\",\"EUR per USD\"" && lines[1] == "2025-02-19,0.9584052137")
            let lower = try await TestBrowser(app).get("/rates/usd/eur/daily.csv")
            #expect(lower.status == .movedPermanently && lower.headers.first(name: .location) == "/rates/USD/EUR/daily.csv")
            #expect(try await TestBrowser(app).get("/rates/USD/QQQ/daily.csv").status == .notFound)
            #expect(try await TestBrowser(app).get("/rates/USD/EUR").html.contains("<a href=\"/rates/USD/EUR/daily.csv\" download>"))
        }
    }

    @Test("lower-case codes redirect to the canonical address; unknown pairs are 404 pages")
    func addresses() async throws {
        try await withPostgresApp { app in
            let lower = try await TestBrowser(app).get("/rates/usd/eur")
            #expect(lower.status == .movedPermanently)
            #expect(lower.headers.first(name: .location) == "/rates/USD/EUR")
            for path in ["/rates/USD/QQQ", "/rates/US/EUR", "/rates/%3Cb%3E/EUR"] {
                let response = try await TestBrowser(app).get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.html.contains("There are no rates for this currency pair."))
            }
        }
    }
}

@Suite("The chart's labels and value axis")
struct ChartLabelTests {
    let usd = Fixtures.catalog.currency(for: "USD"), jpy = Fixtures.catalog.currency(for: "JPY")
    let eur = Fixtures.catalog.currency(for: "EUR")

    /// USD → JPY over the five years to 2026-10-30 as the ECB published them: the highest
    /// (163.9131, 2026-07-28) and the last (157.2503) sit near the plot's right edge.
    func fiveYearsOfYen() throws -> RateHistory.Output {
        let text = try String(contentsOf: Fixtures.resource("ecb-usd-jpy-5y.csv"), encoding: .utf8)
        let points = text.split(separator: "\n").dropFirst().map { line in
            let cells = line.split(separator: ",")
            let usd = Fixtures.decimal(String(cells[1])), jpy = Fixtures.decimal(String(cells[2]))
            return RatePoint(
                date: CalendarDate(iso8601: String(cells[0]))!, fromRate: usd, toRate: jpy,
                value: NSDecimalNumber(decimal: jpy / usd).doubleValue)
        }
        return RateHistory.Output(from: usd, to: jpy, points: points, query: .init(from: "USD", to: "JPY", range: .fiveYears))
    }

    /// The box a marker's label takes, as the layout reckons it, where the page puts it.
    func box(_ marker: RateHistory.Marker, _ placement: RateHistory.LabelPlacement, fontSize: Double) -> ChartLabelLayout.Box {
        let width = ChartLabelLayout.width(of: marker.text, fontSize: fontSize)
        let x = Double(placement.x)!, baseline = Double(placement.y)!
        let left = placement.anchor == "end" ? x - width : placement.anchor == "middle" ? x - width / 2 : x
        let metrics = ChartLabelLayout.Metrics(fontSize: fontSize)
        return .init(left: left, top: baseline - metrics.ascent, right: left + width, bottom: baseline + metrics.descent)
    }

    /// Both layouts: every label inside the plot, clear of the others, of every marker and of the line's end.
    func checkClear(_ chart: RateHistory.Chart, _ context: String) {
        let plot = RateHistoryPresenter.plot
        for (size, fontSize) in [("wide", ChartLabelLayout.wideFontSize), ("narrow", ChartLabelLayout.narrowFontSize)] {
            let boxes = chart.markers.map { box($0, size == "wide" ? $0.wide : $0.narrow, fontSize: fontSize) }
            for (index, box) in boxes.enumerated() {
                let name = "\(context), \(size): \(chart.markers[index].text)"
                // Inside the plot (to the twentieth that the written tenths leave).
                let inside =
                    box.left >= plot.left - 0.05 && box.right <= plot.right + 0.05 && box.top >= plot.top - 0.05
                    && box.bottom <= plot.bottom + 0.05
                #expect(inside, "\(name) \(box)")
                for other in boxes[(index + 1)...] { #expect(!box.overlaps(other), "\(name) overlaps another label") }
                for marker in chart.markers {
                    let circle = ChartLabelLayout.Box(
                        left: Double(marker.x)! - 5, top: Double(marker.y)! - 5, right: Double(marker.x)! + 5, bottom: Double(marker.y)! + 5
                    )
                    #expect(!box.overlaps(circle), "\(name) covers the \(marker.kind) marker")
                }
            }
            // The line's end (its last point) is clear.
            let end = chart.lines.last!.split(separator: " ").last!.split(separator: ",").map { Double($0)! }
            #expect(!boxes.contains { $0.contains(.init(x: end[0], y: end[1])) }, "\(context), \(size): the line's end is covered")
        }
    }

    @Test(
        "USD/JPY over five years: the highest's and the last's labels, both at the right edge, clear of each other in every language",
        arguments: Language.allCases)
    func yenLabelsDoNotCollide(language: Language) throws {
        let chart = RateHistoryPresenter(providers: .everyDeclared).chart(try fiveYearsOfYen(), in: Localizations.of(language))
        #expect(chart.markers.map(\.kind) == ["high", "low", "last"])
        checkClear(chart, language.rawValue)
    }

    @Test("the labels' texts: the Japanese page's words, the Arabic page's numbers kept apart from its words")
    func labelTexts() throws {
        let ja = RateHistoryPresenter(providers: .everyDeclared).chart(try fiveYearsOfYen(), in: Localizations.of(.ja))
        #expect(ja.markers.first?.text == "最高 163.9131")
        #expect(ja.markers.last?.text == "最終 157.2503")
        let ar = RateHistoryPresenter(providers: .everyDeclared).chart(try fiveYearsOfYen(), in: Localizations.of(.ar))
        #expect(ar.markers.allSatisfy { $0.text.contains("\u{2068}") })
    }

    @Test("crowded corners: extremes and the last day together at either edge, high and low, keep their labels apart and inside")
    func crowdedCorners() throws {
        let start = CalendarDate(iso8601: "2025-01-01")!
        let shapes: [[Double]] = [
            [1.0, 1.1, 1.2, 1.05, 1.3, 1.29], // highest just before the last
            [1.3, 1.0, 1.2, 1.1, 1.01, 1.02], // lowest just before the last
            [1.3, 1.0, 1.31, 1.2, 1.1, 1.15], // highest and lowest at the left
            [1.2, 1.21, 1.19, 1.2, 1.0, 1.3], // lowest then highest at the very end
            [1.0, 2.0], // two days
        ]
        for (number, shape) in shapes.enumerated() {
            let points = shape.enumerated().map {
                RatePoint(date: CalendarDate(dayNumber: start.dayNumber + $0.offset), rate: Decimal($0.element))
            }
            for language in Language.allCases {
                let chart = RateHistoryPresenter(providers: .everyDeclared).chart(
                    .init(from: usd, to: eur, points: points), in: Localizations.of(language))
                checkClear(chart, "shape \(number) in \(language)")
            }
        }
    }

    @Test(
        "the value axis at round values: steps of 1, 2 or 5 times a power of ten, with the decimals the step needs",
        arguments: [
            (108.74, 168.00, ["110", "120", "130", "140", "150", "160"]), // USD/JPY, five years
            (0.58, 1.26, ["0.6", "0.8", "1.0", "1.2"]), // USD/EUR, 27 years
            (0.8831, 0.9640, ["0.90", "0.92", "0.94", "0.96"]),
            (0.99, 1.01, ["0.990", "0.995", "1.000", "1.005", "1.010"]),
            (0.005812, 0.006431, ["0.0059", "0.0060", "0.0061", "0.0062", "0.0063", "0.0064"]),
            (13_000, 19_500, ["13000", "14000", "15000", "16000", "17000", "18000", "19000"]),
            (0.1, 16.4, ["5", "10", "15"]), // 2 apart would be eight

        ])
    func roundTicks(low: Double, high: Double, labels: [String]) {
        let (values, decimals) = RateHistoryPresenter.valueTicks(low: low, high: high)
        #expect(values.map { RateHistoryPresenter.fixed($0, decimals: decimals) } == labels)
        #expect(values.allSatisfy { $0 >= low && $0 <= high })
    }

    @Test("the charts of the issue: USD/JPY over five years and USD/EUR over 27 years are labelled at round values")
    func axesOfRealCharts() throws {
        let yen = RateHistoryPresenter(providers: .everyDeclared).chart(try fiveYearsOfYen(), in: en)
        #expect(yen.yTicks.map(\.label) == ["110", "120", "130", "140", "150", "160"])
        let euro = RateHistoryPresenter(providers: .everyDeclared).chart(
            .init(
                from: usd, to: eur,
                points: [
                    RatePoint(date: CalendarDate(iso8601: "1999-01-04")!, rate: Fixtures.decimal("0.8482")),
                    RatePoint(date: CalendarDate(iso8601: "2008-07-15")!, rate: Fixtures.decimal("0.6254")),
                    RatePoint(date: CalendarDate(iso8601: "2000-10-26")!, rate: Fixtures.decimal("1.2118")),
                ].sorted { $0.date < $1.date }), in: Localizations.of(.de))
        #expect(euro.yTicks.map(\.label) == ["0,6", "0,8", "1,0", "1,2"])
    }
}
