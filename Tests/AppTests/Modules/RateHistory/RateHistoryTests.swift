@testable import App
import Foundation
import Testing
import Vapor
import VaporTesting

@Suite("Rate history presenter and interactor")
struct RateHistoryUnitTests {
    let usd = Fixtures.catalog.currency(for: "USD"), eur = Fixtures.catalog.currency(for: "EUR")

    func points(_ values: [(String, String)]) -> [RatePoint] {
        values.map { RatePoint(date: CalendarDate(iso8601: $0.0)!, rate: Fixtures.decimal($0.1), source: "ecb") }
    }

    @Test("geometry: a point per day placed by date, the lowest at the bottom, markers, a text alternative")
    func chart() throws {
        let output = RateHistory.Output(from: usd, to: eur, points: points([
            ("2025-02-19", "0.9584"), ("2025-02-20", "0.9576"), ("2025-02-24", "0.9555"), ("2025-05-09", "0.8887"),
        ]))
        let model = RateHistoryPresenter().present(output)
        let chart = try #require(model.chart)
        #expect(chart.points.count == 4)
        #expect(chart.line.split(separator: " ").count == 4)
        let xs = chart.points.map(\.x.value), ys = chart.points.map(\.y.value)
        #expect(xs.first == RateHistoryPresenter.plot.left && xs.last == RateHistoryPresenter.plot.right)
        #expect(xs == xs.sorted())
        // Day spacing: Feb 19 → Feb 20 is one day out of 79.
        #expect(abs((xs[1] - xs[0]) - (RateHistoryPresenter.plot.right - RateHistoryPresenter.plot.left) / 79) < 0.2)
        #expect(ys[3] == ys.max() && ys[0] == ys.min()) // SVG y grows downwards
        #expect(ys.allSatisfy { $0 >= RateHistoryPresenter.plot.top && $0 <= RateHistoryPresenter.plot.bottom })
        #expect(chart.markers.map(\.kind) == ["high", "low"]) // the last point is the low one
        #expect(chart.markers[0].text == "max 0.9584" && chart.markers[1].text == "min 0.8887")
        #expect(chart.yTicks.count == 4 && Set(chart.yTicks.map { $0.label.count }).count == 1)
        #expect(chart.xTicks.first?.label == "2025-02-19" && chart.xTicks.last?.label == "2025-05-09")
        #expect(chart.description.contains("between 0.8887 EUR (2025-05-09) and 0.9584 EUR (2025-02-19)"))
        #expect(chart.points[0].label == "2025-02-19: 0.9584")
        #expect(model.rows.first == .init(date: "2025-05-09", rate: "0.8887"))
        #expect(model.stats.map(\.label) == ["Last", "Lowest", "Highest"])
        #expect(model.reverseURL == "/rates/EUR/USD")
        #expect(model.converterURL == "/?from=USD&to=EUR&amount=100")
    }

    @Test("a flat line sits mid-chart")
    func flat() throws {
        let chart = try #require(RateHistoryPresenter().present(.init(from: usd, to: usd, points: points([
            ("2025-02-19", "1"), ("2025-02-20", "1"), ("2025-02-21", "1"),
        ]))).chart)
        let middle = (RateHistoryPresenter.plot.top + RateHistoryPresenter.plot.bottom) / 2
        #expect(chart.points.allSatisfy { abs($0.y.value - middle) < 1 })
    }

    @Test("fewer than two points: a message instead of a chart")
    func tooFew() {
        let one = RateHistoryPresenter().present(.init(from: usd, to: eur, points: points([("2025-05-09", "0.8887")])))
        #expect(one.chart == nil && one.message?.contains("Only one day of rates") == true && one.rows.count == 1)
        let none = RateHistoryPresenter().present(.init(from: usd, to: eur, points: []))
        #expect(none.chart == nil && none.message?.contains("No stored day") == true && !none.hasRows)
    }

    struct FakeHistory: RateHistoryService {
        let points: [RatePoint]
        func history(from: String, to: String) async throws -> [RatePoint] { points }
    }

    @Test("unknown pairs and non-canonical codes")
    func interactor() async throws {
        let interactor = RateHistoryInteractor(history: FakeHistory(points: []), rates: FakeCurrentRates(snapshot: Fixtures.snapshot),
                                               catalog: Fixtures.catalog)
        await #expect(throws: RateHistory.Failure.unknownPair) { try await interactor.history(from: "USD", to: "NZD") }
        await #expect(throws: RateHistory.Failure.unknownPair) { try await interactor.history(from: "US", to: "EUR") }
        await #expect(throws: RateHistory.Failure.notCanonical(from: "USD", to: "EUR")) { try await interactor.history(from: "usd", to: "EUR") }
        #expect(try await interactor.history(from: "USD", to: "EUR").points.isEmpty) // known pair, no history yet
    }
}

@Suite("Rate history over HTTP on PostgreSQL")
struct RateHistoryPageTests {
    @Test("after the ECB history import the chart has one point per day, linked from each result")
    func chartAfterImport() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withPostgresApp(configuration: .forTests(ecbHistoryURL: stub.url(.ecbHistory))) { app in
            let single = try await TestBrowser(app).get("/rates/USD/EUR")
            #expect(single.status == .ok)
            #expect(single.html.contains("Only one day of rates is stored for this pair (2025-05-09)"))
            #expect(!single.html.contains("<svg"))

            #expect(await app.appServices.refresher.importHistory(actor: "admin@example.org").outcome == .stored)
            let page = try await TestBrowser(app).get("/rates/USD/EUR")
            let html = page.html
            #expect(html.contains("<title>USD → EUR rate history · Currency Converter</title>"))
            #expect(html.contains("<svg class=\"rate-chart\""))
            #expect(html.contains("role=\"img\" aria-labelledby=\"chart-title chart-desc\""))
            #expect(html.contains("data-points=\"6\""))
            #expect(html.matches(of: /<circle class="chart-point"/).count == 6)
            #expect(html.contains("<desc id=\"chart-desc\">From 2025-02-19 to 2025-05-09, 1 USD was worth between"))
            #expect(html.matches(of: /<tr><td><time datetime="/).count == 6)
            #expect(html.contains("<td class=\"number\">0.9584</td>")) // 1 / 1.0434 on 2025-02-19

            let result = try await TestBrowser(app).get("/?from=USD&to=EUR&amount=10").html
            #expect(result.contains("href=\"/rates/USD/EUR\">Rate history of this pair</a>"))
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
