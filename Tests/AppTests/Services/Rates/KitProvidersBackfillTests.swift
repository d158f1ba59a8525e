import Foundation
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import RateSources

/// Each of the kit's newer providers backfilled through the app, on PostgreSQL, from a loopback
/// stand-in: the kit asks each publisher the way it wants (a POST, a SOAP call, a document per
/// currency), reads the answers, merges a day's currencies across documents, validates against
/// the provider's own minimum and stores the days.
@Suite("The kit's providers backfilled from their stand-ins, stored on PostgreSQL", .serialized)
struct KitProvidersBackfillTests {
    /// Each provider, the days its recorded documents hold, and how many it stores of them.
    static let cases: [(RateSource, first: String, last: String, days: Int, currencies: Int)] = [
        (.cbu, "2026-04-01", "2026-04-01", 1, 75), (.nbk, "2026-04-01", "2026-04-01", 1, 39),
        (.nbt, "2026-05-18", "2026-05-18", 1, 36), (.cbt, "2026-05-20", "2026-05-20", 1, 48),
        (.nbg, "2026-03-03", "2026-03-03", 1, 42), (.cbar, "2026-09-04", "2026-09-04", 1, 42),
        (.nbm, "2026-04-06", "2026-04-06", 1, 40), (.bsh, "2024-01-03", "2024-01-05", 3, 15), (.cbi, "2024-01-02", "2024-01-04", 3, 14),
        // Samoa's Independence Day (1 June) without rates.
        (.cbs, "2026-06-01", "2026-06-03", 2, 8), (.bnr, "2026-01-05", "2026-01-09", 3, 37),
        // A list a day after the one it was formed on, once (Friday's on Saturday): 59 in 89 days.
        (.nbrm, "2026-03-02", "2026-05-29", 59, 31), (.nbe, "2026-05-18", "2026-05-20", 3, 19),
        (.nrb, "2026-04-01", "2026-04-05", 5, 22), (.amcm, "2026-05-18", "2026-05-22", 5, 17),
        (.banguat, "2026-03-01", "2026-03-20", 20, 1), (.bcn, "2026-03-16", "2026-03-20", 5, 1), (.bcrp, "2026-09-01", "2026-09-08", 5, 1),
        (.cbm, "2026-04-09", "2026-04-09", 1, 38), (.mma, "2026-05-01", "2026-05-21", 15, 1), (.bnrrw, "2026-05-19", "2026-05-22", 4, 16),
        (.bcc, "2026-05-19", "2026-05-22", 4, 13), (.bob, "2026-03-16", "2026-03-19", 4, 7), (.sbi, "2026-03-24", "2026-03-27", 4, 32),
        (.bcu, "2026-03-27", "2026-03-31", 3, 27), (.rbv, "2026-05-18", "2026-05-22", 5, 6),
        (.cbc, "2026-02-23", "2026-02-26", 4, 15), (.dab, "2026-05-18", "2026-05-20", 3, 9), (.boj, "2026-03-02", "2026-03-06", 5, 2),
        (.bfm, "2026-09-21", "2026-09-23", 3, 8), (.nbc, "2026-05-18", "2026-05-20", 3, 28), (.bcp, "2024-12-02", "2024-12-06", 5, 25),
        (.bcccd, "2026-09-01", "2026-09-04", 4, 21), (.bccr, "2026-03-20", "2026-03-24", 5, 1),
        (.rbf, "2026-05-18", "2026-05-22", 5, 8), (.nrbt, "2025-01-02", "2025-01-06", 3, 12), (.boa, "2026-04-01", "2026-04-02", 2, 16),
        // The historical and international publishers, kept out of the blend (the IMF's a day all its currencies have a rate).
        (.bbk, "1998-12-21", "1998-12-30", 6, 18), (.lb, "2014-12-29", "2014-12-31", 3, 88), (.hnb, "2022-12-31", "2022-12-31", 1, 15),
        (.imf, "2026-03-05", "2026-03-05", 1, 36), (.bis, "2025-01-01", "2025-02-28", 2, 135),
        (.bdp, "1998-12-28", "1998-12-31", 4, 24),
        // The feeds that need a key, given theirs.
        (.bam, "2026-03-25", "2026-03-27", 3, 30), (.banxico, "2026-03-02", "2026-03-13", 10, 5),
        (.bcch, "2026-03-02", "2026-03-13", 10, 8),
        (.bot, "2026-04-01", "2026-04-03", 3, 19), (.tcmb, "2026-03-01", "2026-03-22", 14, 21),
        (.bcra, "2026-03-19", "2026-03-19", 1, 34),
        (.fbil, "2026-03-17", "2026-03-20", 3, 6), (.rb, "2026-03-24", "2026-03-27", 4, 29),
        (.hkma, "2026-02-25", "2026-02-28", 4, 17), (.banrep, "2026-03-17", "2026-03-24", 8, 1),
        (.cbn, "2026-05-14", "2026-05-21", 6, 12), (.bom, "2026-05-19", "2026-05-22", 4, 38),
        (.cbk, "2026-03-16", "2026-03-19", 4, 21), (.bna, "2026-05-19", "2026-05-21", 3, 67),
        (.bcb, "2026-03-02", "2026-03-06", 5, 10), (.nbrb, "2026-03-01", "2026-03-17", 17, 30),
        (.bnm, "2026-03-02", "2026-03-19", 14, 27), (.mnb, "2025-03-24", "2025-03-28", 5, 32),
        (.cba, "2026-03-02", "2026-03-18", 13, 30), (.dnb, "2026-03-23", "2026-03-27", 5, 29),
        (.boi, "2026-03-02", "2026-03-02", 1, 14), (.bdi, "2026-02-10", "2026-02-11", 2, 150),
        (.bct, "2026-05-18", "2026-05-18", 1, 20), (.bceao, "2026-03-16", "2026-03-17", 2, 27),
        (.rbm, "2024-01-02", "2024-01-05", 4, 36), (.cfets, "2026-09-01", "2026-09-04", 4, 25),
        (.sbp, "2026-04-01", "2026-04-03", 3, 23), (.bota, "2026-05-19", "2026-05-19", 1, 42),
        (.cbsl, "2025-05-15", "2025-05-19", 3, 54), (.cbe, "2026-04-01", "2026-04-09", 7, 18),
        (.mas, "2026-03-02", "2026-03-31", 22, 21), (.nbkr, "2026-05-24", "2026-05-24", 1, 5),
        (.nbkrWeekly, "2026-05-23", "2026-05-23", 1, 39),
        (.cbkkw, "2026-09-08", "2026-09-08", 1, 4), (.bi, "2026-03-02", "2026-03-05", 4, 3),
        (.sarb, "2026-03-24", "2026-03-27", 4, 23), (.beac, "2026-05-22", "2026-05-22", 1, 13),
        (.hmrc, "2026-09-01", "2026-09-30", 1, 141), (.inforeuro, "2026-09-01", "2026-09-30", 1, 175),
        (.ust, "2026-07-01", "2026-08-31", 3, 146), (.hmrc, "2020-01-01", "2020-01-31", 1, 145),
        (.bazg, "2026-07-24", "2026-07-27", 1, 72),
    ]

