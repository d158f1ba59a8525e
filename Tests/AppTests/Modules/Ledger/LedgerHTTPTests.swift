import Crypto
import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import Web

/// The ledger over HTTP on PostgreSQL, on the ECB's February and March 2026 (the bundled days
/// of the central banks' tests): the API with a German Excel file and with JSON, hostile files
/// getting their 4xx and storing nothing, and the page as a visitor and a signed-in user sees it.
@Suite("Ledger page and API over HTTP on PostgreSQL")
struct LedgerHTTPTests {
    static let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")

    func withLedger(_ test: (Application) async throws -> Void) async throws {
        let stub = try await CentralBanksStub.start()
        defer { Task { try? await stub.stop() } }
        try await withPostgresApp(configuration: .centralBanks(stub, initialAdmin: Self.admin), now: TestClock(march5).closure) { app in
            #expect(await app.appServices.historyLoader.storeForTest() != nil, "the bundled history stored")
            try await test(app)
        }
    }

    /// As German Excel saves it: a byte-order mark, semicolons, decimal commas, day.month.year, CRLF.
    static let germanExcel = Array(
        ("\u{FEFF}Rechnung;Datum;Betrag;Währung\r\n" + "R-1;02.03.2026;1.234,56;USD\r\n" + "R-2;28.02.2026;-100,00;PLN\r\n"
            + "R-3;31.02.2026;5;USD\r\n" + "\"R-4; Rest\";03.03.2026;7;XYZ\r\n").utf8)

    static func post(
        _ app: Application, _ query: String, _ body: [UInt8], type: String = "text/csv", accept: String? = nil
    ) async throws
        -> BrowserResponse
    {
        var headers: HTTPHeaders = ["Content-Type": type]
        if let accept { headers.add(name: .accept, value: accept) }
        return try await TestBrowser(app).send(.POST, "/api/v1/ledger?\(query)", headers: headers, body: ByteBuffer(bytes: body))
    }

    func stored(_ app: Application) async throws -> Int {
        try await LedgerConversionModel.query(on: app.db).count()
    }

