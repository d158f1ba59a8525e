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

/// The converter and its API on a past day, over HTTP on PostgreSQL holding the ECB sample's
/// five days (1999-01-04, 2008-09-15, 2020-03-13, 2025-05-08, 2025-05-09). Today is 2025-05-12.
@Suite("Converter on a past date over HTTP on PostgreSQL")
struct ConverterPastDatePageTests {
    func withSampleDays(_ test: (Application) async throws -> Void) async throws {
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app in
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 4))
            try await test(app)
        }
    }

    @Test("a past day's result page: the receipt, the ECB's rates of the Friday, links keeping the day")
    func resultOnAPastDay() async throws {
        try await withSampleDays { app in
            try await app.testing().test(.GET, "/?from=USD&to=EUR&amount=100&date=2020-03-15") { res in
                #expect(res.status == .ok)
                let html = res.html
                // 100 ÷ 1.1104 = 90.0576… EUR
                #expect(html.contains("<title>100 USD = 90.05 EUR on Mar 15, 2020 · Currency Converter</title>"))
                #expect(html.contains("Rates of Friday, March 13, 2020, the last ECB business day on or before Sunday, March 15, 2020"))
                #expect(html.contains("1 EUR = 1.1104 USD"))
                #expect(
                    html.contains(
                        "<input id=\"date\" name=\"date\" type=\"date\" min=\"1999-01-04\" max=\"2025-05-12\" value=\"2020-03-15\""))
                #expect(html.contains("href=\"/rates/USD/EUR?date=2020-03-15\">See this pair over time around Mar 15, 2020</a>"))
                #expect(html.contains("href=\"/?from=USD&amp;to=GBP&amp;amount=100&amp;date=2020-03-15\""))
                // HRK was quoted on that day, so it is in the menu though today's rates lack it.
                #expect(html.contains("<option value=\"HRK\">"))
                #expect(res.cookie(LastConversionCookie.name)?.string == "USD-EUR-100-2020-03-15")
            }
            // The latest rates' page does not list it.
            try await app.testing().test(.GET, "/?from=USD&to=EUR&amount=100") { res in
                #expect(!res.html.contains("<option value=\"HRK\">") && !res.html.contains("the last ECB business day"))
            }
        }
    }

    @Test(
        "a malformed, impossible or future date: 422 with the message at the date field, the input kept",
        arguments: [
            ("2020-02-30", "“2020-02-30” is not a date"), ("15%2F03%2F2020", "“15/03/2020” is not a date"),
            ("2020-3-5", "“2020-3-5” is not a date"), ("2025-05-13", "May 13, 2025 is in the future"),
            ("1998-12-31", "Rates start on Monday, January 4, 1999"),
        ])
    func invalidDate(query: String, message: String) async throws {
        try await withSampleDays { app in
            try await app.testing().test(.GET, "/?from=USD&to=EUR&amount=100&date=\(query)") { res in
                #expect(res.status == .unprocessableEntity)
                let html = res.html
                #expect(html.contains("<p class=\"field-error\" id=\"date-error\">\(HTML.escape(message))"), "\(query)")
                #expect(html.contains("aria-describedby=\"date-hint date-error\""))
                #expect(html.contains("value=\"100\"") && html.contains("<option value=\"USD\" selected>"))
                #expect(res.cookie(LastConversionCookie.name) == nil)
            }
        }
    }

    @Test("a currency not quoted that day: 422 at its field naming when it was quoted")
    func currencyNotQuoted() async throws {
        try await withSampleDays { app in
            try await app.testing().test(.GET, "/?from=EUR&to=HRK&amount=100&date=2025-05-08") { res in
                #expect(res.status == .unprocessableEntity)
                #expect(res.html.contains("There is no rate for HRK on May 8, 2025: it has rates from Sep 15, 2008 to Mar 13, 2020."))
                #expect(res.html.contains("<option value=\"HRK\" selected>"))
            }
        }
    }

    @Test("POST /convert and /swap keep the date in the redirect and the cookie; an empty date is the latest")
    func postsKeepTheDate() async throws {
        try await withSampleDays { app in
            let (headers, body) = formBody([("from", "USD"), ("to", "JPY"), ("amount", "1000"), ("date", "2008-09-15")])
            try await app.testing().test(.POST, "/convert", headers: headers, body: body) { res in
                #expect(res.status == .seeOther)
                #expect(res.headers.first(name: .location) == "/?from=USD&to=JPY&amount=1000&date=2008-09-15")
                #expect(res.cookie(LastConversionCookie.name)?.string == "USD-JPY-1000-2008-09-15")
            }
            try await app.testing().test(.POST, "/swap", headers: headers, body: body) { res in
                #expect(res.headers.first(name: .location) == "/?from=JPY&to=USD&amount=1000&date=2008-09-15")
            }
            let (emptyHeaders, emptyBody) = formBody([("from", "USD"), ("to", "JPY"), ("amount", "1000"), ("date", "")])
            try await app.testing().test(.POST, "/convert", headers: emptyHeaders, body: emptyBody) { res in
                #expect(res.headers.first(name: .location) == "/?from=USD&to=JPY&amount=1000")
                #expect(res.cookie(LastConversionCookie.name)?.string == "USD-JPY-1000")
            }
            // The remembered past conversion opens on its day.
            var cookies = HTTPHeaders()
            cookies.add(name: .cookie, value: "\(LastConversionCookie.name)=USD-JPY-1000-2008-09-15")
            try await app.testing().test(.GET, "/", headers: cookies) { res in
                // 1000 × 149.87 ÷ 1.4151 = 105907.71… JPY
                #expect(res.html.contains("1,000 USD = 105,907 JPY"))
                #expect(res.html.contains("value=\"2008-09-15\""))
            }
        }
    }

    @Test("the API on a past day: askedDate, ratesDate and the receipt; the same rules as the page")
    func apiOnAPastDay() async throws {
        try await withSampleDays { app in
            try await app.testing().test(.GET, "/api/v1/convert?from=GBP&to=USD&amount=100&date=1999-01-09") { res in
                #expect(res.status == .ok)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(res.body.readableBytesView)) as? [String: Any])
                // A Saturday: Monday 1999-01-04 is the only earlier day. 100 × 1.1789 ÷ 0.7111 = 165.78…
                #expect(json["result"] as? String == "165.78")
                #expect(json["askedDate"] as? String == "1999-01-09" && json["ratesDate"] as? String == "1999-01-04")
                #expect(
                    json["receipt"] as? String == "Rates of Monday 1999-01-04, the last ECB business day on or before Saturday 1999-01-09")
                #expect(json["url"] as? String == "/?from=GBP&to=USD&amount=100&date=1999-01-09")
            }
            try await app.testing().test(.GET, "/api/v1/convert?from=GBP&to=USD&amount=100") { res in
                let json = try #require(try JSONSerialization.jsonObject(with: Data(res.body.readableBytesView)) as? [String: Any])
                #expect(json["askedDate"] == nil && json["ratesDate"] as? String == "2025-05-09")
            }
            try await app.testing().test(.GET, "/api/v1/convert?from=GBP&to=USD&amount=100&date=2020-3-5") { res in
                #expect(res.status == .unprocessableEntity)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(res.body.readableBytesView)) as? [String: Any])
                let errors = try #require(json["errors"] as? [String: String])
                #expect(errors["date"]?.contains("is not a date") == true)
            }
            try await app.testing().test(.GET, "/api/v1/convert?from=EUR&to=RON&amount=1&date=1999-01-04") { res in
                #expect(res.status == .unprocessableEntity)
                #expect(res.body.string.contains("There is no rate for RON on 1999-01-04: it has rates from 2008-09-15 to 2025-05-09."))
            }
        }
    }
}