    @Test("every provider's days are stored, each with every currency its documents quote")
    func backfillEach() async throws {
        let stub = try await KitProvidersStub.start()
        defer { Task { try? await stub.stop() } }
        var configuration = AppConfiguration.forTests(
            providers: KitProvidersStub.providers.map(\.id),
            providerOrigins: Dictionary(uniqueKeysWithValues: KitProvidersStub.providers.map { ($0.id, stub.url) }))
        // A publisher's whole exchange (a page and the workbook it links, a form's page and its
        // POST, a series' every document) within the limit, on a machine busy with a dozen other tests.
        configuration.ratesTimeout = 30
        configuration.providerKeys = KitProvidersStub.keys
        // Eighty backfills one after another, beside a dozen other tests on a 2-core CI machine:
        // one store once waited more than the 11 s the other tests allow for the database. What
        // is checked here is what is stored, not how fast.
        configuration.databasePoolTimeout = 30
        configuration.databaseStatementTimeout = 30
        // 2026-10-01: every recorded day is past.
        try await withPostgresApp(configuration: configuration, now: TestClock(Date(timeIntervalSince1970: 1_790_812_800)).closure) { app in
            for (source, first, last, count, currencies) in Self.cases {
                let days = try #require(CalendarDate(iso8601: first))...(try #require(CalendarDate(iso8601: last)))
                let attempt = try #require(await app.appServices.refresher.backfill(source.id, days: days, actor: "test"))
                #expect(attempt.outcome == .stored, "\(source.id): \(attempt.message)")
                var stored: [RateSnapshot] = []
                for offset in 0...days.lowerBound.days(until: days.upperBound) {
                    let day = days.lowerBound.adding(days: offset)
                    let newest = try await app.appServices.rateStore.newest(onOrBefore: day, sources: [source.id])
                    if let newest, newest.effectiveDate == day { stored.append(newest) }
                }
                #expect(stored.count == count, "\(source.id)")
                let quoted = stored.map { $0.rates.keys.filter { $0 != source.homeCurrency }.count }
                #expect(quoted.allSatisfy { $0 == currencies }, "\(source.id): \(quoted)")
            }
            // A SOAP call names its action and sends its envelope; the Bank of Mongolia's POST its days as JSON.
            let mnb = try #require(stub.requests("mnb").first)
            #expect(mnb.method == "POST" && mnb.soapAction == "\"http://www.mnb.hu/webservices/GetExchangeRates\"")
            #expect(mnb.body.contains("<startDate>2025-03-24</startDate><endDate>2025-03-28</endDate>"))
            #expect(stub.requests("bom").first?.body == #"{"startDate":"2026-05-19","endDate":"2026-05-22"}"#)
            // A form: its page first, then the POST carrying the page's token (and its cookie, or the stand-in answers 500).
            let bota = stub.requests("bota")
            #expect(bota.map(\.method) == ["GET", "POST"])
            #expect(bota.last?.body.hasSuffix("&dateFrom=05%2F19%2F2026&dateTo=05%2F19%2F2026") == true, "\(bota.last?.body ?? "")")
            // The Reserve Bank of Fiji's page, then the workbook it links.
            #expect(stub.requests("rbf").count == 2)
            // A token fetched before the table, and sent back with it.
            #expect(stub.requests("bccr").map(\.method) == ["GET", "GET"])
            // A token that serves once: the National Bank of Cambodia's page is read again before each day's POST.
            #expect(stub.requests("nbc").map(\.method) == ["GET", "POST", "GET", "POST", "GET", "POST"])
            // A search per currency, all posting what one GET of the form's page handed out.
            #expect(stub.requests("bi").map(\.method) == ["GET"] + Array(repeating: "POST", count: 25))
            let mas = try #require(stub.requests("mas").last?.body)
            #expect(mas.contains("StartYearDropDownList=2026&ctl00%24ContentPlaceHolder1%24StartMonthDropDownList=3&"))
            #expect(mas.contains("FrequencyDropDownList=D&") && mas.hasSuffix("DownloadButton=Download"))
            let cbe = try #require(stub.requests("cbe").last?.body)
            #expect(cbe.contains("&FromDateRaw=01%2F04%2F2026&ToDateRaw=09%2F04%2F2026&") && cbe.hasSuffix("&SubmitAction=2"))
            #expect(cbe.contains("&SelectedSelectOptions=Japanese%20Yen%20100&"))
            // Every currency the form page lists, asked for by its checkbox's value.
            let cbsl = stub.requests("cbsl")
            #expect(cbsl.map(\.method) == ["GET", "POST"] && cbsl.last?.body.components(separatedBy: "chk_cur%5B%5D=").count == 56)
            #expect(cbsl.last?.body.hasSuffix("&txtStart=2025-05-15&txtEnd=2025-05-19&submit_button=Submit") == true)
            // A document per currency: one request for each.
            #expect(stub.requests("bcb").count == 10 && stub.requests("nbrb").count == 30)
            // Each rate stored the way its publisher wrote it: the SARB's twenty per rand, the CFETS's fifteen per yuan.
            let sarb = try #require(
                try await app.appServices.rateStore.newest(onOrBefore: CalendarDate(iso8601: "2026-03-27")!, sources: ["sarb"]))
            #expect(
                sarb.reversed.count == 20 && sarb.quotation(of: "USD") == .basePerUnit && sarb.rates["JPY"] == Fixtures.decimal("9.3324"))
            let cfets = try #require(
                try await app.appServices.rateStore.newest(onOrBefore: CalendarDate(iso8601: "2026-09-04")!, sources: ["cfets"]))
            #expect(cfets.reversed.count == 15 && cfets.rates["MOP"] == Fixtures.decimal("1.1919"))
            // Through the API as a visitor asks: 100 dollars at 17.1302 rands and 9.3324 yen a rand, and back.
            let browser = TestBrowser(app)
            let yen = try await browser.get("/api/v1/convert?from=USD&to=JPY&amount=100&date=2026-03-27&source=sarb")
            #expect(yen.status == .ok && yen.html.contains(#""result":"15986""#), "\(yen.html.prefix(300))")
            let dollars = try await browser.get("/api/v1/convert?from=JPY&to=USD&amount=100000&date=2026-03-27&source=sarb")
            #expect(dollars.status == .ok && dollars.html.contains(#""result":"625.52""#), "\(dollars.html.prefix(300))")
            let kenya = try await browser.get("/api/v1/convert?from=KES&to=UGX&amount=100&date=2026-03-19&source=cbk")
            #expect(kenya.status == .ok && kenya.html.contains(#""result":"2909""#), "\(kenya.html.prefix(300))")
            // The ESTV's newest month, which is all its address serves: a refresh stores it, on its month's first day.
            let estv = await app.appServices.refresher.refresh(
                app.appServices.refresher.refreshed.filter { $0.source == .estv }, actor: "test")
            #expect(estv.map(\.outcome) == [.stored], "\(estv.map(\.message))")
            let august = try await app.appServices.rateStore.newest(onOrBefore: CalendarDate(iso8601: "2026-08-31")!, sources: ["estv"])
            #expect(august?.effectiveDate.description == "2026-08-01" && august?.rates["EUR"] == Fixtures.decimal("0.9328"))
            // A Swiss VAT figure through the API: 1,000 euros at the BAZG's selling rate for Sunday 26 July (Friday's list).
            let francs = try await browser.get("/api/v1/convert?from=EUR&to=CHF&amount=1000&date=2026-07-26&source=bazg")
            #expect(francs.status == .ok && francs.html.contains(#""result":"938.83""#), "\(francs.html.prefix(300))")
            // The historical and international publishers: served on their own, never blended; a
            // refresh never asks the historical ones for new days.
            let refreshed = app.appServices.refresher.refreshed.map(\.source.id)
            #expect(
                refreshed.contains(RateSource.imf.id) && !refreshed.contains(RateSource.bbk.id) && !refreshed.contains(RateSource.lb.id))
            let blended = app.appServices.officialRates.blended.map(\.id)
            #expect(!blended.contains(RateSource.imf.id) && !blended.contains(RateSource.bbk.id) && blended.contains(RateSource.bcu.id))
            let marks = try await browser.get("/v2/providers/bbk").html
            #expect(
                marks.contains(#""publish_cadence":null,"publishes_missed":null"#)
                    && marks.contains(#""kind":"historical and international""#),
                "Frankfurter's null for a historical-only provider: \(marks)")
            let bis = try await browser.get("/v2/providers/bis").html
            #expect(bis.contains(#""publish_cadence":"monthly""#) && bis.contains(#""end_date":"2025-02-28""#), "\(bis)")
            // The BIS's month-end rate, on its month's last day: 22.6082 new leones a dollar.
            let leones = try await browser.get("/api/v1/convert?from=USD&to=SLE&amount=100&date=2025-01-31&source=bis")
            #expect(leones.status == .ok && leones.html.contains(#""result":"2260.82""#), "\(leones.html.prefix(300))")
            let litas = try await browser.get("/api/v1/convert?from=EUR&to=LTL&amount=1&date=2014-12-31&source=lb")
            #expect(litas.status == .ok && litas.html.contains(#""result":"3.45""#), "\(litas.html.prefix(300))")
            let menu = try await browser.get("/?source=lb").html
            #expect(menu.contains(#"<optgroup label="Historical and international rates">"#), "the Source menu's group")
        }
    }

    @Test(
        "a failing provider shows as such: on the admin page's health table, at /health/providers and in the metrics; so does a feed skipped for want of its key"
    )
    func health() async throws {
        let stub = try await KitProvidersStub.start()
        defer { Task { try? await stub.stop() } }
        let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")
        var configuration = AppConfiguration.forTests(
            initialAdmin: admin, providers: [RateSource.bcra.id, RateSource.nbk.id, RateSource.bot.id],
            providerOrigins: [RateSource.bcra.id: stub.url, RateSource.nbk.id: stub.url, RateSource.bot.id: stub.url])
        configuration.ratesTimeout = 20
        // 2026-03-30: the Argentine day stored is eleven days old, eight past its allowance.
        try await withPostgresApp(configuration: configuration, now: TestClock(Date(timeIntervalSince1970: 1_774_872_000)).closure) { app in
            let refresher = app.appServices.refresher
            let day = try #require(CalendarDate(iso8601: "2026-03-19"))
            #expect(await refresher.backfill(RateSource.bcra.id, days: day...day, actor: "test")?.outcome == .stored)
            // The stand-in has no Kazakh document for that day: 404.
            #expect(await refresher.backfill(RateSource.nbk.id, days: day...day, actor: "test")?.outcome == .failed)

            let json = try await TestBrowser(app).get("/health/providers")
            #expect(json.status == .ok && json.headers.first(name: .cacheControl) == "no-store")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.html.utf8)) as? [String: [[String: Any]]])
            let providers = try #require(document["providers"])
            let argentina = try #require(providers.first { $0["provider"] as? String == "bcra" })
            #expect(argentina["newest_day"] as? String == "2026-03-19" && argentina["days_behind"] as? Int == 8)
            #expect(argentina["failing"] as? Bool == false && argentina["last_success"] != nil)
            let kazakhstan = try #require(providers.first { $0["provider"] as? String == "nbk" })
            #expect(kazakhstan["failing"] as? Bool == true && kazakhstan["newest_day"] == nil)
            let failure = try #require(kazakhstan["last_failure"] as? [String: Any])
            #expect((failure["message"] as? String)?.contains("404") == true && failure["kind"] as? String == "backfill")
            // The Bank of Thailand's feed needs a key, unset here: not fetched, and saying why.
            let thailand = try #require(providers.first { $0["provider"] as? String == "bot" })
            #expect(thailand["skipped"] as? String == "Skipped: BOT_API_KEY is not set." && thailand["failing"] as? Bool == false)
            #expect(argentina["skipped"] == nil)
            #expect(refresher.backfillable.contains(.bot) == false)
            #expect(await refresher.backfill(RateSource.bot.id, days: day...day, actor: "test") == nil)
            #expect(stub.requests("bot").isEmpty)

            let browser = TestBrowser(app)
            try await browser.signIn(admin.email, admin.password)
            let page = try await browser.get("/admin/rates").html
            #expect(page.contains("<th scope=\"col\">Last failure</th>"))
            #expect(page.contains("<tr class=\"provider-failing\"><td><a href=\"\(RateSource.nbk.website)\" rel=\"noopener\">"))
            #expect(page.contains("<td class=\"number late\">8</td>"))
            #expect(page.contains("<span class=\"failure-reason\">Skipped: BOT_API_KEY is not set.</span>"))
            try await browser.get("/language/de")
            let german = try await browser.get("/admin/rates").html
            #expect(german.contains("Übersprungen: BOT_API_KEY ist nicht gesetzt."))

            let metrics = try await TestBrowser(app).get("/metrics").html
            #expect(metrics.contains("rates_provider_failures_total{provider=\"nbk\",reason=\"http-status\"}"))
            #expect(metrics.contains("rates_provider_age_days{provider=\"bcra\"} 11"))
            #expect(metrics.contains("rates_provider_skipped{provider=\"bot\"} 1"))
        }
    }
}