    @Test("the API converts a German Excel file at the previous business day's rate, in its own dialect, every row kept")
    func germanExcelFile() async throws {
        try await withLedger { app in
            let response = try await Self.post(app, "to=EUR&rule=previous-business-day&source=ecb", Self.germanExcel)
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType) == "text/csv; charset=utf-8; header=present")
            let bytes = Array(response.body.readableBytesView)
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]), "the byte-order mark kept")
            let lines = String(decoding: bytes.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")
            #expect(lines[0] == "Rechnung;Datum;Betrag;Währung;rate;rate_date;source;converted;error")
            // Monday 2 March: the Friday before, 27 February, 1 EUR = 1.1805 USD; 1,234.56 ÷ 1.1805 = 1,045.794…
            #expect(lines[1] == "R-1;02.03.2026;1.234,56;USD;0,8471;27.02.2026;ecb;1045,79;")
            // Saturday 28 February: the Friday before it, 4.2243 PLN; −100 ÷ 4.2243 = −23.6725…
            #expect(lines[2] == "R-2;28.02.2026;-100,00;PLN;0,23673;27.02.2026;ecb;-23,67;")
            #expect(lines[3] == "R-3;31.02.2026;5;USD;;;ecb;;row 4: “31.02.2026” is not a date")
            #expect(lines[4] == "\"R-4; Rest\";03.03.2026;7;XYZ;;;ecb;;row 5: the source did not quote XYZ on 2026-03-02")
            #expect(lines.count == 6 && lines[5].isEmpty)
            #expect(try await stored(app) == 0, "the API keeps nothing")
        }
    }

    @Test("JSON: every line and the receipt, the input's SHA-256 in it")
    func json() async throws {
        try await withLedger { app in
            let response = try await Self.post(app, "to=PLN&source=ecb", Self.germanExcel, accept: "application/json")
            #expect(response.status == .ok)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            let lines = try #require(document["lines"] as? [[String: Any]])
            #expect(lines.count == 4 && lines[0]["line"] as? Int == 2)
            // Same day, 2 March: 4.244 PLN ÷ 1.1698 USD per EUR; 1,234.56 × 4.244 ÷ 1.1698 = 4,478.947…
            #expect(lines[0]["converted"] as? String == "4478.95" && lines[0]["rate_date"] as? String == "2026-03-02")
            #expect((lines[0]["cells"] as? [String: String])?["Betrag"] == "1.234,56")
            #expect(lines[2]["error"] as? String == "row 4: “31.02.2026” is not a date")
            let receipt = try #require(document["receipt"] as? [String: Any])
            let sha = SHA256.hash(data: Data(Self.germanExcel)).map { String(format: "%02x", $0) }.joined()
            #expect(receipt["sha256"] as? String == sha)
            #expect(receipt["lines"] as? Int == 4 && receipt["converted_lines"] as? Int == 2 && receipt["failed_lines"] as? Int == 2)
            #expect(receipt["rule"] as? String == "same-day" && receipt["booking_currency"] as? String == "PLN")
            #expect(receipt["providers"] as? [String] == ["ECB"] && receipt["first_rate_day"] as? String == "2026-02-27")
        }
    }

    @Test("JSON: one format, the receipt as compact as the lines (it was pretty-printed inside a compact document)")
    func jsonIsCompact() async throws {
        try await withLedger { app in
            let response = try await Self.post(app, "to=PLN&source=ecb", Self.germanExcel, accept: "application/json")
            let text = String(buffer: response.body)
            #expect(!text.contains("\n") && !text.contains("\": ") && !text.contains("  "))
            let receipt = try #require(text.range(of: "\"receipt\":{\"app_version\":"), "the receipt, its keys sorted, no spaces")
            #expect(text[receipt.upperBound...].hasSuffix("}}"))
        }
    }

    @Test(
        "hostile files get their 4xx with a message and store nothing: a zip, binary, one 51 MB line, a quote never closed, too many lines, no columns"
    )
    func hostileFiles() async throws {
        try await withLedger { app in
            let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0x41, count: 100)
            let cases: [(String, [UInt8], HTTPStatus, String)] = [
                ("zip", zip, .unsupportedMediaType, "not UTF-8 text"),
                ("binary", Array("date,amount,currency\n".utf8) + [0x00, 0x01, 0xFF], .unsupportedMediaType, "not UTF-8 text"),
                ("one line of 51 MB", Array(repeating: UInt8(ascii: "a"), count: 51 * 1024 * 1024), .payloadTooLarge, "larger than 50 MB"),
                (
                    "a quote never closed", Array("date,amount,currency\n2026-03-02,\"12,USD\n2026-03-03,1,USD\n".utf8),
                    .unprocessableEntity, "never closed"
                ),
                (
                    "too many lines", Array("date,amount,currency\n".utf8) + Array(String(repeating: "\n", count: 1_000_001).utf8),
                    .payloadTooLarge, "more than 1,000,000 lines"
                ),
                ("no columns", Array("foo,bar,baz\n1,2,3\n".utf8), .unprocessableEntity, "The header has: foo, bar, baz"),
                (
                    "slashed dates either way", Array("date,amount,currency\n03/04/2026,1,USD\n".utf8), .unprocessableEntity,
                    "date_order=dmy"
                ),
                ("empty", [], .unprocessableEntity, "Choose a file or paste lines first."),
            ]
            for (name, body, status, words) in cases {
                let response = try await Self.post(app, "to=EUR", body)
                #expect(response.status == status, "\(name)")
                #expect(response.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true, "\(name)")
                #expect(response.html.contains(words), "\(name): \(response.html.prefix(300))")
            }
            // A body declared larger than the limit (2 GB) is refused before it is read: Tests/e2e/test_12_ledger.py,
            // over a socket (the in-memory tester sets Content-Length from the body it is given).
            #expect(try await Self.post(app, "to=EUR", Array("a".utf8), type: "application/zip").status == .unsupportedMediaType)
            #expect(try await Self.post(app, "to=EUROS", Self.germanExcel).status == .unprocessableEntity)
            #expect(try await Self.post(app, "to=EUR&rule=yesterday", Self.germanExcel).status == .unprocessableEntity)
            // Slashed dates read as asked.
            #expect(try await Self.post(app, "to=EUR&date_order=dmy", Array("date,amount,currency\n03/03/2026,1,USD\n".utf8)).status == .ok)

            // The page: a signed-in user's refused uploads keep nothing either.
            let browser = TestBrowser(app)
            try await browser.signIn(Self.admin.email, Self.admin.password)
            try await browser.get("/ledger")
            for (name, body, status, _) in cases where body.count < 1_000_000 {
                let page = try await browser.upload("/ledger", [("to", "EUR")], file: ("x.csv", body))
                #expect(page.status == status, "\(name)")
                #expect(page.html.contains("field-error"), "\(name)")
            }
            #expect(try await stored(app) == 0)
        }
    }

    @Test("the page: a visitor previews and downloads; a signed-in user keeps, downloads and deletes; the CSRF token comes first")
    func page() async throws {
        try await withLedger { app in
            let visitor = TestBrowser(app)
            let form = try await visitor.get("/ledger")
            #expect(form.status == .ok && form.html.contains("enctype=\"multipart/form-data\""))
            #expect(form.html.contains("value=\"previous-business-day\""))
            let preview = try await visitor.upload(
                "/ledger", [("to", "EUR"), ("source", "ecb"), ("rule", "previous-business-day"), ("action", "preview")],
                file: ("rechnungen.csv", Self.germanExcel))
            #expect(preview.status == .ok)
            #expect(preview.html.contains("2 of 4 lines converted"))
            #expect(preview.html.contains("1,045.79"))
            #expect(preview.html.contains("<td><bdi>-100,00</bdi></td>"), "its own cells isolated, to read as written in Arabic")
            #expect(preview.html.contains("row 4: “31.02.2026” is not a date"))
            #expect(preview.html.contains("rechnungen.csv") && !preview.html.contains("Your last conversions"))
            let csv = try await visitor.upload(
                "/ledger", [("to", "EUR"), ("source", "ecb"), ("rule", "previous-business-day"), ("action", "csv")],
                file: ("rechnungen.csv", Self.germanExcel))
            #expect(csv.headers.first(name: .contentDisposition) == "attachment; filename=\"rechnungen-converted.csv\"")
            #expect(csv.html.contains("R-1;02.03.2026;1.234,56;USD;0,8471;27.02.2026;ecb;1045,79;"))
            let zip = try await visitor.upload("/ledger", [("to", "EUR"), ("action", "zip")], file: ("rechnungen.csv", Self.germanExcel))
            #expect(zip.status == .ok && zip.headers.first(name: .contentType) == "application/zip")
            #expect(Array(zip.body.readableBytesView.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
            #expect(try await stored(app) == 0, "a visitor's conversions are not kept")
            // Without the token first, nothing is read.
            #expect(
                try await visitor.upload("/ledger", [("to", "EUR")], file: ("a.csv", Self.germanExcel), csrf: .none).status == .forbidden)
            #expect(
                try await visitor.upload("/ledger", [("to", "EUR")], file: ("a.csv", Self.germanExcel), csrf: "forged").status == .forbidden
            )

            let user = TestBrowser(app)
            try await user.signIn(Self.admin.email, Self.admin.password)
            try await user.get("/ledger")
            let kept = try await user.upload(
                "/ledger", [("to", "EUR"), ("source", "ecb"), ("rule", "previous-business-day"), ("text", "")],
                file: ("rechnungen.csv", Self.germanExcel))
            #expect(kept.status == .ok && kept.html.contains("Your last conversions"))
            #expect(try await stored(app) == 1)
            let link = try #require(kept.html.firstMatch(of: /href="(\/ledger\/[0-9a-f-]+\/converted\.csv)"/)?.1)
            let file = try await user.get(String(link))
            #expect(file.status == .ok && file.html == csv.html)
            let receiptLink = try #require(kept.html.firstMatch(of: /href="(\/ledger\/[0-9a-f-]+\/receipt\.json)"/)?.1)
            let receipt = try LedgerReceipt.decode(Data(try await user.get(String(receiptLink)).body.readableBytesView))
            #expect(receipt.file == "rechnungen.csv" && receipt.lines == 4 && receipt.rule == .previousBusinessDay)
            // Nobody else's: a visitor is sent to sign in, another account gets a 404.
            #expect(try await visitor.get(String(link)).status == .seeOther)
            // Pasted lines convert too.
            let pasted = try await user.upload(
                "/ledger", [("to", "USD"), ("text", "date,amount,currency\n2026-03-02,100,EUR\n")], file: nil)
            #expect(pasted.status == .ok && pasted.html.contains("116.98"))
            #expect(try await stored(app) == 2)
            let delete = try #require(kept.html.firstMatch(of: /action="(\/ledger\/[0-9a-f-]+\/delete)"/)?.1)
            #expect(try await user.post(String(delete), csrf: nil).status == .forbidden)
            #expect(try await user.post(String(delete)).status == .seeOther)
            #expect(try await stored(app) == 1)
            #expect(try await user.get(String(link)).status == .notFound)
        }
    }

    @Test("presets: listed with their guidance and whether they convert here; pl-vat over the API names itself and each rate used")
    func presets() async throws {
        try await withLedger { app in
            _ = await app.appServices.refresher.refresh(actor: "test") // the NBP's tables A and B of the week
            let list = try await TestBrowser(app).get("/api/v1/ledger/presets")
            #expect(list.status == .ok && list.headers.first(name: .contentType) == "application/json; charset=utf-8")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(list.body.readableBytesView)) as? [String: Any])
            let presets = try #require(document["presets"] as? [[String: Any]])
            #expect(
                presets.count == LedgerPreset.all.count && presets.count == 13
                    && (document["note"] as? String)?.contains("It is not tax advice") == true)
            let poland = try #require(presets.first { $0["id"] as? String == "pl-vat" })
            #expect(poland["source"] as? String == "nbp" && poland["fallback_source"] as? String == "nbp.b")
            #expect(poland["rule"] as? String == "previous-business-day" && poland["booking_currency"] as? String == "PLN")
            #expect(poland["available"] as? Bool == true)
            #expect(
                (poland["guidance"] as? [String: String])?["url"] == "https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU20040540535")
            #expect(presets.first { $0["id"] as? String == "gb-vat" }?["available"] as? Bool == false, "HMRC is not configured here")

            let lines = Array("date,amount,currency\n2026-03-05,1000,USD\n2026-03-05,10000,AFN\n".utf8)
            let response = try await Self.post(app, "preset=pl-vat", lines, accept: "application/json")
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let converted = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            let rows = try #require(converted["lines"] as? [[String: Any]])
            // Wednesday's table A for the dollar (3.6770 PLN), Wednesday's table B for the afghani (0.056626 PLN).
            #expect(rows.map { $0["converted"] as? String } == ["3677.00", "566.26"])
            #expect(rows.map { $0["source"] as? String } == ["nbp", "nbp.b"])
            let receipt = try #require(converted["receipt"] as? [String: Any])
            #expect((receipt["preset"] as? [String: Any])?["id"] as? String == "pl-vat")
            let used = try #require(receipt["rates"] as? [[String: Any]])
            #expect(
                used.map { "\($0["currency"]!) \($0["rate_day"]!) \($0["rate"]!) \($0["source"]!)" } == [
                    "AFN 2026-03-04 0.056626 nbp.b", "USD 2026-03-04 3.677 nbp",
                ])

            let refused = try await Self.post(app, "preset=pl-vat&to=EUR", lines)
            #expect(refused.status == .unprocessableEntity && String(buffer: refused.body).contains("leave out to, source and rule"))
            let unknown = try await Self.post(app, "preset=de-vat", lines)
            #expect(unknown.status == .unprocessableEntity && String(buffer: unknown.body).contains("There is no preset"))
            let missing = try await Self.post(app, "preset=gb-vat", lines)
            #expect(missing.status == .unprocessableEntity && String(buffer: missing.body).contains("not stored here yet"))
        }
    }

    @Test("the page's Country and purpose menu in every language: what each preset does, its guidance, not tax advice")
    func presetMenu() async throws {
        try await withLedger { app in
            _ = await app.appServices.refresher.refresh(actor: "test")
            for (language, advice) in [
                ("en", "It is not tax advice"), ("ru", "Это не налоговая консультация"), ("de", "Dies ist keine Steuerberatung"),
                ("ar", "وهذا ليس استشارة ضريبية"), ("ja", "税務上の助言ではありません"),
            ] {
                let browser = TestBrowser(app)
                browser.setHeader("Accept-Language", language)
                let page = try await browser.get("/ledger")
                #expect(page.html.contains(advice), "\(language)")
                #expect(page.html.contains(#"<select id="preset" name="preset""#), "\(language)")
                #expect(
                    page.html.contains(#"<option value="pl-vat" data-booking="PLN" data-source="nbp" data-rule="previous-business-day""#))
                #expect(page.html.contains(#" disabled data-booking="GBP""#), "HMRC is not configured: gb-vat cannot be chosen")
                #expect(page.html.contains(#"href="https://www.e-sbirka.cz/sb/2004/235""#), "the guidance linked")
            }
            // The form sends its own currency, source and rule beside the preset: the preset's apply,
            // and the receipt names it, links its guidance and lists each rate used.
            let visitor = TestBrowser(app)
            _ = try await visitor.get("/ledger")
            let preview = try await visitor.upload(
                "/ledger",
                [
                    ("preset", "pl-vat"), ("to", "EUR"), ("source", "ecb"), ("rule", "same-day"),
                    ("text", "date,amount,currency\n2026-03-05,1000,USD\n"),
                ], file: nil)
            #expect(preview.status == .ok && preview.html.contains("3,677.00 PLN"))
            #expect(
                preview.html.contains(#"<dd><a href="https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU20040540535" rel="noopener">"#))
            #expect(preview.html.contains(#"<h4 id="rates-used-title">Rates used</h4>"#))
            #expect(preview.html.contains(#"<option value="pl-vat" selected data-booking="PLN""#), "the preset stays chosen")
        }
    }

    @Test("the page in every language")
    func languages() async throws {
        try await withLedger { app in
            for (language, heading) in [
                ("ru", "Пересчёт реестра"), ("de", "Buchungsliste umrechnen"), ("ar", "تحويل دفتر قيود"), ("ja", "台帳を換算"),
            ] {
                let browser = TestBrowser(app)
                browser.setHeader("Accept-Language", language)
                let page = try await browser.get("/ledger")
                #expect(page.status == .ok && page.html.contains(heading), "\(language)")
            }
        }
    }
}
