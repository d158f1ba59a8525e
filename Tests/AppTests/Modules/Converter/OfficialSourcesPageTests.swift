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

/// The nine central banks and the ECB fetched from loopback stand-ins serving their real
/// documents, stored side by side and blended, over HTTP on PostgreSQL: refreshes at three
/// moments of 2026 (each provider's fixture is of its own days), filling the days missed
/// between them; then the converter, the history and past dates per source, in each language.
@Suite("Every central bank fetched, stored and blended; the converter per source, over HTTP on PostgreSQL")
struct OfficialSourcesPageTests {
    static let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")

    /// An app on the stub's banks at `clock`, its bundled ECB days stored.
    func withCentralBanks(
        _ stub: CentralBanksStub, at clock: TestClock, _ test: (Application) async throws -> Void
    ) async throws {
        try await withPostgresApp(configuration: .centralBanks(stub, initialAdmin: Self.admin), now: clock.closure) { app in
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 22))
            try await test(app)
        }
    }

    func outcomes(_ attempts: [RefreshAttempt]) -> [String: RefreshAttempt.Outcome] {
        Dictionary(uniqueKeysWithValues: attempts.map { ($0.source.rawValue, $0.outcome) })
    }

    /// Three refreshes: 2026-03-05, 2026-03-20 and 2026-04-25.
    func refreshThrough2026(_ app: Application, _ clock: TestClock) async throws -> [[String: RefreshAttempt.Outcome]] {
        var rounds: [[String: RefreshAttempt.Outcome]] = []
        for moment in [march5, march20, april25] {
            clock.set(moment)
            rounds.append(outcomes(await app.appServices.refresher.refresh(actor: "test")))
        }
        return rounds
    }

    @Test(
        "a refresh fetches every provider side by side and stores its own days; later ones fill the days missed; the blend covers 140+ currencies"
    )
    func refreshEveryProvider() async throws {
        let stub = try await CentralBanksStub.start()
        defer { Task { try? await stub.stop() } }
        let clock = TestClock(march5)
        try await withCentralBanks(stub, at: clock) { app in
            let rounds = try await refreshThrough2026(app, clock)
            // 2026-03-05: the publishers whose files have days up to then.
            #expect(
                rounds[0] == [
                    "ecb": .stored, "boc": .unchanged, "cnb": .stored, "nbp": .stored, "nbp.b": .stored, "cbr": .unchanged,
                    "nb": .unchanged, "rba": .stored, "nbu": .stored, "boe": .unchanged,
                ])
            // 2026-03-20: the rest, and the days missed since each one's newest (the ECB's from
            // its 90-day file, the Czech fixing from its year's file, the Ukrainian rates from a range).
            #expect(
                rounds[1] == [
                    "ecb": .stored, "boc": .stored, "cnb": .stored, "nbp": .unchanged, "nbp.b": .unchanged, "cbr": .unchanged,
                    "nb": .stored, "rba": .stored, "nbu": .stored, "boe": .stored,
                ])
            #expect(rounds[2]["cbr"] == .stored)
            let newest = try await app.appServices.rateStore.newestDays()
            #expect(newest["ecb"] == CalendarDate(iso8601: "2026-03-20"), "filled from the 90-day file")
            #expect(newest["cnb"] == CalendarDate(iso8601: "2026-04-02"), "the year's file, to the day the clock reached")
            #expect(newest["nbu"] == CalendarDate(iso8601: "2026-03-16"))
            #expect(newest["cbr"] == CalendarDate(iso8601: "2026-04-25"))
            #expect(Set(newest.keys).isSuperset(of: ["ecb", "boc", "cnb", "nbp", "nbp.b", "cbr", "nb", "rba", "nbu", "boe"]))
            // Every day of the Ukrainian file is stored, each once, though three refreshes overlapped.
            let nbuDays = try await app.appServices.officialRates.providerDays().first { $0.source == .nbu }?.days.days.map(\.date)
            #expect(nbuDays?.count == 16)

            // The blend of 2026-03-05: seven providers' days, the Polish table B's 115 currencies among them.
            let blend = try #require(try await app.appServices.officialRates.blend(on: CalendarDate(iso8601: "2026-03-05")!))
            #expect(blend.rates.count + 1 >= 140, "\(blend.rates.count + 1) currencies")
            #expect(blend.sources == ["ecb", "cnb", "nbp", "nbp.b", "rba", "nbu"])
            // The złoty as the ECB, the Czech and the Polish banks put it, averaged: each quote rebased
            // from the bank's own numbers, to 12 significant digits (24.39 / 5.709 = 4.272201786652...).
            let pln = try #require(blend.rates["PLN"])
            #expect(pln.quotes.map(\.source) == ["ecb", "cnb", "nbp", "nbu"], "the Reserve Bank of Australia has no złoty")
            #expect(pln.quotes.first { $0.source == "nbp" }?.rate == Fixtures.decimal("4.2739"), "table A's euro, 2026-03-05")
            #expect(pln.quotes.first { $0.source == "cnb" }?.rate == Fixtures.decimal("4.27220178665"))

            // A stubbed command-line refresh prints one line per provider.
            #expect(
                RefreshCommand.line(
                    .init(
                        kind: .refresh, source: "nbp", startedAt: march5, duration: 0.2, actor: nil, outcome: .stored,
                        message: Message(
                            "Stored {count} rates from {source}, effective {day}.",
                            ["count": .number("33"), "source": .message(RateSource.nbp.displayName), "day": .text("2026-03-05")])))
                    == "nbp               stored     Stored 33 rates from National Bank of Poland, effective 2026-03-05.")
        }
    }

    @Test("a provider serving a skewed rate is screened out of the blend and shown on the admin page and in the result's details")
    func skewedProvider() async throws {
        let stub = try await CentralBanksStub.start()
        defer { Task { try? await stub.stop() } }
        stub.skewNorgesBankDollar(by: Fixtures.decimal("1.1"))
        let clock = TestClock(march20)
        try await withCentralBanks(stub, at: clock) { app in
            _ = await app.appServices.refresher.refresh(actor: "test")
            let blend = try #require(try await app.appServices.officialRates.latestBlend()?.blend)
            let usd = try #require(blend.rates["USD"])
            #expect(usd.quotes.first { $0.source == "nb" }.map { if case .outlier = $0.exclusion { true } else { false } } == true)
            #expect(!usd.contributors.contains("nb") && usd.contributors.count >= 3)
            let outlier = try #require(blend.outliers.first { $0.source == "nb" && $0.currency == "USD" })
            #expect(outlier.deviation > Fixtures.decimal("0.08") && outlier.deviation < Fixtures.decimal("0.12"))

            let browser = TestBrowser(app)
            try await browser.signIn(Self.admin.email, Self.admin.password)
            let admin = try await browser.get("/admin/rates").html
            #expect(admin.contains("Screened out of the blend"))
            // The converter uses the blend, which has no one site: named, not linked to nowhere.
            #expect(admin.contains("the converter uses: All official sources</p>"))
            #expect(!admin.contains("href=\"\""))
            // A blend is made from the stored days, not stored itself: no "Stored" moment (it said 1970).
            #expect(!admin.contains("<dt>Stored</dt>") && !admin.contains("1970"))
            #expect(admin.contains("<td>Norges Bank</td><td>USD</td>"), "\(admin)")
            // The result page's details name each bank's rate of the pair, Norges Bank's marked.
            let page = try await TestBrowser(app).get("/?from=USD&to=NOK&amount=100").html
            #expect(page.contains("<details class=\"source-details\">"))
            #expect(page.contains("<span class=\"source-details-provider\">Norges Bank</span>"))
            #expect(page.contains("screened out: "))
        }
    }

    @Test("the converter per source: a Source menu, one provider's exact rates, the blend's make-up, unknown or empty sources refused")
    func converterPerSource() async throws {
        let stub = try await CentralBanksStub.start()
        defer { Task { try? await stub.stop() } }
        let clock = TestClock(march5)
        try await withCentralBanks(stub, at: clock) { app in
            _ = await app.appServices.refresher.refresh(actor: "test")
            // The National Bank of Poland alone: 100 USD at its mid of 2026-03-05, 3.6771 złoty.
            let nbp = try await TestBrowser(app).get("/?from=USD&to=PLN&amount=100&source=nbp")
            #expect(nbp.status == .ok)
            #expect(nbp.html.contains("100 USD = 367.71 PLN"))
            #expect(nbp.html.contains("1 USD = 3.6771 PLN"))
            #expect(nbp.html.contains("<option value=\"nbp\" selected>National Bank of Poland</option>"))
            #expect(nbp.html.contains(">National Bank of Poland</a>"))
            #expect(!nbp.html.contains("source-details"), "one provider has no make-up to show")
            #expect(nbp.html.contains("href=\"/rates/USD/PLN?source=nbp\""))
            #expect(nbp.cookie(LastConversionCookie.name)?.string == "USD-PLN-100~nbp")
            // Its currencies only: table A's 32 and the złoty.
            let menu = nbp.html.components(separatedBy: "<select id=\"from\"")[1].components(separatedBy: "</select>")[0]
            #expect(menu.occurrences(of: "<option value=") == 33)

            // The blend, the default: its source line names the banks, its details each one's rate and day.
            let blend = try await TestBrowser(app).get("/?from=USD&to=PLN&amount=100")
            #expect(blend.html.contains("All official sources: ECB, CNB, NBP, NBP.B, RBA, NBU"))
            // Several banks have no one site: the line names them without a link to nowhere.
            #expect(blend.html.contains("Source: All official sources: ECB, CNB, NBP, NBP.B, RBA, NBU\n"))
            #expect(!blend.html.contains("href=\"\""))
            // The four that quote both (table B has no dollar, the Reserve Bank of Australia no złoty);
            // the Ukrainian rates of 2026-03-06, set on the 5th, count as today's newest.
            #expect(blend.html.contains("<summary>Rates from 4 central banks</summary>"))
            // The unit and the page's day said once; a row names its own day only where it is another.
            #expect(
                blend.html.contains(
                    "<p class=\"source-details-unit\">1 USD in PLN, each of Mar 5, 2026 unless another day is shown</p>"))
            #expect(
                blend.html.contains(
                    "<span class=\"source-details-provider\">National Bank of Ukraine</span> <bdi dir=\"ltr\">3.6774</bdi> <time datetime=\"2026-03-06\">Mar 6, 2026</time></li>"
                ))
            #expect(blend.html.contains("Rates of Mar 5, 2026 (today)"))
            #expect(
                blend.html.contains(
                    "<span class=\"source-details-provider\">National Bank of Poland</span> <bdi dir=\"ltr\">3.6771</bdi></li>"
                ))
            let blendMenu = blend.html.components(separatedBy: "<select id=\"from\"")[1].components(separatedBy: "</select>")[0]
            #expect(blendMenu.occurrences(of: "<option value=") >= 140)
            // Each entry says how many of the banks quote the currency; table B alone quotes the afghani.
            #expect(blendMenu.contains("<option value=\"AFN\">AFN — Afghan Afghani · 1 source</option>"), "\(blendMenu.prefix(600))")
            #expect(blendMenu.contains("<option value=\"USD\" selected>USD — US Dollar · 5 sources</option>"))
            #expect(menu.contains("<option value=\"USD\" selected>USD — US Dollar</option>"), "one provider's menu counts nothing")
            #expect(blend.html.contains("<option value=\"blend\" selected>All official sources</option>"))

            // A source that does not exist, or has no rates yet: 422 at the source field.
            let unknown = try await TestBrowser(app).get("/?from=USD&to=PLN&amount=100&source=fed")
            #expect(unknown.status == .unprocessableEntity && unknown.html.contains("There is no source “fed”. Choose one from the list."))
            let empty = try await TestBrowser(app).get("/?from=USD&to=PLN&amount=100&source=boe")
            #expect(empty.status == .unprocessableEntity && empty.html.contains("Bank of England has no rates yet. Choose another source."))
            // A currency the source does not quote.
            let unquoted = try await TestBrowser(app).get("/?from=USD&to=AFN&amount=100&source=nbp")
            #expect(unquoted.status == .unprocessableEntity)

            // POST /convert keeps the source in the redirect and the cookie.
            let browser = TestBrowser(app)
            try await browser.get("/")
            let post = try await browser.post("/convert", [("from", "USD"), ("to", "CZK"), ("amount", "10"), ("source", "cnb")])
            #expect(post.status == .seeOther && post.headers.first(name: .location) == "/?from=USD&to=CZK&amount=10&source=cnb")

            // The API too.
            let api = try await TestBrowser(app).get("/api/v1/convert?from=USD&to=PLN&amount=100&source=nbp")
            #expect(api.html.contains(#""result":"367.71""#) && api.html.contains(#""id":"nbp""#))
        }
    }

    @Test("past dates and the history per source; every language names the banks")
    func pastDatesHistoryAndLanguages() async throws {
        let stub = try await CentralBanksStub.start()
        defer { Task { try? await stub.stop() } }
        let clock = TestClock(march5)
        try await withCentralBanks(stub, at: clock) { app in
            _ = await app.appServices.refresher.refresh(actor: "test")
            // A past day's blend: from each provider's day read alone while the days are not in
            // memory, then from memory; the same either way.
            let rates = app.appServices.officialRates
            let sunday = try #require(CalendarDate(iso8601: "2026-03-01"))
            let read = try #require(try await rates.blend(on: sunday))
            _ = try await rates.providerDays()
            let held = try #require(try await rates.blend(on: sunday))
            #expect(read.date == held.date && read.sources == held.sources && read.rates.count > 40)
            #expect(read.rates.mapValues(\.rate) == held.rates.mapValues(\.rate))
            // Sunday 2026-03-01 from the Czech National Bank: its fixing of Friday 2026-02-27, 20.541 koruna a dollar.
            let past = try await TestBrowser(app).get("/?from=USD&to=CZK&amount=100&date=2026-03-01&source=cnb")
            #expect(past.status == .ok)
            #expect(past.html.contains("100 USD = 2,054.10 CZK"))
            #expect(past.html.contains("Rates of Friday, February 27, 2026, the last day with rates on or before Sunday, March 1, 2026"))
            // The Polish table A starts on 2026-03-02: an earlier day is before its first.
            let early = try await TestBrowser(app).get("/?from=USD&to=PLN&amount=100&date=2026-02-27&source=nbp")
            #expect(early.status == .unprocessableEntity && early.html.contains("Rates start on Monday, March 2, 2026"))

            // The history of one provider: its four days.
            let history = try await TestBrowser(app).get("/rates/USD/PLN?range=1m&source=nbp")
            #expect(history.status == .ok)
            #expect(history.html.contains("data-points=\"4\""))
            #expect(history.html.contains("Rates from: National Bank of Poland"))
            #expect(history.html.contains("href=\"/rates/USD/PLN/daily.csv?range=1m&amp;source=nbp\""))
            #expect(try await TestBrowser(app).get("/rates/USD/PLN?range=1m&source=NBP").status == .movedPermanently)
            #expect(try await TestBrowser(app).get("/rates/USD/PLN?source=fed").status == .badRequest)
            let csv = try await TestBrowser(app).get("/rates/USD/PLN/daily.csv?range=1m&source=nbp")
            #expect(csv.html.contains("2026-03-05,3.6771\r\n"))

            // The source menu: the blend first, then the central banks grouped by region.
            let menu = try await TestBrowser(app).get("/?from=USD&to=PLN&amount=100").html
            #expect(menu.contains("<select id=\"source\" name=\"source\"><option value=\"blend\" selected>All official sources</option>"))
            #expect(menu.contains("<optgroup label=\"Europe\"><option value=\"ecb\">European Central Bank</option>"))
            #expect(
                menu.contains(
                    "<option value=\"nbu\">National Bank of Ukraine</option></optgroup><optgroup label=\"Asia and the Pacific\">"
                        + "<option value=\"rba\">Reserve Bank of Australia</option></optgroup></select>"))
            // The source menu and the details in each language.
            for (language, nbp, europe, summary) in [
                ("ru", "Национальный банк Польши", "Европа", "Курсы 4 центральных банков"),
                ("de", "Polnische Nationalbank", "Europa", "Kurse von 4 Zentralbanken"),
                ("ar", "البنك الوطني البولندي", "أوروبا", "أسعار من 4 بنوك مركزية"),
                ("ja", "ポーランド国立銀行", "ヨーロッパ", "4 行の中央銀行のレート"),
            ] {
                let browser = TestBrowser(app)
                browser.setHeader("Accept-Language", language)
                let page = try await browser.get("/?from=USD&to=PLN&amount=100")
                #expect(page.html.contains("<option value=\"nbp\">\(nbp)</option>"), "\(language)")
                #expect(page.html.contains("<optgroup label=\"\(europe)\">"), "\(language)")
                // Arabic isolates the number inside its sentence.
                let text = page.html.replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
                #expect(text.contains("<summary>\(summary)</summary>"), "\(language)")
            }
            // The past day's blend is kept: asked again, the same; until a provider stores a day on or before it.
            #expect(try await rates.blend(on: sunday) == held)
            let saturday = try #require(CalendarDate(iso8601: "2026-02-28"))
            let friday = try #require(try await app.appServices.rateStore.newest(onOrBefore: saturday, sources: ["cnb"]))
            var moved = friday.rates
            moved["USD"] = Fixtures.decimal("19.9")
            _ = try await app.appServices.rateStore.save(
                RateSnapshot(
                    source: "cnb", baseCurrency: friday.baseCurrency, effectiveDate: saturday, storedAt: clock.closure(), rates: moved,
                    quotation: friday.quotation))
            var renewed = held
            for _ in 0..<100 where renewed == held {
                try await Task.sleep(for: .milliseconds(50))
                _ = try await rates.providerDays()
                renewed = try #require(try await rates.blend(on: sunday))
            }
            #expect(renewed != held, "a day stored on or before it makes a new blend")
        }
    }

    @Test("an admin backfills a provider over a range from the page's form (CSRF-checked; a bad range is the page again, 422)")
    func backfillFromThePage() async throws {
        let stub = try await CentralBanksStub.start()
        defer { Task { try? await stub.stop() } }
        let clock = TestClock(march20)
        try await withCentralBanks(stub, at: clock) { app in
            let browser = TestBrowser(app)
            try await browser.signIn(Self.admin.email, Self.admin.password)
            let page = try await browser.get("/admin/rates").html
            #expect(page.contains("<form class=\"backfill\" method=\"post\" action=\"/admin/rates/backfill\""))
            #expect(page.contains("<option value=\"nbp.b\">National Bank of Poland, table B</option>"))
            // Without the form's token: refused, nothing fetched.
            let forged = try await browser.post(
                "/admin/rates/backfill", [("provider", "nbp"), ("from", "2026-03-01"), ("to", "2026-03-05")], csrf: nil)
            #expect(forged.status == .forbidden && stub.hits("nbp") == 0)

            let done = try await browser.post("/admin/rates/backfill", [("provider", "nbp"), ("from", "2026-03-01"), ("to", "2026-03-05")])
            #expect(done.status == .seeOther && done.headers.first(name: .location) == "/admin/rates")
            let after = try await browser.get("/admin/rates").html
            #expect(after.contains("Backfill: stored. Stored 4 days of rates from National Bank of Poland (2026-03-02 to 2026-03-05)."))
            #expect(try await app.appServices.rateStore.newestDays()["nbp"] == CalendarDate(iso8601: "2026-03-05"))
            // Again: nothing new.
            try await browser.post("/admin/rates/backfill", [("provider", "nbp"), ("from", "2026-03-01"), ("to", "2026-03-05")])
            #expect(try await browser.get("/admin/rates").html.contains("Backfill: unchanged."))

            let bad = try await browser.post("/admin/rates/backfill", [("provider", "nbp"), ("from", "2026-03-05"), ("to", "2026-03-01")])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.html.contains("id=\"backfill-to-error\">The last day comes before the first (Mar 5, 2026).</p>"))
            #expect(bad.html.contains("value=\"2026-03-05\"") && bad.html.contains("<option value=\"nbp\" selected>"))
        }
    }

    @Test("the schedule fetches each provider once its publication is due, not again within the interval")
    func schedule() async throws {
        let stub = try await CentralBanksStub.start()
        defer { Task { try? await stub.stop() } }
        let clock = TestClock(march20)
        try await withCentralBanks(stub, at: clock) { app in
            let first = try #require(await app.appServices.refresher.refreshIfDue(every: 3600))
            #expect(first.count == 10 && first.allSatisfy { $0.actor == nil })
            #expect(await app.appServices.refresher.refreshIfDue(every: 3600) == nil)
            // An hour on, the providers whose newest publication is stored are not asked again; the others are.
            clock.advance(by: 3600)
            let second = try #require(await app.appServices.refresher.refreshIfDue(every: 3600))
            // Due and not in their files: the Polish tables' and the Russian file's newest, Thursday's
            // Canadian rates, the Ukrainian rates for Saturday.
            #expect(Set(second.map(\.source)) == ["boc", "nbp", "nbp.b", "cbr", "nbu"])
        }
    }
}
