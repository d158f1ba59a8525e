import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

/// Frankfurter's v2 API over HTTP on PostgreSQL, on the central banks' real documents served by
/// a loopback stand-in and refreshed on 2026-03-05: every endpoint, format and error as its
/// OpenAPI document (2.1.1) describes them.
@Suite("Frankfurter v2 API over HTTP on PostgreSQL")
struct FrankfurterV2APITests {
    func withBlend(_ test: (Application) async throws -> Void) async throws {
        let stub = try await CentralBanksStub.start()
        defer { Task { try? await stub.stop() } }
        let clock = TestClock(march5)
        try await withPostgresApp(configuration: .centralBanks(stub), now: clock.closure) { app in
            #expect(await app.appServices.historyLoader.storeForTest() != nil, "the bundled history stored")
            _ = await app.appServices.refresher.refresh(actor: "test")
            try await test(app)
        }
    }

    func records(_ response: BrowserResponse) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.html.utf8)) as? [[String: Any]])
    }

    func object(_ response: BrowserResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.html.utf8)) as? [String: Any])
    }

    @Test("/v2/rates: today's blend against the euro, every currency once, the base's own at 1, sorted; ETag, 304, CORS")
    func latest() async throws {
        try await withBlend { app in
            let response = try await TestBrowser(app).get("/v2/rates")
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType) == "application/json; charset=utf-8")
            #expect(response.headers.first(name: .accessControlAllowOrigin) == "*")
            #expect(response.headers.first(name: .cacheControl)?.hasPrefix("public, max-age=") == true)
            let list = try records(response)
            #expect(list.count >= 140)
            #expect(list.allSatisfy { $0["base"] as? String == "EUR" && $0["date"] as? String == "2026-03-05" })
            let quotes = list.compactMap { $0["quote"] as? String }
            #expect(quotes == quotes.sorted() && Set(quotes).count == quotes.count)
            #expect(response.html.contains(#"{"date":"2026-03-05","base":"EUR","quote":"EUR","rate":1}"#))
            // A pegged currency: the dirham, 3.6725 a dollar.
            let aed = try #require(list.first { $0["quote"] as? String == "AED" }?["rate"] as? Double)
            let usd = try #require(list.first { $0["quote"] as? String == "USD" }?["rate"] as? Double)
            #expect(abs(aed - usd * 3.6725) < 0.00001)

            let etag = try #require(response.headers.first(name: .eTag))
            let browser = TestBrowser(app)
            browser.setHeader("If-None-Match", etag)
            let again = try await browser.get("/v2/rates")
            #expect(again.status == .notModified && again.html.isEmpty)
            #expect(try await TestBrowser(app).get("/v2/rates?quotes=USD").headers.first(name: .eTag) != etag)
        }
    }

    @Test("base, quotes and providers: another base, a few quotes, one provider's own rates")
    func filters() async throws {
        try await withBlend { app in
            let usd = try records(try await TestBrowser(app).get("/v2/rates?base=usd&quotes=EUR,PLN"))
            #expect(usd.map { $0["quote"] as? String } == ["EUR", "PLN"] && usd.allSatisfy { $0["base"] as? String == "USD" })
            // The National Bank of Poland alone, against the złoty: its dollar at 3.6771 złoty.
            let nbp = try await TestBrowser(app).get("/v2/rates?providers=NBP&base=PLN&quotes=USD,PLN")
            #expect(
                nbp.html
                    == #"[{"date":"2026-03-05","base":"PLN","quote":"PLN","rate":1},{"date":"2026-03-05","base":"PLN","quote":"USD","rate":0.27195344}]"#
            )
            // Dataset codes are providers' keys, in any case.
            // Table B has no euro: it is placed through table A's złoty.
            #expect(
                try await TestBrowser(app).get("/v2/rates?providers=nbp,NBP.B&quotes=AFN&base=PLN").html.contains(
                    #""quote":"AFN","rate":17.659732"#))
            // Table B alone has no euro either: it answers through its own pivot, the złoty.
            let tableB = try object(try await TestBrowser(app).get("/v2/rate/AFN/PLN?date=2026-03-04&providers=nbp.b"))
            #expect(tableB["rate"] as? Double == 0.056626 && tableB["date"] as? String == "2026-03-04")
            let afn = try object(try await TestBrowser(app).get("/v2/rate/PLN/AFN?date=2026-03-04&providers=nbp.b"))
            #expect(afn["rate"] as? Double == 17.659732)
            // Without a base, table B answers against its pivot; the euro, which it does not quote, is not found.
            #expect(
                try await TestBrowser(app).get("/v2/rates?date=2026-03-04&providers=nbp.b&quotes=AFN").html
                    == #"[{"date":"2026-03-04","base":"PLN","quote":"AFN","rate":17.659732}]"#)
            #expect(try await TestBrowser(app).get("/v2/rates?date=2026-03-04&providers=nbp.b&base=EUR").status == .notFound)
            let single = try object(try await TestBrowser(app).get("/v2/rate/USD/PLN?providers=nbp"))
            #expect(single["quote"] as? String == "PLN" && single["rate"] as? Double == 3.6771 && single["date"] as? String == "2026-03-05")
        }
    }

    @Test("expand=providers: each provider's rate and day, rebased, the excluded marked; CSV and NDJSON")
    func expandAndFormats() async throws {
        try await withBlend { app in
            let expanded = try records(try await TestBrowser(app).get("/v2/rates?quotes=PLN&expand=providers"))
            let providers = try #require(expanded.first?["providers"] as? [[String: Any]])
            #expect(providers.map { $0["key"] as? String } == ["ECB", "CNB", "NBP", "NBU"])
            #expect(providers.first { $0["key"] as? String == "NBP" }?["rate"] as? Double == 4.2739)
            #expect(providers.allSatisfy { $0["date"] is String && $0["excluded"] == nil })

            let csv = try await TestBrowser(app).get("/v2/rates.csv?quotes=PLN,USD&expand=providers")
            #expect(csv.headers.first(name: .contentType) == "text/csv; charset=utf-8; header=present")
            let lines = csv.html.components(separatedBy: "\r\n")
            #expect(lines[0] == "date,base,quote,rate,providers" && lines.count == 4)
            #expect(lines[1].hasPrefix("2026-03-05,EUR,PLN,") && lines[1].contains(",ECB:4.2") && lines[1].contains("|NBP:4.2739|"))
            let browser = TestBrowser(app)
            browser.setHeader("Accept", "text/csv")
            #expect(try await browser.get("/v2/rates?quotes=USD").html.hasPrefix("date,base,quote,rate\r\n2026-03-05,EUR,USD,"))

            let ndjson = TestBrowser(app)
            ndjson.setHeader("Accept", "application/x-ndjson")
            let stream = try await ndjson.get("/v2/rates?quotes=USD,PLN")
            #expect(stream.headers.first(name: .contentType) == "application/x-ndjson")
            let objects = stream.html.split(separator: "\n").map {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(objects.count == 2 && objects.allSatisfy { $0?["rate"] is Double })
        }
    }

    @Test("ranges: the days any provider published, one provider's, by week; long ranges come whole")
    func ranges() async throws {
        try await withBlend { app in
            let days = try records(try await TestBrowser(app).get("/v2/rates?from=2026-03-02&to=2026-03-05&quotes=USD"))
            #expect(days.map { $0["date"] as? String } == ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"])
            let nbp = try records(
                try await TestBrowser(app).get("/v2/rates?from=2026-03-01&to=2026-03-04&quotes=USD&providers=nbp&base=PLN"))
            #expect(nbp.map { $0["date"] as? String } == ["2026-03-02", "2026-03-03", "2026-03-04"])
            #expect(nbp.first?["rate"] as? Double == 0.27734635) // 1 ÷ 3.6056
            let weeks = try records(try await TestBrowser(app).get("/v2/rates?from=2026-02-23&to=2026-03-05&quotes=USD&group=week"))
            #expect(weeks.map { $0["date"] as? String } == ["2026-02-23", "2026-03-02"])
            let months = try records(try await TestBrowser(app).get("/v2/rates?from=2026-02-02&to=2026-03-05&quotes=USD&group=month"))
            #expect(months.map { $0["date"] as? String } == ["2026-02-01", "2026-03-01"])
            // Every day since the ECB's first shipped one (a range without an end runs to today).
            let open = try records(try await TestBrowser(app).get("/v2/rates?from=2026-02-02&quotes=USD"))
            #expect(open.first?["date"] as? String == "2026-02-02" && open.last?["date"] as? String == "2026-03-05")
            // A few providers and quotes: no cap on the range, and the blend of only those
            // currencies (with what rebasing them needs) is the blend of all, narrowed.
            let few = try records(
                try await TestBrowser(app).get(
                    "/v2/rates?from=2020-01-01&to=2026-03-05&providers=ecb,nbp,nbp.b,cnb&quotes=USD,AFN&expand=providers"))
            let all = try records(
                try await TestBrowser(app).get("/v2/rates?from=2026-02-02&to=2026-03-05&providers=ecb,nbp,nbp.b,cnb&expand=providers"))
            #expect(few.count > 20 && few.contains { $0["quote"] as? String == "AFN" })
            #expect(
                NSArray(array: few) == NSArray(array: all.filter { ["USD", "AFN"].contains($0["quote"] as? String) }))
        }
    }

    @Test("a past day of the blend is the day kept for every day: the same records as the day blended again for its providers' rates")
    func pastDayAsKept() async throws {
        try await withBlend { app in
            for date in ["2026-03-04", "2026-03-01", "2026-03-02", "2026-02-10"] {
                for base in ["USD", "PLN"] {
                    let kept = try records(try await TestBrowser(app).get("/v2/rates?date=\(date)&base=\(base)"))
                    var recomputed = try records(try await TestBrowser(app).get("/v2/rates?date=\(date)&base=\(base)&expand=providers"))
                    for index in recomputed.indices { recomputed[index]["providers"] = nil }
                    #expect(kept.count > 25 && (kept.first?["date"] as? String).map { $0 <= date } == true, "\(date)")
                    #expect(NSArray(array: kept) == NSArray(array: recomputed), "\(date) in \(base)")
                }
            }
        }
    }

    @Test("errors are {\"message\": …}: 422 for input refused, 404 when no rates answer, never cached")
    func errors() async throws {
        try await withBlend { app in
            for (query, message) in [
                ("date=2026-13-01", "invalid date"), ("from=yesterday", "invalid date"),
                ("date=2026-03-02&from=2026-03-01", "conflicting params"), ("group=year", "invalid group"),
                ("expand=everything", "invalid expand: everything"), ("quotes=USD,XYZ", "invalid currency: XYZ"),
                ("base=QQQ", "invalid currency: QQQ"), ("foo=1&bar=2", "unknown parameter: bar, foo"),
                ("providers=FED", "invalid provider: FED"),
                (
                    "from=2020-01-01&to=2026-03-01&providers=nbp",
                    "ranges over 5 years with providers or expand=providers are too long; add group=week or group=month, name at most 5 providers and 5 quotes, or split the range"
                ),
            ] {
                let response = try await TestBrowser(app).get("/v2/rates?\(query)")
                #expect(response.status == .unprocessableEntity, "\(query)")
                #expect(try object(response)["message"] as? String == message, "\(query)")
                #expect(response.headers.first(name: .cacheControl) == "no-store", "\(query)")
                #expect(response.headers.first(name: .accessControlAllowOrigin) == "*")
            }
            let none = try await TestBrowser(app).get("/v2/rates?from=1990-01-01&to=1990-02-01")
            #expect(none.status == .notFound && none.html == #"{"message":"not found"}"#)
            #expect(try await TestBrowser(app).get("/v2/rate/USD/QQQ").status == .unprocessableEntity)
            #expect(try await TestBrowser(app).get("/v2/rate/USD/SEK?providers=nbp.b").status == .notFound)
            #expect(try await TestBrowser(app).get("/v2/nothing-here").html == #"{"message":"not found"}"#)
            #expect(try await TestBrowser(app).get("/v2").status == .notFound)
            let post = try await TestBrowser(app).post("/v2/rates", [])
            #expect(post.status == .methodNotAllowed && post.html.contains("method not allowed"))
        }
    }

    @Test("/v2/currencies, /v2/currency/{code} with its providers and peg, /v2/providers with their days and currencies")
    func currenciesAndProviders() async throws {
        try await withBlend { app in
            let currencies = try records(try await TestBrowser(app).get("/v2/currencies"))
            #expect(currencies.count >= 140)
            let pln = try #require(currencies.first { $0["iso_code"] as? String == "PLN" })
            #expect(pln["iso_numeric"] as? String == "985" && pln["name"] as? String == "Polish Złoty" && pln["symbol"] as? String == "zł")
            #expect(pln["start_date"] as? String == "2026-02-02" && pln["end_date"] as? String == "2026-03-05")
            let all = try records(try await TestBrowser(app).get("/v2/currencies?scope=all"))
            #expect(all.count >= currencies.count)
            let nbpOnly = try records(try await TestBrowser(app).get("/v2/currencies?providers=nbp"))
            #expect(nbpOnly.count == 33)
            #expect(try await TestBrowser(app).get("/v2/currencies?scope=some").status == .unprocessableEntity)

            let aed = try object(try await TestBrowser(app).get("/v2/currency/aed"))
            #expect(aed["iso_code"] as? String == "AED")
            let peg = try #require(aed["peg"] as? [String: Any])
            #expect(
                peg["base"] as? String == "USD" && peg["rate"] as? Double == 3.6725
                    && peg["authority"] as? String == "Central Bank of the UAE")
            #expect((aed["providers"] as? [String])?.contains("NBP.B") == true)
            let zloty = try object(try await TestBrowser(app).get("/v2/currency/PLN"))
            #expect(zloty["providers"] as? [String] == ["ECB", "CNB", "NBP", "NBP.B", "NBU"] && zloty["peg"] == nil)
            #expect(try await TestBrowser(app).get("/v2/currency/QQQ").html == #"{"message":"not found"}"#)

            let providers = try records(try await TestBrowser(app).get("/v2/providers"))
            #expect(providers.map { $0["key"] as? String } == ["ECB", "BOC", "CNB", "NBP", "NBP.B", "CBR", "NB", "RBA", "NBU", "BOE"])
            let nbp = try #require(providers.first { $0["key"] as? String == "NBP" })
            #expect(nbp["pivot_currency"] as? String == "PLN" && nbp["country_code"] as? String == "PL")
            #expect(nbp["start_date"] as? String == "2026-03-02" && nbp["end_date"] as? String == "2026-03-05")
            #expect(nbp["publish_cadence"] as? String == "daily" && nbp["publishes_missed"] as? Int == 0)
            #expect((nbp["currencies"] as? [String])?.count == 33)
            let tableB = try #require(providers.first { $0["key"] as? String == "NBP.B" })
            #expect(tableB["publish_cadence"] as? String == "weekly")
            // No Bank of England day is stored yet on 2026-03-05.
            let boe = try #require(providers.first { $0["key"] as? String == "BOE" })
            #expect(boe["end_date"] is NSNull && boe["publishes_missed"] is NSNull && (boe["currencies"] as? [String])?.isEmpty == true)
        }
    }
}
