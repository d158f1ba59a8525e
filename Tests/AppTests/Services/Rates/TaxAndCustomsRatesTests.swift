import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import RateSources

/// Tax and customs authorities' rates through the app on PostgreSQL, fetched from a loopback
/// stand-in: each in force from its day until the next, offered a stated grace past its period,
/// chosen like any source, and never part of the blend.
@Suite("Tax and customs rates through the app, on PostgreSQL")
struct TaxAndCustomsRatesTests {
    /// 10 October 2026, noon: September's HMRC rates are three days past their week of grace,
    /// and the stand-in has no October file.
    static let tenthOfOctober = Date(timeIntervalSince1970: 1_791_633_600)

    @Test("HMRC's September converts on each of its days and a week after, not later; its own group in the Source menu; never blended")
    func hmrcMonth() async throws {
        let stub = try await KitProvidersStub.start()
        defer { Task { try? await stub.stop() } }
        var configuration = AppConfiguration.forTests(providers: [RateSource.hmrc.id], providerOrigins: [RateSource.hmrc.id: stub.url])
        configuration.ratesTimeout = 5
        try await withPostgresApp(configuration: configuration, now: TestClock(Self.tenthOfOctober).closure) { app in
            let september = try #require(CalendarDate(iso8601: "2026-09-01"))...(try #require(CalendarDate(iso8601: "2026-09-30")))
            let attempt = try #require(await app.appServices.refresher.backfill(RateSource.hmrc.id, days: september, actor: "test"))
            #expect(attempt.outcome == .stored, "\(attempt.message)")
            let browser = TestBrowser(app)
            func convert(on day: String) async throws -> BrowserResponse {
                try await browser.get("/api/v1/convert?from=GBP&to=USD&amount=100&date=\(day)&source=hmrc")
            }
            // 100 pounds at September's 1.3554 dollars, on the 1st, the 30th and the last day of grace.
            for day in ["2026-09-01", "2026-09-30", "2026-10-07"] {
                let answer = try await convert(on: day)
                #expect(answer.status == .ok && answer.html.contains(#""result":"135.54""#), "\(day): \(answer.html.prefix(300))")
            }
            let late = try await convert(on: "2026-10-08")
            #expect(late.status == .unprocessableEntity && late.html.contains("has no rate in force on"), "\(late.html.prefix(300))")
            // August's rates were never fetched: a day of August is before its first day, not September's rate.
            let august = try await convert(on: "2026-08-20")
            #expect(august.status == .unprocessableEntity, "\(august.html.prefix(300))")

            // Today, the newest is past its grace as well: the page says so at the Source menu.
            let today = try await browser.get("/?from=GBP&to=USD&amount=100&source=hmrc")
            #expect(today.html.contains("has no rate in force today: its newest, of"), "\(today.html.prefix(300))")
            let page = try await browser.get("/?from=GBP&to=USD&amount=100&date=2026-09-15&source=hmrc")
            #expect(page.status == .ok && page.html.contains("135.54"))
            #expect(
                page.html.contains(
                    #"<optgroup label="Tax and customs rates"><option value="hmrc" selected>HM Revenue &amp; Customs</option></optgroup>"#))
            // August too: the history chart draws the two months as a step, level through August, then down to September's.
            let august2026 = try #require(CalendarDate(iso8601: "2026-08-01"))...(try #require(CalendarDate(iso8601: "2026-08-31")))
            #expect(await app.appServices.refresher.backfill(RateSource.hmrc.id, days: august2026, actor: "test")?.outcome == .stored)
            let chart = try await browser.get("/rates/GBP/USD?source=hmrc&date=2026-09-15")
            let line = try #require(chart.html.firstMatch(of: /<polyline class="chart-line" points="([^"]*)"\/>/)?.1)
            let corners = line.split(separator: " ").map { $0.split(separator: ",").map(String.init) }
            #expect(corners.count == 3 && corners[1][0] == corners[2][0] && corners[1][1] == corners[0][1], "\(line)")
            #expect(corners[0][1] != corners[2][1], "August's 1.3367 and September's 1.3554 dollars a pound")

            // The blend is the central banks' alone: its details name no tax authority.
            let blend = try await browser.get("/?from=EUR&to=USD&amount=100")
            #expect(blend.status == .ok && blend.html.contains(#"<span class="source-details-provider">European Central Bank</span>"#))
            #expect(!blend.html.contains(#"<span class="source-details-provider">HM Revenue"#))
        }
    }
}
