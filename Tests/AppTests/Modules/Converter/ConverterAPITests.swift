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

@Suite("JSON API over HTTP on PostgreSQL")
struct ConverterAPITests {
    func json(_ response: BrowserResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body.string.utf8)) as? [String: Any])
    }

    @Test("convert: the same numbers as the page, as decimal strings, with alternatives and links")
    func convert() async throws {
        try await withPostgresApp { app in
            let response = try await TestBrowser(app).get("/api/v1/convert?from=usd&to=JPY&amount=1,5")
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType) == "application/json; charset=utf-8")
            let body = try json(response)
            #expect(body["amount"] as? String == "1.5")
            #expect(body["result"] as? String == "217") // 1.5 × 163.36 / 1.1252 = 217.77…
            #expect(body["rate"] as? String == "145.1830786")
            #expect(body["inverseRate"] as? String == "0.006887855044")
            #expect(body["summary"] as? String == "1.5 USD = 217 JPY")
            #expect(body["rateText"] as? String == "1 USD = 145.1831 JPY")
            #expect(body["effectiveDate"] as? String == "2025-05-09")
            #expect(body["url"] as? String == "/?from=USD&to=JPY&amount=1.5")
            #expect(body["historyURL"] as? String == "/rates/USD/JPY")
            let source = try #require(body["source"] as? [String: Any])
            // The blend of the bundled ECB day: which providers made it, and that it shipped with the app.
            #expect(source["id"] as? String == "blend" && source["bundled"] as? Bool == true)
            #expect(
                source["providers"] as? [String] == ["ecb"] && (source["url"] as? String)?.hasPrefix("https://www.ecb.europa.eu/") == true)
            let alternatives = try #require(body["alternatives"] as? [[String: Any]])
            #expect(alternatives.map { $0["currency"] as? String } == ["EUR", "GBP", "CNY", "CHF"])
            #expect(alternatives.first?["result"] as? String == "1.33")
            // The page for the same request shows the same result.
            #expect(try await TestBrowser(app).get("/?from=USD&to=JPY&amount=1.5").html.contains("1.5 USD = 217 JPY"))
        }
    }

    @Test("the result string has exactly the target's minor units, as money is written: 847.70, not 847.7")
    func resultKeepsMinorUnits() async throws {
        try await withPostgresApp { app in
            let body = try json(try await TestBrowser(app).get("/api/v1/convert?from=EUR&to=GBP&amount=1000"))
            #expect(body["amount"] as? String == "1000") // as typed
            #expect(body["result"] as? String == "847.70") // 1000 × 0.84770
            #expect(body["summary"] as? String == "1000 EUR = 847.70 GBP")
            let alternatives = try #require(body["alternatives"] as? [[String: Any]])
            #expect(alternatives.first { $0["currency"] as? String == "USD" }?["result"] as? String == "1125.20")
            #expect(alternatives.first { $0["currency"] as? String == "JPY" }?["result"] as? String == "163360")
        }
    }

    @Test("convert errors are problem documents: 400 for missing, 422 for invalid")
    func convertErrors() async throws {
        try await withPostgresApp { app in
            let missing = try await TestBrowser(app).get("/api/v1/convert?from=USD&amount=")
            #expect(missing.status == .badRequest)
            #expect(missing.headers.first(name: .contentType) == "application/problem+json; charset=utf-8")
            let missingBody = try json(missing)
            #expect(missingBody["status"] as? Int == 400)
            #expect((missingBody["errors"] as? [String: String])?.keys.sorted() == ["amount", "to"])

            let invalid = try await TestBrowser(app).get("/api/v1/convert?from=USD&to=XYZ&amount=01")
            #expect(invalid.status == .unprocessableEntity)
            let invalidBody = try json(invalid)
            #expect(invalidBody["type"] as? String == "https://currency-converter.example/problems/invalid-parameter")
            #expect(invalidBody["instance"] as? String == "/api/v1/convert?from=USD&to=XYZ&amount=01")
            #expect(
                invalidBody["errors"] as? [String: String] == [
                    "amount": "Remove the leading zeros.",
                    "to": "There is no rate for the currency “XYZ”. Choose one from the list.",
                ])
        }
    }

    @Test("currencies and latest rates, against the snapshot's base or any other")
    func currenciesAndRates() async throws {
        try await withPostgresApp { app in
            let currencies = try json(try await TestBrowser(app).get("/api/v1/currencies"))
            let list = try #require(currencies["currencies"] as? [[String: Any]])
            #expect(list.count == 61) // the ECB's 31 and 30 pegged to them
            #expect(list.first?["code"] as? String == "AED")
            #expect(list.first { $0["code"] as? String == "JPY" }?["minorUnits"] as? Int == 0)

            let own = try json(try await TestBrowser(app).get("/api/v1/rates/latest"))
            #expect(own["base"] as? String == "EUR")
            #expect((own["rates"] as? [String: String])?["GBP"] == "0.8477")
            let usd = try json(try await TestBrowser(app).get("/api/v1/rates/latest?base=usd"))
            #expect(usd["base"] as? String == "USD")
            let rates = try #require(usd["rates"] as? [String: String])
            #expect(rates["USD"] == "1" && rates["EUR"] == "0.8887308923" && rates.count == 61)
            #expect(rates["AED"] == "3.6725" && rates["XOF"] == "582.9692499")

            let malformed = try await TestBrowser(app).get("/api/v1/rates/latest?base=EURO")
            #expect(malformed.status == .badRequest)
            let unknown = try await TestBrowser(app).get("/api/v1/rates/latest?base=QQQ")
            #expect(unknown.status == .notFound)
            #expect(try json(unknown)["title"] as? String == "Unknown currency")
        }
    }

    @Test("currencies and latest rates are kept by their validator: the same bytes again, new ones with new rates")
    func keptByValidator() async throws {
        try await withPostgresApp { app in
            let kept = app.pages.keptAnswers.byValidator
            for path in ["/api/v1/currencies", "/api/v1/rates/latest?base=USD"] {
                let first = try await TestBrowser(app).get(path)
                let hits = kept.hits
                let again = try await TestBrowser(app).get(path)
                #expect(again.status == .ok && kept.hits == hits + 1, "\(path)")
                #expect(again.body.string == first.body.string && again.headers.first(name: .eTag) == first.headers.first(name: .eTag))
                #expect(again.headers.first(name: .contentType) == "application/json; charset=utf-8")
            }
            // The ECB's day stored again a minute later, the dollar moved: a new validator, the answer made again.
            let before = try await TestBrowser(app).get("/api/v1/rates/latest?base=USD")
            let bundled = try Fixtures.bundledSnapshot()
            app.appServices.currentRates.adopt(
                RateSnapshot(
                    id: UUID(), source: RateSource.ecb.id, baseCurrency: bundled.baseCurrency, effectiveDate: bundled.effectiveDate,
                    storedAt: bundled.storedAt.addingTimeInterval(60), rates: bundled.rates.merging(["USD": 2]) { $1 }))
            let hits = kept.hits
            let after = try await TestBrowser(app).get("/api/v1/rates/latest?base=USD")
            #expect(kept.hits == hits && after.headers.first(name: .eTag) != before.headers.first(name: .eTag))
            #expect(try json(after)["rates"].flatMap { ($0 as? [String: String])?["EUR"] } == "0.5")
        }
    }

    @Test("no rates: 503 problem documents with Retry-After; unknown API paths: 404 problem documents")
    func unavailableAndUnknown() async throws {
        try await withPostgresApp(.emptyStore) { app in
            for path in ["/api/v1/currencies", "/api/v1/rates/latest", "/api/v1/convert?from=USD&to=EUR&amount=1"] {
                let response = try await TestBrowser(app).get(path)
                #expect(response.status == .serviceUnavailable, "\(path)")
                #expect(response.headers.first(name: "Retry-After") == "60")
                #expect(try json(response)["status"] as? Int == 503)
            }
            let unknown = try await TestBrowser(app).get("/api/v1/nothing-here")
            #expect(unknown.status == .notFound)
            #expect(unknown.headers.first(name: .contentType) == "application/problem+json; charset=utf-8")
        }
    }

    @Test("the OpenAPI document is served as YAML and describes every endpoint")
    func document() async throws {
        try await withPostgresApp { app in
            let response = try await TestBrowser(app).get("/api/v1/openapi.yaml")
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType) == "application/yaml; charset=utf-8")
            let text = response.body.string
            #expect(text.hasPrefix("openapi: 3.1.0"))
            for path in ["/api/v1/currencies:", "/api/v1/rates/latest:", "/api/v1/convert:"] { #expect(text.contains(path)) }
        }
    }

    @Test("units without minor units say so with null, not a missing key")
    func nullMinorUnits() throws {
        let json = try JSONEncoder.api.encode(
            ConverterAPIPresenter.CurrencyItem(code: "XDR", name: "SDR (Special Drawing Right)", minorUnits: nil))
        #expect(String(decoding: json, as: UTF8.self) == #"{"code":"XDR","minorUnits":null,"name":"SDR (Special Drawing Right)"}"#)
    }

    @Test func preciseRates() {
        #expect(ConverterAPIPresenter.precise(Fixtures.decimal("145.18307856381087810167")) == "145.1830786")
        #expect(ConverterAPIPresenter.precise(Fixtures.decimal("0.00688785504408")) == "0.006887855044")
        #expect(ConverterAPIPresenter.precise(Fixtures.decimal("18606.59")) == "18606.59")
        #expect(ConverterAPIPresenter.precise(1) == "1")
    }
}
