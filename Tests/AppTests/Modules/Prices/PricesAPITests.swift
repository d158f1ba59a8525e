import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core

/// `GET /api/v1/prices` over HTTP on PostgreSQL holding the ECB sample's five days (1999-01-04,
/// 2008-09-15, 2020-03-13, 2025-05-08, 2025-05-09): each format line by line, a cross rate and
/// an inverted one to ten significant digits, and every refusal with its status.
@Suite("Prices for plain-text accounting over HTTP on PostgreSQL")
struct PricesAPITests {
    func withSampleDays(_ test: (Application) async throws -> Void) async throws {
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app in
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 4))
            try await test(app)
        }
    }

    @Test("Ledger and hledger: a P directive a day and quote, oldest day first, the quotes in the order asked; a file to download")
    func ledger() async throws {
        try await withSampleDays { app in
            try await app.testing().test(
                .GET, "/api/v1/prices?base=EUR&quotes=USD,GBP&from=2025-05-01&to=2025-05-09&source=ecb&format=ledger"
            ) { res in
                #expect(res.status == .ok && res.headers.contentType?.description.hasPrefix("text/plain") == true)
                #expect(
                    res.headers.first(name: .contentDisposition) == #"attachment; filename="prices-EUR-2025-05-01-2025-05-09.journal""#)
                #expect(
                    res.body.string
                        == "P 2025-05-08 EUR 1.1297 USD\nP 2025-05-08 EUR 0.8476 GBP\nP 2025-05-09 EUR 1.1252 USD\nP 2025-05-09 EUR 0.8477 GBP\n"
                )
            }
        }
    }

    @Test("Beancount, inverted: one dollar in euros, 1 / 1.1297 to ten significant digits")
    func beancountInverted() async throws {
        try await withSampleDays { app in
            try await app.testing().test(
                .GET, "/api/v1/prices?base=EUR&quotes=USD&from=2025-05-08&to=2025-05-09&source=ecb&format=beancount&invert=true"
            ) { res in
                #expect(res.status == .ok)
                #expect(res.body.string == "2025-05-08 price USD 0.8851907586 EUR\n2025-05-09 price USD 0.8887308923 EUR\n")
            }
        }
    }

    @Test("CSV in pricehist's columns: a cross rate through the euro, the source and its rate type")
    func csv() async throws {
        try await withSampleDays { app in
            try await app.testing().test(.GET, "/api/v1/prices?base=USD&quotes=GBP&from=2025-05-08&to=2025-05-09&source=ecb&format=csv") {
                res in
                #expect(res.status == .ok && res.headers.contentType?.description.hasPrefix("text/csv") == true)
                // 0.8476 / 1.1297 and 0.8477 / 1.1252.
                #expect(
                    res.body.string
                        == "date,base,quote,amount,source,type\r\n2025-05-08,USD,GBP,0.750287687,ecb,reference rate\r\n"
                        + "2025-05-09,USD,GBP,0.7533771774,ecb,reference rate\r\n")
            }
        }
    }

    @Test("JSON by default; a range holding one stored day gives one price; every quoted currency when none are named")
    func json() async throws {
        try await withSampleDays { app in
            try await app.testing().test(.GET, "/api/v1/prices?base=EUR&quotes=usd&from=2008-01-01&to=2008-12-31&source=ecb") { res in
                #expect(res.status == .ok && res.headers.contentType?.description.hasPrefix("application/json") == true)
                #expect(res.body.string == #"[{"date":"2008-09-15","base":"EUR","quote":"USD","amount":"1.4151","source":"ecb"}]"#)
            }
            try await app.testing().test(.GET, "/api/v1/prices?base=EUR&from=2025-05-09&to=2025-05-09&source=ecb&format=ledger") { res in
                let lines = res.body.string.split(separator: "\n")
                #expect(res.status == .ok && lines.count > 25 && lines.allSatisfy { $0.hasPrefix("P 2025-05-09 EUR ") })
                #expect(lines.contains("P 2025-05-09 EUR 163.36 JPY"))
            }
        }
    }

    @Test("the history page's form asks for the pair's prices over the range's days, from the page's source, for Ledger by default")
    func historyPageForm() async throws {
        try await withSampleDays { app in
            let page = try await TestBrowser(app).get("/rates/EUR/USD?source=ecb")
            #expect(page.status == .ok)
            for part in [
                #"<form class="history-prices" method="get" action="/api/v1/prices">"#, #"<input type="hidden" name="base" value="EUR">"#,
                #"<input type="hidden" name="quotes" value="USD">"#, #"<input type="hidden" name="source" value="ecb">"#,
                #"name="from" type="date" value="2025-05-08""#, #"name="to" type="date" value="2025-05-09""#,
                #"<option value="ledger" selected>Ledger and hledger</option>"#, "Download prices",
            ] {
                #expect(page.html.contains(part), "\(part)")
            }
            // What the form sends, as a browser would.
            let file = try await TestBrowser(app).get(
                "/api/v1/prices?base=EUR&quotes=USD&source=ecb&from=2025-05-08&to=2025-05-09&format=ledger")
            #expect(file.status == .ok && file.html == "P 2025-05-08 EUR 1.1297 USD\nP 2025-05-09 EUR 1.1252 USD\n")
            // In every language.
            for (language, button) in [
                ("de", "Kurse herunterladen"), ("ru", "Скачать курсы"), ("ar", "تنزيل الأسعار"), ("ja", "レートをダウンロード"),
            ] {
                let browser = TestBrowser(app)
                browser.setHeader("Accept-Language", language)
                let translated = try await browser.get("/rates/EUR/USD?source=ecb")
                #expect(translated.status == .ok && translated.html.contains(button), "\(language)")
            }
        }
    }

    @Test(
        "refusals: base or from missing 400, a malformed value or a source without rates 422, no prices in the range 404, each naming the parameter",
        arguments: [
            ("/api/v1/prices?from=2025-05-01", 400, "base"), ("/api/v1/prices?base=EUR", 400, "from"),
            ("/api/v1/prices?base=%20%20&from=2025-05-01", 400, "base"), ("/api/v1/prices?base=EUR&from=", 400, "from"),
            ("/api/v1/prices?base=E1&from=2025-05-01", 422, "base"),
            ("/api/v1/prices?base=EUR&quotes=USD,X&from=2025-05-01", 422, "quotes"),
            ("/api/v1/prices?base=EUR&quotes=USD,,GBP&from=2025-05-01", 422, "quotes"),
            ("/api/v1/prices?base=EUR&from=2025-5-1", 422, "from"), ("/api/v1/prices?base=EUR&from=2025-05-09&to=2025-05-01", 422, "to"),
            ("/api/v1/prices?base=EUR&from=2025-05-01&to=2099-01-01", 422, "to"),
            ("/api/v1/prices?base=EUR&from=2025-05-01&format=qif", 422, "format"),
            ("/api/v1/prices?base=EUR&from=2025-05-01&invert=maybe", 422, "invert"),
            ("/api/v1/prices?base=EUR&from=2025-05-01&source=nbp", 422, "source"),
            ("/api/v1/prices?base=EUR&quotes=USD&from=2010-01-01&to=2010-12-31&source=ecb", 404, ""),
        ])
    func refusals(_ path: String, _ status: Int, _ parameter: String) async throws {
        try await withSampleDays { app in
            try await app.testing().test(.GET, path) { res in
                #expect(Int(res.status.code) == status, "\(path): \(res.body.string)")
                #expect(res.headers.contentType?.description.hasPrefix("application/problem+json") == true)
                if !parameter.isEmpty { #expect(res.body.string.contains("\"\(parameter)\":"), "\(res.body.string)") }
            }
        }
    }
}
