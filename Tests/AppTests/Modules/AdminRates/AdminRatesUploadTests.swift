import Fluent
import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting
import ZIPFoundation

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite(
    "The Kursliste uploaded on the admin page, over HTTP on PostgreSQL: stored for its three sources, converted at, refused when it is not one"
)
struct AdminRatesUploadTests {
    static let admin = AdminRatesPageTests.admin
    static let kursliste2024 = try! Data(contentsOf: Fixtures.document("providers/ictax-kursliste-2024-mini.xml"))
    static let kursliste2025 = try! Data(contentsOf: Fixtures.document("providers/ictax-kursliste-2025-mini.xml"))

    func withKursliste(_ test: (Application, TestBrowser) async throws -> Void) async throws {
        let configuration = AppConfiguration.forTests(
            initialAdmin: Self.admin, providers: [RateSource.ictax.id, RateSource.ictaxMonthly.id, RateSource.ictaxMean.id])
        try await withPostgresApp(configuration: configuration) { app in
            let browser = TestBrowser(app)
            try await browser.signIn(Self.admin.email, Self.admin.password)
            try await test(app, browser)
        }
    }

    /// Uploads `bytes` from the admin page; the flash it leaves, and whether it is an error.
    func upload(_ bytes: Data, named name: String, in browser: TestBrowser) async throws -> (text: String, isError: Bool) {
        let page = try await browser.get("/admin/rates")
        #expect(page.html.contains(#"enctype="multipart/form-data""#) && page.html.contains(#"name="document" value="kursliste""#))
        let response = try await browser.upload("/admin/rates/upload", [("document", "kursliste")], file: (name, Array(bytes)))
        #expect(response.status == .seeOther && response.headers.first(name: .location) == "/admin/rates")
        let html = try await browser.get("/admin/rates").html
        let flash = try #require(html.firstMatch(of: /<p class="flash( flash-error)?" role="status">([^<]*)<\/p>/))
        return (String(flash.2).replacingOccurrences(of: "&#39;", with: "'"), flash.1 != nil)
    }

