import Foundation
import Testing
import ZIPFoundation

@testable import Core
@testable import RateSources

/// The ESTV's Kursliste (ICTax) as recorded (filtered lists of tax years 2024 and 2025, the
/// ESTV's elements and figures): its year-end rates, monthly means and year means, each figure
/// written out by hand from the files.
@Suite("The Kursliste: year-end rates on 31 December, monthly means, year means; uploaded, never fetched")
struct KurslisteDocumentTests {
    static let decimal = OfficialDocumentTests.decimal

    static func days(_ fixture: String) throws -> [FetchedRates] {
        try Kursliste.read(try OfficialDocumentTests.fixture(fixture))
    }

    static func day(_ days: [FetchedRates], _ source: RateSource, _ date: String) throws -> FetchedRates {
        try #require(days.first { $0.source == source.id && $0.effectiveDate.description == date })
    }

    @Test("Three tax sources in francs, never blended, uploaded by an admin: no address a refresh could fetch")
    func kind() {
        let catalog = ProviderKit.catalog()
        for source in [RateSource.ictax, .ictaxMonthly, .ictaxMean] {
            #expect(source.kind == .taxAndCustoms && !source.isOfficial && catalog.taxAndCustoms.contains(source))
            #expect(source.homeCurrency == "CHF" && source.quotation == .basePerUnit)
        }
        #expect(
            RateSource.ictax.cadence == .yearEnd && RateSource.ictaxMonthly.cadence == .monthly && RateSource.ictaxMean.cadence == .yearly)
        for declaration in [ProviderDeclaration.ictax, .ictaxMonthly, .ictaxMean] {
            let feed = ProviderFeed(declaration)
            #expect(feed.uploaded?.name == "kursliste")
            #expect(feed.latest(CalendarDate(iso8601: "2026-02-20")!).isEmpty, "nothing to fetch")
            #expect(feed.documents(covering: CalendarDate(iso8601: "2025-01-01")!...CalendarDate(iso8601: "2025-12-31")!).isEmpty)
        }
        #expect(Kursliste.document.sources == [RateSource.ictax.id, RateSource.ictaxMonthly.id, RateSource.ictaxMean.id])
    }

    @Test("2025 (format 2.2.0): USD's year-end 0.79225 on 31 December, its mean 0.8306517857 for the year, January's mean 0.9095977273")
    func year2025() throws {
        let days = try Self.days("ictax-kursliste-2025-mini.xml")
        let yearEnd = try Self.day(days, .ictax, "2025-12-31")
        #expect(yearEnd.baseCurrency == "CHF" && yearEnd.quotation == .basePerUnit)
        #expect(yearEnd.rates == ["USD": Self.decimal("0.79225")], "the list's one foreign currency")
        #expect(try Self.day(days, .ictaxMean, "2025-01-01").rates == ["USD": Self.decimal("0.8306517857")])
        let months = days.filter { $0.source == RateSource.ictaxMonthly.id }
        #expect(months.map(\.effectiveDate.description) == (1...12).map { String(format: "2025-%02d-01", $0) })
        #expect(try Self.day(days, .ictaxMonthly, "2025-01-01").rates["USD"] == Self.decimal("0.9095977273"))
        #expect(try Self.day(days, .ictaxMonthly, "2025-12-01").rates["USD"] == Self.decimal("0.796675"))
        #expect(days.count == 14, "a year-end day, a year's mean and twelve months; the securities are not read")
    }

    @Test(
        "2024 (format 2.0.0): EUR 0.93845, GBP 1.135038, USD 0.90625 on 31 December; EUR's year mean 0.9523825397 and December's 0.9333690476"
    )
    func year2024() throws {
        let days = try Self.days("ictax-kursliste-2024-mini.xml")
        #expect(
            try Self.day(days, .ictax, "2024-12-31").rates == [
                "EUR": Self.decimal("0.93845"), "GBP": Self.decimal("1.135038"), "USD": Self.decimal("0.90625"),
            ])
        let mean = try Self.day(days, .ictaxMean, "2024-01-01")
        #expect(mean.rates["EUR"] == Self.decimal("0.9523825397") && mean.rates["USD"] == Self.decimal("0.8801392857"))
        #expect(try Self.day(days, .ictaxMonthly, "2024-12-01").rates["EUR"] == Self.decimal("0.9333690476"))
        // Each declaration reads its own series of the same list.
        #expect(try ProviderDeclaration.ictax.parse(try OfficialDocumentTests.fixture("ictax-kursliste-2024-mini.xml")).count == 1)
        #expect(try ProviderDeclaration.ictaxMonthly.parse(try OfficialDocumentTests.fixture("ictax-kursliste-2024-mini.xml")).count == 12)
    }

    @Test("A year-end rate converts its own day only; a year's mean the year it is of, not the next")
    func inForce() throws {
        let yearEnd = RateSource.Cadence.yearEnd, yearly = RateSource.Cadence.yearly
        let december31 = CalendarDate(iso8601: "2024-12-31")!, january1 = CalendarDate(iso8601: "2024-01-01")!
        #expect(yearEnd.isPublicationDay(december31) && !yearEnd.isPublicationDay(CalendarDate(iso8601: "2024-12-30")!))
        #expect(yearEnd.isInForce(december31, on: december31) && !yearEnd.isInForce(december31, on: december31.adding(days: 1)))
        #expect(yearEnd.lastDayInForce(of: december31) == december31 && yearEnd.expires && !yearEnd.appliesUntilNext)
        #expect(yearly.isPublicationDay(january1) && yearly.lastDayInForce(of: january1) == december31)
        #expect(yearly.isInForce(january1, on: december31) && !yearly.isInForce(january1, on: december31.adding(days: 1)))
        // Late when the next year's list is: 2025's, due by early April 2026, is late after it.
        func behind(_ source: RateSource, _ newest: String, on today: String) -> Int? {
            ProviderHealth(source: source, newestDay: CalendarDate(iso8601: newest), lastSuccess: nil, lastFailure: nil)
                .daysBehind(on: CalendarDate(iso8601: today)!)
        }
        for (source, newest) in [(RateSource.ictax, "2024-12-31"), (.ictaxMonthly, "2024-12-01"), (.ictaxMean, "2024-01-01")] {
            #expect(behind(source, newest, on: "2026-03-31") == 0, "\(source.id)")
            #expect((1...4).contains(behind(source, newest, on: "2026-04-06") ?? 0), "\(source.id)")
        }
    }

    @Test("An upload is read from its file as it streams, as sent or zipped as ICTax serves it; a zip must hold one XML within the bound")
    func uploadedFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kursliste-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let xml = try OfficialDocumentTests.fixture("ictax-kursliste-2024-mini.xml")
        let plain = directory.appendingPathComponent("kursliste_2024.xml")
        try xml.write(to: plain)
        let expected = try Self.days("ictax-kursliste-2024-mini.xml")
        #expect(try Kursliste.document.read(plain) == expected)

        let zipped = directory.appendingPathComponent("kursliste_2024.zip")
        let archive = try Archive(url: zipped, accessMode: .create)
        try archive.addEntry(with: "kursliste_2024.xml", type: .file, uncompressedSize: Int64(xml.count), compressionMethod: .deflate) {
            position, size in xml.subdata(in: Int(position)..<Int(position) + size)
        }
        #expect(try Kursliste.document.read(zipped) == expected)

        var small = Kursliste.document
        small = UploadedDocument(
            name: small.name, sources: small.sources, maxBytes: small.maxBytes, maxInflatedBytes: 4_096, readFile: small.readFile)
        #expect(throws: RatesProviderError.tooLarge(.inflated(megabytes: 0))) { try small.read(zipped) }

        try archive.addEntry(with: "second.xml", type: .file, uncompressedSize: Int64(xml.count), compressionMethod: .deflate) {
            position, size in xml.subdata(in: Int(position)..<Int(position) + size)
        }
        #expect(throws: RatesProviderError.self, "two lists in one zip") { try Kursliste.document.read(zipped) }
    }

    @Test("What is not a Kursliste's rates is refused, named; a deleted entry is passed over; a denomination divides")
    func hostile() throws {
        let served = String(decoding: try OfficialDocumentTests.fixture("ictax-kursliste-2024-mini.xml"), as: UTF8.self)
        let euro = #"<exchangeRateYearEnd currency="EUR" year="2024" value="0.93845" valueMiddle="0.9523825397"/>"#
        #expect(served.contains(euro))
        func read(_ text: String) throws -> [FetchedRates] { try Kursliste.read(Data(text.utf8)) }
        for (planted, why) in [
            (#"<exchangeRateYearEnd currency="EUR" year="2024" value="abc" valueMiddle="0.95"/>"#, "a rate that is no number"),
            (#"<exchangeRateYearEnd currency="EUR" year="2024" value="0" valueMiddle="0.95"/>"#, "a rate of zero"),
            (#"<exchangeRateYearEnd currency="EURO" year="2024" value="0.9" valueMiddle="0.95"/>"#, "no currency code"),
            (#"<exchangeRateYearEnd currency="EUR" year="24x" value="0.9" valueMiddle="0.95"/>"#, "no year"),
            (#"<exchangeRateYearEnd currency="EUR" year="2024" value="0.9" denomination="-1"/>"#, "per minus one unit"),
            (#"<exchangeRateMonthly currency="EUR" year="2024" month="13" value="0.9"/>"#, "a thirteenth month"),
        ] {
            #expect(throws: RatesProviderError.self, "\(why)") { try read(served.replacingOccurrences(of: euro, with: planted)) }
        }
        #expect(throws: RatesProviderError.self, "cut short") { try read(String(served.prefix(served.count / 2))) }
        #expect(throws: RatesProviderError.self, "another document") {
            try read("<monatsmittelkurs><monat>2026-08</monat></monatsmittelkurs>")
        }
        let deleted = try read(
            served.replacingOccurrences(of: euro, with: euro.replacingOccurrences(of: "/>", with: #" deleted="true"/>"#)))
        #expect(try Self.day(deleted, .ictax, "2024-12-31").rates["EUR"] == nil)
        let hundred = try read(
            served.replacingOccurrences(of: euro, with: euro.replacingOccurrences(of: "/>", with: #" denomination="100"/>"#)))
        #expect(try Self.day(hundred, .ictax, "2024-12-31").rates["EUR"] == Self.decimal("0.0093845"))
        // An external entity is never fetched or read.
        let entity =
            "<?xml version=\"1.0\"?><!DOCTYPE k [<!ENTITY x SYSTEM \"file:///etc/hostname\">]>"
            + served.replacingOccurrences(of: "<?xml version='1.0' encoding='UTF-8'?>", with: "")
            .replacingOccurrences(of: #"value="0.93845""#, with: #"value="&x;""#)
        #expect(throws: RatesProviderError.self) { try read(entity) }
    }
}
