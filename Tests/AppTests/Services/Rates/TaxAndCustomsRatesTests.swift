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
        configuration.ratesTimeout = 20
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

    @Test("/v2 serves HMRC alone: its own route and metadata, the list with each kind, providers=hmrc alone, never mixed in a blend")
    func v2() async throws {
        let stub = try await KitProvidersStub.start()
        defer { Task { try? await stub.stop() } }
        var configuration = AppConfiguration.forTests(providers: [RateSource.hmrc.id], providerOrigins: [RateSource.hmrc.id: stub.url])
        configuration.ratesTimeout = 20
        try await withPostgresApp(configuration: configuration, now: TestClock(Self.tenthOfOctober).closure) { app in
            let months = try #require(CalendarDate(iso8601: "2026-08-01"))...(try #require(CalendarDate(iso8601: "2026-09-30")))
            #expect(await app.appServices.refresher.backfill(RateSource.hmrc.id, days: months, actor: "test")?.outcome == .stored)
            let browser = TestBrowser(app)
            let metadata = try await browser.get("/v2/providers/hmrc")
            #expect(metadata.status == .ok)
            let provider = try #require(try JSONSerialization.jsonObject(with: Data(metadata.body.readableBytesView)) as? [String: Any])
            #expect(provider["key"] as? String == "HMRC" && provider["kind"] as? String == "tax and customs")
            #expect(provider["publish_cadence"] as? String == "monthly" && provider["pivot_currency"] as? String == "GBP")
            #expect(provider["start_date"] as? String == "2026-08-01" && provider["end_date"] as? String == "2026-09-01")
            #expect(provider["terms_url"] as? String == "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/")
            let list = try await browser.get("/v2/providers")
            #expect(list.html.contains(#""key":"HMRC""#) && list.html.contains(#""kind":"central bank""#))
            #expect(try await browser.get("/v2/providers/nowhere").status == .notFound)
            #expect(try await browser.get("/v2/providers/ecb").html.contains(#""kind":"central bank""#))
            // A central bank's own route answers from its own days too (the bundled ECB day).
            let ecb = try await browser.get("/v2/providers/ecb/rates?date=2025-05-09&quotes=USD")
            #expect(ecb.html == #"[{"date":"2025-05-09","base":"EUR","quote":"USD","rate":1.1252}]"#, "\(ecb.html)")

            // September's rate on a day of September: dated on its first day, as published.
            let day = try await browser.get("/v2/providers/HMRC/rates?date=2026-09-15&quotes=USD,EUR")
            #expect(
                day.html
                    == #"[{"date":"2026-09-01","base":"GBP","quote":"EUR","rate":1.1681},{"date":"2026-09-01","base":"GBP","quote":"USD","rate":1.3554}]"#,
                "\(day.html)")
            #expect(try await browser.get("/v2/rates?providers=hmrc&date=2026-09-15&quotes=USD,EUR").html == day.html)
            // Rebased: a dollar in pounds; and as CSV.
            let csv = try await browser.get("/v2/providers/hmrc/rates.csv?date=2026-09-15&base=USD&quotes=GBP")
            #expect(csv.html == "date,base,quote,rate\r\n2026-09-01,USD,GBP,0.73778958\r\n", "\(csv.html)")
            // A range: August's rate in force on its first day, then September's.
            let range = try await browser.get("/v2/providers/hmrc/rates?from=2026-08-15&to=2026-09-10&quotes=USD")
            #expect(range.html.contains(#""date":"2026-08-01""#) && range.html.contains(#""date":"2026-09-01""#), "\(range.html)")
            // 9 October: September's rate is past its week of grace, October's was never fetched.
            #expect(try await browser.get("/v2/providers/hmrc/rates?date=2026-10-09").status == .notFound)
            // Never mixed into a blend; the route names its provider itself.
            let mixed = try await browser.get("/v2/rates?providers=hmrc,ecb")
            #expect(mixed.status == .unprocessableEntity && mixed.html.contains("HMRC is never blended: ask for it alone"))
            #expect(try await browser.get("/v2/providers/hmrc/rates?providers=ecb").status == .unprocessableEntity)
        }
    }
}
