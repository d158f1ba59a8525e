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

    /// An app on PostgreSQL whose TCMB days of 2 to 6 March 2026 were backfilled from its
    /// recorded documents through the loopback stand-in.
    func withTCMB(_ test: (Application) async throws -> Void) async throws {
        let stub = try await KitProvidersStub.start()
        defer { Task { try? await stub.stop() } }
        var configuration = AppConfiguration.forTests(providers: [RateSource.tcmb.id], providerOrigins: [RateSource.tcmb.id: stub.url])
        configuration.providerKeys = KitProvidersStub.keys
        try await withPostgresApp(configuration: configuration, now: TestClock(Self.october).closure) { app in
            let days = try #require(CalendarDate(iso8601: "2026-03-02"))...(try #require(CalendarDate(iso8601: "2026-03-06")))
            #expect(await app.appServices.refresher.backfill(RateSource.tcmb.id, days: days, actor: "test")?.outcome == .stored)
            try await test(app)
        }
    }

    @Test("side=buying and side=selling answer TCMB's own figures; the mid is unchanged; /v2/providers lists each one's sides")
    func v2() async throws {
        try await withTCMB { app in
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

    @Test(
        "the converter page, /api/v1/convert and MCP's convert at a side: TCMB's own figure, the side named; the mid byte for byte as before"
    )
    func converter() async throws {
        try await withTCMB { app in
            let browser = TestBrowser(app)
            let api = "/api/v1/convert?from=USD&to=TRY&amount=100&date=2026-03-03&source=tcmb"
            let mid = try await browser.get(api)
            #expect(mid.status == .ok && mid.html.contains(#""result":"4392.45""#) && !mid.html.contains(#""side""#), "\(mid.html)")
            #expect(try await browser.get(api + "&side=mid").html == mid.html)
            let buying = try await browser.get(api + "&side=buying")
            #expect(buying.status == .ok && buying.html.contains(#""result":"4388.50""#), "\(buying.html)")
            #expect(buying.html.contains(#""side":"buying""#) && buying.html.contains(#""rate":"43.885""#))
            #expect(buying.html.contains(#"&source=tcmb&side=buying""#) && buying.html.contains(#" · Buying rate""#))
            #expect(buying.headers.first(name: .eTag) != mid.headers.first(name: .eTag))
            let selling = try await browser.get(api + "&side=selling")
            #expect(selling.html.contains(#""result":"4396.40""#) && selling.html.contains(#""side":"selling""#), "\(selling.html)")
            // The newest day's side, without a date: the same figure /v2 answers for it.
            let newest = try await browser.get("/v2/providers/tcmb/rates?base=USD&quotes=TRY&side=buying").html
            let latest = try await browser.get("/api/v1/convert?from=USD&to=TRY&amount=1&source=tcmb&side=buying").html
            let figure = try #require(newest.split(separator: ":").last?.split(separator: "}").first)
            #expect(latest.contains(#""rate":"\#(figure)""#), "\(newest) \(latest)")
            // Refused with a 422 naming the field.
            for (query, message) in [
                ("&side=buying&source=blend", "publishes only mid rates"), ("&side=ask", "“ask” is not a rate"),
            ] {
                let refused = try await browser.get(api.replacingOccurrences(of: "&source=tcmb", with: "") + query)
                #expect(refused.status == .unprocessableEntity && refused.html.contains(#""side":"#), "\(query): \(refused.html)")
                #expect(refused.html.contains(message), "\(query): \(refused.html)")
            }

            // The page: the menu for TCMB, the side's figure, its name in the receipt; none for the blend.
            let page = try await browser.get("/?from=USD&to=TRY&amount=100&date=2026-03-03&source=tcmb&side=selling")
            #expect(page.status == .ok && page.html.contains(#"<select id="side" name="side">"#), "\(page.html)")
            #expect(page.html.contains(#"<option value="selling" selected>Selling rate</option>"#))
            #expect(page.html.contains("100 USD = 4,396.40 TRY") && page.html.contains(" · Selling rate"), "\(page.html)")
            #expect(page.headers.first(name: .setCookie)?.contains("last_conversion=USD-TRY-100-2026-03-03~tcmb/selling") == true)
            let germanBrowser = TestBrowser(app)
            germanBrowser.setHeader("Accept-Language", "de")
            let german = try await germanBrowser.get("/?from=USD&to=TRY&amount=100&date=2026-03-03&source=tcmb&side=selling")
            #expect(german.html.contains("Verkaufskurs") && german.html.contains("4.396,40"), "\(german.html)")
            let blend = try await browser.get("/?from=USD&to=EUR&amount=100")
            #expect(blend.status == .ok && !blend.html.contains(#"id="side""#))
            let refused = try await browser.get("/?from=USD&to=EUR&amount=100&side=buying")
            #expect(refused.status == .unprocessableEntity && refused.html.contains(#"id="side-error""#), "\(refused.html)")
            // The form posts to the canonical address with the side.
            let posted = try await browser.post(
                "/convert", [("from", "USD"), ("to", "TRY"), ("amount", "5"), ("source", "tcmb"), ("side", "buying")])
            #expect(
                posted.status == .seeOther && posted.headers.first(name: .location) == "/?from=USD&to=TRY&amount=5&source=tcmb&side=buying")

            // MCP's convert takes the side and says it.
            let mcp = try await MCPHTTPTests.call(
                app, "convert", ["amount": "100", "from": "USD", "to": "TRY", "date": "2026-03-03", "source": "tcmb", "side": "buying"])
            #expect(!mcp.isError && mcp.structured["result"] as? String == "4388.50" && mcp.structured["side"] as? String == "buying")
            #expect(mcp.text.hasSuffix(" · Buying rate"), "\(mcp.text)")

            // A day stored without sides (as days were before sides were read): its side is none,
            // never the day before's taken for it; its mid converts as ever.
            var bare = RateSnapshot(
                source: "tcmb", baseCurrency: "TRY", effectiveDate: CalendarDate(iso8601: "2026-03-10")!, storedAt: Self.october,
                rates: ["USD": Fixtures.decimal("44.01")], quotation: .basePerUnit)
            bare.sides = RateSides()
            _ = try await app.appServices.rateStore.save(bare)
            let tenth = "/api/v1/convert?from=USD&to=TRY&amount=1&date=2026-03-10&source=tcmb"
            #expect(try await browser.get(tenth).html.contains(#""result":"44.01""#))
            let none = try await browser.get(tenth + "&side=buying")
            #expect(
                none.status == .unprocessableEntity && none.html.contains("has no buying rate of USD/TRY on 2026-03-10"), "\(none.html)")
            let v2 = try await browser.get("/v2/providers/tcmb/rates?date=2026-03-10&base=USD&quotes=TRY&side=buying")
            #expect(v2.status == .notFound && !v2.html.contains("43.885"), "\(v2.status) \(v2.html)")
        }
    }

    @Test(
        "a ledger at a side through the API, the page and MCP: each line at TCMB's own figure of its day, the receipt naming the side and each rate's"
    )
    func ledger() async throws {
        try await withTCMB { app in
            let file = Array("date,amount,currency\n2026-03-03,100,USD\n2026-03-02,1,USD\n".utf8)
            let csv = try await LedgerHTTPTests.post(app, "to=TRY&source=tcmb&side=buying", file)
            #expect(csv.status == .ok, "\(csv.html)")
            #expect(csv.html.contains("2026-03-03,100,USD,43.885,2026-03-03,tcmb,4388.50,"), "\(csv.html)")
            let json = try await LedgerHTTPTests.post(app, "to=TRY&source=tcmb&side=selling", file, accept: "application/json").html
            #expect(
                json.contains(#""side":"selling""#) && json.contains(#""rate":"43.964","rate_day":"2026-03-03","side":"selling""#),
                "\(json)")
            let mid = try await LedgerHTTPTests.post(app, "to=TRY&source=tcmb", file, accept: "application/json").html
            #expect(mid.contains(#""rate":"43.9245""#) && !mid.contains(#""side""#), "\(mid)")
            let refused = try await LedgerHTTPTests.post(app, "to=EUR&source=blend&side=buying", file)
            #expect(refused.status == .unprocessableEntity && refused.html.contains("publishes only mid rates"), "\(refused.html)")

            // The page: the Rate menu, the preview's receipt naming the side and each rate's.
            let visitor = TestBrowser(app)
            let form = try await visitor.get("/ledger")
            #expect(form.html.contains(#"<select id="side" name="side" aria-describedby="side-hint">"#), "\(form.html)")
            let preview = try await visitor.upload(
                "/ledger", [("to", "TRY"), ("source", "tcmb"), ("side", "buying"), ("action", "preview")], file: ("march.csv", file))
            #expect(preview.status == .ok && preview.html.contains("4,388.50"), "\(preview.html)")
            #expect(preview.html.contains("<dt>Rate</dt><dd><bdi dir=\"ltr\">Buying rate (buying)</bdi></dd>"), "\(preview.html)")
            #expect(preview.html.contains("<td><code>tcmb</code> · Buying rate</td>"))
            #expect(preview.html.contains(#"<option value="buying" selected>Buying rate</option>"#))

            // MCP's convert_ledger takes it too.
            let mcp = try await MCPHTTPTests.call(
                app, "convert_ledger", ["csv": String(decoding: file, as: UTF8.self), "to": "TRY", "source": "tcmb", "side": "buying"])
            #expect(
                !mcp.isError && (mcp.structured["csv"] as? String)?.contains(",43.885,2026-03-03,tcmb,4388.50,") == true,
                "\(mcp.structured)")
            #expect((mcp.structured["receipt"] as? [String: Any])?["side"] as? String == "buying", "\(mcp.structured)")
            #expect(mcp.text.contains(" (its buying rates); total 4432.30 TRY"), "4388.50 + 43.80: \(mcp.text)")
        }
    }
}