    static func zipped(_ xml: Data, as name: String) throws -> Data {
        let archive = try Archive(accessMode: .create)
        try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(xml.count), compressionMethod: .deflate) { position, size in
            xml.subdata(in: Int(position)..<Int(position) + size)
        }
        return try #require(archive.data)
    }

    func stored(_ source: RateSource, _ app: Application) async throws -> [String] {
        try await RateSnapshotModel.query(on: app.db).filter(\.$source == source.id.rawValue).all().map(\.effectiveDate).sorted()
    }

    @Test(
        "an admin uploads 2024's list, then 2025's zipped: each source's days stored once, and the converter and the ch-wealth preset use them"
    )
    func uploads() async throws {
        try await withKursliste { app, browser in
            let first = try await upload(
                try Self.zipped(Self.kursliste2024, as: "kursliste_2024.xml"), named: "kursliste_2024.zip", in: browser)
            #expect(!first.isError && first.text.hasPrefix("Upload: stored."), "\(first.text)")
            #expect(try await stored(.ictax, app) == ["2024-12-31"])
            #expect(try await stored(.ictaxMean, app) == ["2024-01-01"])
            #expect(try await stored(.ictaxMonthly, app).count == 12)
            // The same list again, unzipped, stores nothing.
            let again = try await upload(Self.kursliste2024, named: "kursliste_2024.xml", in: browser)
            #expect(!again.isError && again.text.hasPrefix("Upload: unchanged."), "\(again.text)")
            #expect(
                try await RefreshAttemptModel.query(on: app.db).filter(\.$kind == "upload").count() == 6, "one entry per source and upload")
            // A list of days after today (the tests' clock is 2025-05-12) is refused as a refresh's would be.
            let ahead = try await upload(Self.kursliste2025, named: "kursliste_2025.xml", in: browser)
            #expect(ahead.isError && ahead.text.contains("after today (2025-05-12)"), "\(ahead.text)")
            #expect(try await stored(.ictax, app) == ["2024-12-31"])

            // 100 EUR on 31 December 2024 at the year-end rate 0.93845: 93.84 francs (cut to the centime).
            let converted = try await browser.get("/?from=EUR&to=CHF&amount=100&date=2024-12-31&source=ictax").html
            #expect(converted.contains("93.84"), "the page converts at the year-end rate")
            // The ledger's preset: balances of 31 December 2024, and one of another day.
            let ledger = try await browser.send(
                .POST, "/api/v1/ledger?preset=ch-wealth", headers: ["Content-Type": "text/csv"],
                body: ByteBuffer(string: "date,amount,currency\n2024-12-31,10000,EUR\n2024-12-31,800,GBP\n2024-06-30,5,USD\n"))
            #expect(ledger.status == .ok)
            let rows = ledger.html.split(separator: "\n").map(String.init)
            #expect(rows.count == 4 && rows[1].hasPrefix("2024-12-31,10000,EUR,0.93845,2024-12-31,ictax,9384.50,"), "\(rows)")
            #expect(rows[2].hasPrefix("2024-12-31,800,GBP,1.135038,2024-12-31,ictax,908.03,"), "\(rows)")
            #expect(rows[3].hasPrefix("2024-06-30,5,USD,,,ictax,,row 4:"), "a balance of 30 June has no year-end rate: \(rows)")
        }
    }

    @Test("what is not a Kursliste stores nothing and says why; no file, or not a multipart form, is the page again at the field")
    func refused() async throws {
        try await withKursliste { app, browser in
            let csv = try await upload(Data("date,amount,currency\n".utf8), named: "ledger.csv", in: browser)
            #expect(csv.isError && csv.text.contains("Upload: failed."), "\(csv.text)")
            // A zip of a megabyte of zeros: no XML.
            #expect(try await upload(try Self.zipped(Data(count: 1 << 20), as: "a.xml"), named: "a.zip", in: browser).isError)
            #expect(
                try await RateSnapshotModel.query(on: app.db).filter(\.$source ~~ ["ictax", "ictax-monthly", "ictax-mean"]).count() == 0)

            try await browser.get("/admin/rates")
            let none = try await browser.upload("/admin/rates/upload", [("document", "kursliste")], file: nil)
            #expect(
                none.status == .unprocessableEntity && none.html.contains("Choose the file to upload.")
                    && none.html.contains("aria-invalid"))
            let unknown = try await browser.upload(
                "/admin/rates/upload", [("document", "other")], file: ("a.xml", Array(Self.kursliste2024)))
            #expect(unknown.status == .unprocessableEntity && unknown.html.contains("No enabled provider takes that file."))
            let form = try await browser.post("/admin/rates/upload", [("document", "kursliste")])
            #expect(form.status == .unsupportedMediaType && form.html.contains("multipart/form-data"))
            // The token comes first, or nothing is read.
            let forged = try await browser.upload(
                "/admin/rates/upload", [("document", "kursliste")], file: ("a.xml", Array(Self.kursliste2024)), csrf: .some("forged"))
            #expect(forged.status == .forbidden)
            #expect(try await RateSnapshotModel.query(on: app.db).filter(\.$source == "ictax").count() == 0)
        }
    }

    @Test("a signed-in user who is not an admin is refused before a byte is kept")
    func notAdmin() async throws {
        try await withKursliste { app, _ in
            _ = try await app.appServices.accounts.register(email: "ann@example.org", password: "long enough", role: .user)
            let user = TestBrowser(app)
            try await user.signIn("ann@example.org", "long enough")
            try await user.get("/about")
            let response = try await user.upload(
                "/admin/rates/upload", [("document", "kursliste")], file: ("a.xml", Array(Self.kursliste2024)))
            #expect(response.status == .forbidden)
            #expect(try await RateSnapshotModel.query(on: app.db).filter(\.$source == "ictax").count() == 0)
        }
    }
}
