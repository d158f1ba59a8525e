import Foundation
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import RateSources

/// A provider's buying and selling rates through `/v2`, stored from its recorded documents by a
/// backfill through the loopback stand-in: the publisher's own figure at each side, the mid as
/// it was, and a side never blended.
@Suite("Buying and selling rates through /v2 on PostgreSQL")
struct RateSidesAPITests {
    /// 2026-10-01: every recorded day is past.
    static let october = Date(timeIntervalSince1970: 1_790_812_800)

    @Test("side=buying and side=selling answer TCMB's own figures; the mid is unchanged; /v2/providers lists each one's sides")
    func v2() async throws {
        let stub = try await KitProvidersStub.start()
        defer { Task { try? await stub.stop() } }
        var configuration = AppConfiguration.forTests(providers: [RateSource.tcmb.id], providerOrigins: [RateSource.tcmb.id: stub.url])
        configuration.providerKeys = KitProvidersStub.keys
        try await withPostgresApp(configuration: configuration, now: TestClock(Self.october).closure) { app in
            let days = try #require(CalendarDate(iso8601: "2026-03-02"))...(try #require(CalendarDate(iso8601: "2026-03-06")))
            #expect(await app.appServices.refresher.backfill(RateSource.tcmb.id, days: days, actor: "test")?.outcome == .stored)
            let browser = TestBrowser(app)
            func record(_ rate: String, date: String = "2026-03-03") -> String {
                #"[{"date":"\#(date)","base":"USD","quote":"TRY","rate":\#(rate)}]"#
            }
            let day = "/v2/providers/tcmb/rates?date=2026-03-03&base=USD&quotes=TRY"
            // The mid, as before: the mean of the two; `side=mid` is the same answer.
            let mid = try await browser.get(day)
            #expect(mid.html == record("43.9245"), "\(mid.html)")
            #expect(try await browser.get(day + "&side=mid").html == mid.html)
            let buying = try await browser.get(day + "&side=buying")
            #expect(buying.status == .ok && buying.html == record("43.885"), "\(buying.html)")
            #expect(try await browser.get(day + "&side=SELLING").html == record("43.964"))
            // Each answer its own validator.
            #expect(buying.headers.first(name: .eTag) != mid.headers.first(name: .eTag))
            // The same through /v2/rates with the provider named alone, and /v2/rate.
            #expect(
                try await browser.get("/v2/rates?providers=tcmb&side=buying&date=2026-03-03&base=USD&quotes=TRY").html == buying.html)
            let one = try await browser.get("/v2/rate/USD/TRY?providers=TCMB&side=selling&date=2026-03-03")
            #expect(one.html == #"{"date":"2026-03-03","base":"USD","quote":"TRY","rate":43.964}"#, "\(one.html)")
            // A range of a side: each day the publisher wrote, as written.
            let range = try await browser.get("/v2/providers/tcmb/rates?from=2026-03-02&to=2026-03-03&base=USD&quotes=TRY&side=buying")
            #expect(range.html.hasPrefix(#"[{"date":"2026-03-02","base":"USD","quote":"TRY","rate":"#), "\(range.html)")
            #expect(range.html.hasSuffix(String(record("43.885").dropFirst())), "\(range.html)")

            // Refused, saying why: a side of the blend, of several providers, of one that writes none, or no side at all.
            for (query, message) in [
                ("/v2/rates?side=buying", "side=buying is one provider's own rate, never blended: name one provider"),
                ("/v2/rates?providers=tcmb,ecb&side=selling", "side=selling is one provider's own rate, never blended: name one provider"),
                ("/v2/providers/ecb/rates?side=buying", "ECB publishes no buying rate: side can be mid"),
                ("/v2/rate/EUR/USD?providers=ecb&side=selling", "ECB publishes no selling rate: side can be mid"),
                ("/v2/rates?providers=tcmb&side=sideways", "invalid side: use mid, buying or selling"),
            ] {
                let refused = try await browser.get(query)
                #expect(
                    refused.status == .unprocessableEntity && refused.html == #"{"message":"\#(message)"}"#, "\(query): \(refused.html)")
            }

            // Price lines at a side, for plain-text accounting: the publisher's buying rates, day by day.
            let prices = "/api/v1/prices?base=USD&quotes=TRY&from=2026-03-02&to=2026-03-03&source=tcmb"
            let ledger = try await browser.get(prices + "&format=ledger&side=buying")
            #expect(ledger.status == .ok && ledger.html == "P 2026-03-02 USD 43.8 TRY\nP 2026-03-03 USD 43.885 TRY\n", "\(ledger.html)")
            #expect(ledger.headers.first(name: .contentDisposition)?.contains("prices-USD-buying-2026-03-02-2026-03-03.journal") == true)
            let csv = try await browser.get(prices + "&format=csv&side=selling").html
            #expect(csv.hasSuffix("2026-03-03,USD,TRY,43.964,tcmb,selling rate\r\n"), "\(csv)")
            #expect(
                try await browser.get(prices + "&format=ledger&side=mid").html == (try await browser.get(prices + "&format=ledger").html))
            let json = try await browser.get(prices + "&side=buying").html
            #expect(json.contains(#"{"date":"2026-03-03","base":"USD","quote":"TRY","amount":"43.885","source":"tcmb","side":"buying"}"#))
            for (query, reason) in [
                ("&side=buying&source=blend", "side=buying is one provider's own rate, never blended: name its source."),
                ("&side=selling&source=ecb", "ecb publishes no selling rate: side can be mid."),
                ("&side=ask", "side is one of mid, buying and selling."),
            ] {
                let refused = try await browser.get(prices.replacingOccurrences(of: "&source=tcmb", with: "") + query)
                #expect(refused.status == .unprocessableEntity && refused.html.contains(reason), "\(query): \(refused.html)")
            }
            // MCP's get_rates takes the same side.
            let mcp = try await MCPHTTPTests.call(
                app, "get_rates", ["base": "USD", "quotes": "TRY", "date": "2026-03-03", "source": "tcmb", "side": "selling"])
            let records = try #require(mcp.structured["records"] as? [[String: Any]])
            #expect(!mcp.isError && (records.first?["rate"] as? NSNumber)?.decimalValue == Fixtures.decimal("43.964"), "\(mcp.text)")

            // What each provider lets `side` ask.
            let list = try await browser.get("/v2/providers").html
            #expect(list.contains(#""key":"TCMB","#) && list.contains(#""sides":["mid","buying","selling"]"#), "\(list)")
            #expect(try await browser.get("/v2/providers/ecb").html.contains(#""sides":["mid"]"#))
        }
    }
}
