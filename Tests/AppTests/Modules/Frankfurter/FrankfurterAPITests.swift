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

/// `/v1` over HTTP on PostgreSQL holding ten real ECB days (``FakeReferenceDays/frankfurterDays()``).
/// Today is Monday 2025-05-12, 12:00 UTC: the ECB publishes at 14:00 UTC.
@Suite("The Frankfurter v1 API over HTTP on PostgreSQL")
struct FrankfurterAPITests {
    func withFrankfurterDays(
        _ configuration: AppConfiguration = .forTests(bundledRatesFile: Fixtures.frankfurterArchive),
        _ test: (Application) async throws -> Void
    ) async throws {
        try await withPostgresApp(configuration: configuration, now: { testNow }) { app in
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 9))
            try await test(app)
        }
    }

    @Test("each endpoint: JSON, an ETag, public caching until the next publication (a day when final), CORS")
    func endpoints() async throws {
        try await withFrankfurterDays { app in
            try await app.testing().test(.GET, "/v1/latest") { res in
                #expect(res.status == .ok)
                #expect(res.headers.contentType?.description == "application/json; charset=utf-8")
                #expect(res.body.string.hasPrefix(#"{"amount":1.0,"base":"EUR","date":"2025-05-09","rates":{"AUD":1.7572,"#))
                #expect(res.headers.first(name: .cacheControl) == "public, max-age=7200") // until 14:00 UTC
                #expect(res.headers.first(name: .eTag)?.hasPrefix("W/\"") == true)
                #expect(res.headers.first(name: .accessControlAllowOrigin) == "*")
            }
            let expected = try String(contentsOf: Fixtures.resource("frankfurter-v1-latest-from-USD-2024-07-26.json"), encoding: .utf8)
            try await app.testing().test(.GET, "/v1/2024-07-26?from=USD") { res in
                #expect(res.body.string == expected.trimmingCharacters(in: .whitespacesAndNewlines))
                #expect(res.headers.first(name: .cacheControl) == "public, max-age=86400") // a later day is stored
            }
            try await app.testing().test(.GET, "/v1/2020-03-15?to=USD,GBP&amount=100") { res in
                #expect(res.body.string == #"{"amount":100.0,"base":"EUR","date":"2020-03-13","rates":{"GBP":89.07,"USD":111.04}}"#)
            }
            try await app.testing().test(.GET, "/v1/2007-12-28..2008-01-02?from=CYP&to=EUR") { res in
                #expect(
                    res.body.string
                        == #"{"amount":1.0,"base":"CYP","start_date":"2007-12-28","end_date":"2007-12-31","rates":{"2007-12-28":{"EUR":1.7086},"2007-12-31":{"EUR":1.7086}}}"#
                )
            }
            try await app.testing().test(.GET, "/v1/1999-01-04..?to=USD") { res in
                let body = try JSONSerialization.jsonObject(with: Data(res.body.string.utf8)) as? [String: Any]
                #expect(body?["start_date"] as? String == "1999-01-04" && body?["end_date"] as? String == "2025-05-09")
                #expect((body?["rates"] as? [String: Any])?.count == 10)
                #expect(res.headers.first(name: .cacheControl) == "public, max-age=7200")
            }
            try await app.testing().test(.GET, "/v1/currencies") { res in
                #expect(res.status == .ok && res.body.string.contains(#""USD":"United States Dollar""#))
                #expect(res.headers.first(name: .eTag) != nil && res.headers.first(name: .accessControlAllowOrigin) == "*")
            }
            try await app.testing().test(.GET, "/v1/current?to=USD") { res in
                #expect(res.body.string == #"{"amount":1.0,"base":"EUR","date":"2025-05-09","rates":{"USD":1.1252}}"#)
            }
        }
    }

    @Test("If-None-Match with the ETag is a 304 with no body; another query or amount has another ETag")
    func notModified() async throws {
        try await withFrankfurterDays { app in
            var etag = ""
            try await app.testing().test(.GET, "/v1/latest?to=USD") { res in etag = try #require(res.headers.first(name: .eTag)) }
            try await app.testing().test(.GET, "/v1/latest?to=USD", headers: ["If-None-Match": etag]) { res in
                #expect(res.status == .notModified && res.body.readableBytes == 0)
                #expect(res.headers.first(name: .eTag) == etag && res.headers.first(name: .cacheControl) == "public, max-age=7200")
                #expect(res.headers.first(name: .accessControlAllowOrigin) == "*")
            }
            for other in ["/v1/latest?to=GBP", "/v1/latest?to=USD&amount=2", "/v1/latest?to=USD&from=GBP"] {
                try await app.testing().test(.GET, other, headers: ["If-None-Match": etag]) { res in #expect(res.status == .ok, "\(other)")
                }
            }
            var currencies = ""
            try await app.testing().test(.GET, "/v1/currencies") { res in currencies = try #require(res.headers.first(name: .eTag)) }
            try await app.testing().test(.GET, "/v1/currencies", headers: ["If-None-Match": currencies]) { res in
                #expect(res.status == .notModified)
            }
        }
    }

    @Test("errors as Frankfurter gives them, as JSON with CORS, never cached: 404 not found, 422 with its message")
    func errors() async throws {
        try await withFrankfurterDays { app in
            let cases: [(String, HTTPStatus, String)] = [
                ("/v1/latest?from=XYZ", .notFound, #"{"message":"not found"}"#),
                ("/v1/latest?to=XYZ", .notFound, #"{"message":"not found"}"#),
                ("/v1/1998-12-31", .notFound, #"{"message":"not found"}"#),
                ("/v1/2030-01-01..", .notFound, #"{"message":"not found"}"#),
                ("/v1/nothing", .notFound, #"{"message":"not found"}"#),
                ("/v1/nothing/here", .notFound, #"{"message":"not found"}"#),
                ("/v1", .notFound, #"{"message":"not found"}"#),
                ("/v1/latest?amount=0", .unprocessableEntity, #"{"message":"invalid amount"}"#),
                ("/v1/latest?amount=-5", .unprocessableEntity, #"{"message":"invalid amount"}"#),
                ("/v1/latest?amount=ten", .unprocessableEntity, #"{"message":"invalid amount"}"#),
                ("/v1/2025-02-30", .unprocessableEntity, #"{"message":"invalid date"}"#),
                ("/v1/2025-01-01..2025-13-01", .unprocessableEntity, #"{"message":"invalid date"}"#),
                ("/v1/latest?from=USD&to=USD", .unprocessableEntity, #"{"message":"bad currency pair"}"#),
                ("/v1/latest?to=EUR", .unprocessableEntity, #"{"message":"bad currency pair"}"#),
            ]
            for (path, status, body) in cases {
                try await app.testing().test(.GET, path) { res in
                    #expect(res.status == status, "\(path)")
                    #expect(res.body.string == body, "\(path)")
                    #expect(res.headers.contentType?.description == "application/json; charset=utf-8", "\(path)")
                    #expect(res.headers.first(name: .accessControlAllowOrigin) == "*", "\(path)")
                    #expect(res.headers.first(name: .cacheControl) == "no-store", "\(path)")
                }
            }
            // A query this app refuses before any route (a repeated parameter) is still JSON.
            try await app.testing().test(.GET, "/v1/latest?to=USD&to=GBP") { res in
                #expect(res.status == .badRequest && res.body.string.hasPrefix(#"{"message":"The parameter “to” is given more than once"#))
            }
        }
    }

    @Test("a preflight from another site's page is answered for /v1 as for /api/v1")
    func preflight() async throws {
        try await withFrankfurterDays { app in
            let headers: HTTPHeaders = ["Origin": "https://example.org", "Access-Control-Request-Method": "GET"]
            try await app.testing().test(.OPTIONS, "/v1/latest", headers: headers) { res in
                #expect(res.status == .noContent)
                #expect(res.headers.first(name: .accessControlAllowOrigin) == "*")
                #expect(res.headers.first(name: .accessControlAllowMethods) == "GET, HEAD, OPTIONS")
            }
        }
    }

    @Test(
        "with ExchangeRate-API as provider, /v1 serves the ECB's days only; a scheduled refresh fetches the ECB's daily rates too, which do not replace the converter's"
    )
    func ecbOnlyBesideAnotherProvider() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        let configuration = AppConfiguration.forTests(
            ratesProvider: .exchangeRateAPI, ratesProviderURL: stub.url(.exchangeRateAPI), ecbDailyURL: stub.url(.ecbDailyToday),
            bundledRatesFile: Fixtures.frankfurterArchive)
        try await withFrankfurterDays(configuration) { app in
            let refresher = app.appServices.refresher
            #expect(await refresher.refreshIfDue(every: 3600)?.map(\.outcome) == [.stored, .stored])
            #expect(stub.hits(.exchangeRateAPI) == 1 && stub.hits(.ecbDailyToday) == 1)
            // The converter's rates are ExchangeRate-API's (162 currencies, 2025-05-11), though the ECB's day is newer.
            let current = try #require(await app.appServices.currentRates.currentSnapshot())
            #expect(current.source == "exchangerate-api" && current.effectiveDate == CalendarDate(iso8601: "2025-05-11"))
            try await app.appServices.currentRates.reload()
            #expect(await app.appServices.currentRates.currentSnapshot()?.source == "exchangerate-api")

            try await app.testing().test(.GET, "/v1/latest") { res in
                #expect(res.body.string.hasPrefix(#"{"amount":1.0,"base":"EUR","date":"2025-05-12","rates":{"AUD":"#))
                #expect(res.body.string.contains(#""USD":1.13,"#) && !res.body.string.contains("AED"))
                #expect(res.headers.first(name: .cacheControl) == "public, max-age=7200")
            }
            try await app.testing().test(.GET, "/v1/currencies") { res in #expect(!res.body.string.contains("AED")) }
            try await app.testing().test(.GET, "/api/v1/rates/latest") { res in #expect(res.body.string.contains("\"AED\"")) }
            try await app.testing().test(.GET, "/v1/2025-05-11?to=USD") { res in
                #expect(res.body.string == #"{"amount":1.0,"base":"EUR","date":"2025-05-09","rates":{"USD":1.1252}}"#)
            }
            // The ECB's day is stored once.
            #expect(await refresher.refreshReferenceRates().outcome == .unchanged)
        }
    }
}
