import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import RateSources
@testable import ServiceInterfaces

/// Defect 1: for the first seconds after a first start only the newest bundled day is stored,
/// and past days answered "not found" (clients and caches took that as final). Until the load
/// has stored them, every API and page that reads them answers 503 with `Retry-After` and how
/// far the load has come.
@Suite("Past days while the bundled history loads: a 503 to retry, never a 404")
struct HistoryLoadingTests {
    /// Each reads a day of the five-day sample archive before its newest (2025-05-09).
    static let pastDays = [
        "/v1/2020-03-13", "/v1/1999-01-04..", "/v1/2008-09-15..2020-03-13?symbols=USD",
        "/v2/rates?date=2020-03-13", "/v2/rate/USD/JPY?date=2020-03-13", "/v2/rates?from=1999-01-04&to=2000-01-01",
        "/v2/currencies", "/v2/currency/USD", "/v2/providers",
        "/api/v1/convert?from=USD&to=EUR&amount=10&date=2020-03-13",
        "/?from=USD&to=EUR&amount=10&date=2020-03-13",
        "/rates/USD/EUR", "/rates/USD/JPY?range=all", "/rates/USD/EUR/daily.csv?range=5y",
    ]

    @Test("every answer that needs a day not stored yet waits (503, Retry-After, N of 5 days); the newest day answers; then all do")
    func pastDaysWaitForTheLoad() async throws {
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app in
            // given: a first start: the newest of the archive's five days stored, the other four due
            #expect(app.appServices.historyProgress.pending == .init(through: CalendarDate(iso8601: "2025-05-08")!, stored: 1, total: 5))
            for path in Self.pastDays {
                let response = try await TestBrowser(app).get(path)
                #expect(response.status == .serviceUnavailable, "\(path)")
                #expect(response.headers.first(name: .retryAfter) == "5", "\(path)")
                #expect(response.headers.first(name: .cacheControl)?.contains("no-store") == true, "\(path)")
                #expect(response.html.contains("The rate history is still being stored (1 of 5 days)"), "\(path): \(response.html)")
            }
            // The shapes clients read: v1 and v2 their JSON, the API a problem document, pages a page.
            #expect(
                try await TestBrowser(app).get("/v1/2020-03-13").html
                    == #"{"message":"The rate history is still being stored (1 of 5 days); try again in a few seconds."}"#)
            let problem = try await TestBrowser(app).get("/api/v1/convert?from=USD&to=EUR&amount=10&date=2020-03-13")
            #expect(problem.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true)
            let page = try await TestBrowser(app).get("/?from=USD&to=EUR&amount=10&date=2020-03-13")
            #expect(page.html.contains("<title>503 Service Unavailable"))
            let german = TestBrowser(app)
            german.setHeader("Accept-Language", "de")
            #expect(try await german.get("/rates/USD/EUR").html.contains("Der Kursverlauf wird noch gespeichert (1 von 5 Tagen)"))
            // The newest day, and answers that need no past day, do not wait.
            for path in [
                "/v1/latest", "/v1/2025-05-09", "/v2/rates", "/?from=USD&to=EUR&amount=10", "/api/v1/convert?from=USD&to=EUR&amount=1",
            ] {
                #expect(try await TestBrowser(app).get(path).status == .ok, "\(path)")
            }

            // when: the load has stored the days
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 4))
            // then: they answer
            #expect(app.appServices.historyProgress.pending == nil)
            for path in Self.pastDays {
                #expect(try await TestBrowser(app).get(path).status == .ok, "\(path)")
            }
            #expect(try await TestBrowser(app).get("/v1/2020-03-13").html.contains(#""date":"2020-03-13""#))
        }
    }

    @Test("the ledger converts nothing until every day is stored: 503 to retry, for its API and its page")
    func ledgerWaits() async throws {
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app in
            let csv = ByteBuffer(string: "date,amount,currency\r\n2020-03-13,10,USD\r\n")
            let api = try await TestBrowser(app).send(
                .POST, "/api/v1/ledger?to=EUR&source=ecb", headers: ["Content-Type": "text/csv"], body: csv)
            #expect(api.status == .serviceUnavailable && api.headers.first(name: .retryAfter) == "5")
            #expect(api.html.contains("still being stored (1 of 5 days)"))
            _ = await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test"))
            let converted = try await TestBrowser(app).send(
                .POST, "/api/v1/ledger?to=EUR&source=ecb", headers: ["Content-Type": "text/csv"], body: csv)
            #expect(converted.status == .ok, "\(converted.html)")
        }
    }

    @Test("the load's progress: which days wait, with the load's own count while it stores; other central banks' days never wait")
    func progress() throws {
        let progress = BundledHistoryProgress()
        let day = { (text: String) in CalendarDate(iso8601: text)! }
        try progress.check(from: nil, of: .blend) // nothing pending
        progress.expect(.init(through: day("2025-05-08"), stored: 1, total: 5))
        #expect(throws: HistoryStillLoading(stored: 1, total: 5)) { try progress.check(from: day("2025-05-08"), of: .blend) }
        #expect(throws: HistoryStillLoading(stored: 1, total: 5)) { try progress.check(from: nil, of: RateSource.ecb.id) }
        try progress.check(from: day("2025-05-09"), of: .blend)
        try progress.check(from: nil, of: RateSource.nbp.id)
        progress.set(.storing(stored: 3, total: 5))
        #expect(throws: HistoryStillLoading(stored: 3, total: 5)) { try progress.check(from: day("2020-03-13"), of: .blend) }
        progress.set(nil) // the load ended, whatever became of it
        try progress.check(from: nil, of: .blend)
        #expect(progress.pending == nil)
    }

    @Test("an archive's span from its first and last rows: oldest and newest day, how many")
    func span() throws {
        let span = try BundledRates(archive: Fixtures.sampleArchive).span()
        #expect(span == .init(oldest: CalendarDate(iso8601: "1999-01-04")!, newest: CalendarDate(iso8601: "2025-05-09")!, days: 5))
        // The shipped archive, without reading its days (`ECBHistoryArchiveTests` reads them all).
        #expect(
            try BundledRates.shipped().span()
                == .init(oldest: CalendarDate(iso8601: "1999-01-04")!, newest: CalendarDate(iso8601: "2026-10-30")!, days: 7126))
    }
}
