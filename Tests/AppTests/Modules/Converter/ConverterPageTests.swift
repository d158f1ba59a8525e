import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Converter page over HTTP on PostgreSQL")
struct ConverterPageTests {
    @Test("first visit: the form with 100 USD to EUR converted from the bundled snapshot")
    func firstVisit() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/") { res in
                #expect(res.status == .ok)
                #expect(res.headers.contentType == .html)
                let html = res.html
                #expect(html.hasPrefix("<!doctype html>"))
                #expect(html.contains("<html lang=\"en\" dir=\"ltr\">"))
                #expect(html.contains("<title>100 USD = 88.87 EUR · Currency Converter</title>"))
                #expect(html.contains("<label for=\"amount\">Amount</label>"))
                #expect(html.contains("<label for=\"from\">From</label>") && html.contains("<select id=\"from\" name=\"from\">"))
                #expect(html.contains("<label for=\"to\">To</label>") && html.contains("<select id=\"to\" name=\"to\">"))
                #expect(html.contains("value=\"100\""))
                #expect(html.contains("100 USD = 88.87 EUR"))
                #expect(html.contains("1 USD = 0.8887 EUR"))
                #expect(html.contains("1 EUR = 1.1252 USD"))
                #expect(html.contains("Rates of May 9, 2025 (3 days ago)"))
                // The blend of what is stored: the bundled ECB day alone, named, linked and marked as bundled.
                #expect(
                    html.contains(
                        "<a href=\"https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html\" rel=\"noopener\">All official sources: European Central Bank</a>"
                    ))
                #expect(html.contains("bundled snapshot"))
                #expect(html.contains("action=\"/convert\"") && html.contains("formaction=\"/swap\""))
                #expect(html.contains("href=\"/about\""))
                // A first visit sets nothing: only an explicit conversion is remembered.
                #expect(res.cookie(LastConversionCookie.name) == nil)
            }
        }
    }

    @Test("lists every currency with a rate, sorted by code, as `USD — US Dollar · 1 source` (the blend of the ECB alone)")
    func currencyLists() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/") { res in
                let html = res.html
                // The ECB's 30 currencies and the euro, and the 30 pegged to one of them (AED to the dollar, XOF to the euro…).
                let from = html.components(separatedBy: "<select id=\"from\"")[1].components(separatedBy: "</select>")[0]
                #expect(from.occurrences(of: "<option value=") == 61)
                #expect(html.contains("<option value=\"AED\">AED — "))
                #expect(html.contains("<option value=\"USD\" selected>USD — US Dollar · 1 source</option>"))
                #expect(html.contains("<option value=\"EUR\" selected>EUR — Euro</option>"), "the blend's base")
                #expect(html.contains("<option value=\"JPY\">JPY — Japanese Yen · 1 source</option>"))
                let codes = html.components(separatedBy: "<select id=\"from\"")[1].components(separatedBy: "</select>")[0]
                    .components(separatedBy: "<option value=\"").dropFirst().map { String($0.prefix(3)) }
                #expect(codes == codes.sorted() && codes.count == 61)
            }
        }
    }

    @Test(
        "the canonical result URL converts and is remembered",
        arguments: [
            ("/?from=USD&to=JPY&amount=100", "100 USD = 14,518 JPY", "USD-JPY-100"),
            ("/?from=EUR&to=GBP&amount=100", "100 EUR = 84.77 GBP", "EUR-GBP-100"),
            ("/?from=GBP&to=USD&amount=1,5", "1.5 GBP = 1.99 USD", "GBP-USD-1.5"),
            ("/?from=usd&to=eur&amount=100", "100 USD = 88.87 EUR", "USD-EUR-100"),
        ])
    func resultPage(path: String, summary: String, cookie: String) async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, path) { res in
                #expect(res.status == .ok)
                #expect(res.html.contains("data-result=\"summary\">\(summary)</bdi>"))
                #expect(res.cookie(LastConversionCookie.name)?.string == cookie)
            }
        }
    }

    @Test("signed out, each result page's Sign in returns to that page, in the page's language, however often the pair is asked for")
    func signInReturnsToEachPage() async throws {
        try await withPostgresApp { app in
            // The header is the same for every anonymous page but for that address: from the
            // second page of a language on it is filled in rather than rendered.
            for amount in ["1", "2", "3.5", "40"] {
                let html = try await TestBrowser(app).get("/?from=USD&to=EUR&amount=\(amount)").html
                #expect(html.contains("<a href=\"/login?next=/%3Ffrom%3DUSD%26to%3DEUR%26amount%3D\(amount)\">Sign in</a>"), "\(amount)")
            }
            for amount in ["5", "6"] {
                let html = try await TestBrowser(app).send(
                    .GET, "/?from=USD&to=EUR&amount=\(amount)", headers: ["Accept-Language": "de"], body: ByteBuffer()
                ).html
                #expect(html.contains("<a href=\"/login?next=/%3Ffrom%3DUSD%26to%3DEUR%26amount%3D\(amount)\">Anmelden</a>"), "\(amount)")
            }
        }
    }

    @Test("an empty amount shows the form without a result or an error")
    func emptyAmount() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/?from=USD&to=EUR&amount=") { res in
                #expect(res.status == .ok)
                #expect(res.html.contains("aria-live=\"polite\" hidden>"))
                #expect(!res.html.contains("field-error"))
            }
        }
    }

    @Test(
        "invalid input: 422, the message at its field, the input kept",
        arguments: [
            ("/?from=USD&to=EUR&amount=01", "amount-error", "Remove the leading zeros.", "value=\"01\""),
            ("/?from=USD&to=EUR&amount=-5", "amount-error", "The amount can’t be negative.", "value=\"-5\""),
            ("/?from=USD&to=EUR&amount=1e5", "amount-error", "without an exponent", "value=\"1e5\""),
            ("/?from=USD&to=EUR&amount=1.123456789", "amount-error", "8 digits after", "value=\"1.123456789\""),
            ("/?from=XYZ&to=EUR&amount=5", "from-error", "There is no rate for the currency “XYZ”.", "value=\"5\""),
            ("/?from=USD&amount=5", "to-error", "Choose a currency to convert to.", "value=\"5\""),
        ])
    func invalidGET(path: String, errorID: String, message: String, kept: String) async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, path) { res in
                #expect(res.status == .unprocessableEntity)
                #expect(res.html.contains("<p class=\"field-error\" id=\"\(errorID)\">"))
                #expect(res.html.contains(message))
                #expect(res.html.contains("aria-describedby=\"\(errorID)\""))
                #expect(res.html.contains(kept))
                #expect(res.html.contains("aria-live=\"polite\" hidden>"))
                #expect(res.cookie(LastConversionCookie.name) == nil)
            }
        }
    }

    @Test("POST /convert answers 303 to the canonical URL and remembers it")
    func convertRedirects() async throws {
        try await withPostgresApp { app in
            let (headers, body) = formBody([("from", "GBP"), ("to", "CHF"), ("amount", "2,50")])
            try await app.testing().test(.POST, "/convert", headers: headers, body: body) { res in
                #expect(res.status == .seeOther)
                #expect(res.headers.first(name: .location) == "/?from=GBP&to=CHF&amount=2.50")
                let cookie = try #require(res.cookie(LastConversionCookie.name))
                #expect(cookie.string == "GBP-CHF-2.50")
                #expect(cookie.sameSite == .lax && cookie.path == "/")
            }
        }
    }

    @Test("POST /convert with bad input re-renders the form with 422 and keeps the input")
    func convertInvalid() async throws {
        try await withPostgresApp { app in
            let (headers, body) = formBody([("from", "GBP"), ("to", "CHF"), ("amount", "12abc")])
            try await app.testing().test(.POST, "/convert", headers: headers, body: body) { res in
                #expect(res.status == .unprocessableEntity)
                #expect(res.html.contains("Enter the amount in digits"))
                #expect(res.html.contains("value=\"12abc\""))
                #expect(res.html.contains("<option value=\"GBP\" selected>"))
                #expect(res.html.contains("<option value=\"CHF\" selected>"))
                #expect(res.cookie(LastConversionCookie.name) == nil)
            }
        }
    }

    @Test("POST /swap redirects with the currencies exchanged")
    func swap() async throws {
        try await withPostgresApp { app in
            let (headers, body) = formBody([("from", "USD"), ("to", "EUR"), ("amount", "100")])
            try await app.testing().test(.POST, "/swap", headers: headers, body: body) { res in
                #expect(res.status == .seeOther)
                #expect(res.headers.first(name: .location) == "/?from=EUR&to=USD&amount=100")
                #expect(res.cookie(LastConversionCookie.name)?.string == "EUR-USD-100")
            }
            let (emptyHeaders, emptyAmount) = formBody([("from", "USD"), ("to", "EUR"), ("amount", "")])
            try await app.testing().test(.POST, "/swap", headers: emptyHeaders, body: emptyAmount) { res in
                #expect(res.status == .seeOther)
                #expect(res.headers.first(name: .location) == "/?from=EUR&to=USD")
            }
        }
    }

    @Test("GET / restores the remembered conversion; a tampered or stale cookie falls back")
    func restoresFromCookie() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/", headers: ["Cookie": "last_conversion=GBP-JPY-20"]) { res in
                #expect(res.status == .ok)
                #expect(res.html.contains("20 GBP = 3,854 JPY"))
                #expect(res.html.contains("<option value=\"GBP\" selected>"))
            }
            for cookie in ["last_conversion=NZD-XXX-5", "last_conversion=%3Cscript%3E", "last_conversion=GBP-JPY-00"] {
                try await app.testing().test(.GET, "/", headers: ["Cookie": cookie]) { res in
                    #expect(res.status == .ok)
                    #expect(res.html.contains("100 USD = 88.87 EUR"))
                }
            }
        }
    }

    @Test("the whole round trip a browser makes: post, follow, come back later")
    func roundTrip() async throws {
        try await withPostgresApp { app in
            let (headers, body) = formBody([("from", "EUR"), ("to", "GBP"), ("amount", "100")])
            var location = ""
            var cookie = ""
            try await app.testing().test(.POST, "/convert", headers: headers, body: body) { res in
                location = try #require(res.headers.first(name: .location))
                cookie = try #require(res.cookie(LastConversionCookie.name)).string
            }
            try await app.testing().test(.GET, location) { res in
                #expect(res.html.contains("100 EUR = 84.77 GBP"))
            }
            try await app.testing().test(.GET, "/", headers: ["Cookie": "\(LastConversionCookie.name)=\(cookie)"]) { res in
                #expect(res.html.contains("100 EUR = 84.77 GBP"))
            }
        }
    }

    @Test("whatever is typed is shown as text, never as markup")
    func escapesInput() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/?from=%3Cscript%3E&to=EUR&amount=%22%3E%3Cimg%20src%3Dx%3E") { res in
                #expect(res.status == .unprocessableEntity)
                #expect(!res.html.contains("<script>"))
                #expect(!res.html.contains("<img src=x>"))
                #expect(res.html.contains("value=\"&quot;&gt;&lt;img src=x&gt;\""))
                #expect(res.html.contains("“&lt;script&gt;”"))
            }
        }
    }

    @Test("a form that is not a form gets a clear 4xx page, never a 500")
    func malformedPosts() async throws {
        try await withPostgresApp { app in
            let malformed: [(HTTPHeaders, String, HTTPStatus, String)] = [
                (
                    ["Content-Type": "application/json"], "{\"amount\": [1]}", .unsupportedMediaType,
                    "Forms are sent as application/x-www-form-urlencoded"
                ),
                (["Content-Type": "text/plain"], "x", .unsupportedMediaType, "Forms are sent as application/x-www-form-urlencoded"),
                (
                    ["Content-Type": "application/x-www-form-urlencoded"], "amount[]=1&from=USD&to=EUR", .badRequest,
                    "Parameters like “amount[]” are not accepted"
                ),
                (
                    ["Content-Type": "application/x-www-form-urlencoded"], "amount=1&from=USD&to=EUR&to=JPY", .badRequest,
                    "The parameter “to” is given more than once"
                ),
                (["Content-Type": "application/x-www-form-urlencoded"], "amount=1%zz", .badRequest, "malformed percent-encoding"),
            ]
            for (headers, body, status, message) in malformed {
                try await app.testing().test(.POST, "/convert", headers: headers, body: ByteBuffer(string: body)) { res in
                    #expect(res.status == status, "\(body)")
                    #expect(res.headers.contentType == .html)
                    #expect(res.html.contains(message), "\(body)")
                    #expect(!res.html.contains("Decod"))
                }
            }
        }
    }

    @Test("no rates at all: 503 with a Retry button, never a 500")
    func noRates() async throws {
        try await withPostgresApp(.emptyStore) { app in
            for path in ["/", "/?from=USD&to=EUR&amount=1"] {
                try await app.testing().test(.GET, path) { res in
                    #expect(res.status == .serviceUnavailable)
                    #expect(res.headers.first(name: "Retry-After") == "60")
                    #expect(res.html.contains("<title>Rates not available · Currency Converter</title>"))
                    #expect(res.html.contains("not available yet"))
                    #expect(res.html.contains(">Retry</button>"))
                }
            }
            let (headers, body) = formBody([("from", "USD"), ("to", "EUR"), ("amount", "1")])
            try await app.testing().test(.POST, "/convert", headers: headers, body: body) { res in
                #expect(res.status == .serviceUnavailable)
            }
        }
    }

    @Test("Retry succeeds once rates exist")
    func retryAfterRatesArrive() async throws {
        try await withPostgresApp(.emptyStore) { app in
            try await app.testing().test(.GET, "/") { res in #expect(res.status == .serviceUnavailable) }
            // Another instance stores rates; this one has none in memory yet.
            _ = try await app.appServices.rateStore.save(try Fixtures.bundledSnapshot())
            try await app.testing().test(.GET, "/") { res in
                #expect(res.status == .ok)
                #expect(res.html.contains("100 USD = 88.87 EUR"))
            }
        }
    }

    @Test("unknown pages get a readable 404 page")
    func notFound() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/no/such/page") { res in
                #expect(res.status == .notFound)
                #expect(res.headers.contentType == .html)
                #expect(res.html.contains("<title>404 Not Found</title>"))
                #expect(res.html.contains("There is no page at this address."))
            }
        }
    }

    @Test("static files are served from Public/")
    func staticFiles() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/css/app.css") { res in
                #expect(res.status == .ok)
                #expect(res.headers.contentType?.subType == "css")
            }
            try await app.testing().test(.GET, "/favicon.svg") { res in #expect(res.status == .ok) }
            try await app.testing().test(.GET, "/css/missing.css") { res in #expect(res.status == .notFound) }
        }
    }
}
