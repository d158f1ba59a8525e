import Fluent
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

@Suite("Admin rate refresh over HTTP on PostgreSQL, against loopback providers")
struct AdminRatesPageTests {
    static let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")

    /// An app whose provider is `url`, with an admin signed in through the real form.
    func withAdmin(
        provider: RateSource = .exchangeRateAPI, url: URL, historyURL: URL = refusedURL(),
        fullHistoryURL: URL = refusedURL(), timeout: TimeInterval = 10, _ test: (Application, TestBrowser) async throws -> Void
    ) async throws {
        let configuration = AppConfiguration.forTests(
            initialAdmin: Self.admin, ratesProvider: provider, ratesProviderURL: url, ecbHistoryURL: historyURL,
            ecbFullHistoryURL: fullHistoryURL, ratesTimeout: timeout)
        try await withPostgresApp(configuration: configuration) { app in
            let browser = TestBrowser(app)
            try await browser.signIn(Self.admin.email, Self.admin.password)
            try await test(app, browser)
        }
    }

    /// Presses a button on the admin page and follows the redirect; returns the flash message
    /// (and whether it is shown as an error).
    @discardableResult
    func press(_ path: String, in browser: TestBrowser, isError: Bool? = nil) async throws -> String {
        try await browser.get("/admin/rates")
        let response = try await browser.post(path)
        #expect(response.status == .seeOther)
        #expect(response.headers.first(name: .location) == "/admin/rates")
        let page = try await browser.get("/admin/rates")
        let flash = page.html.firstMatch(of: /<p class="flash( flash-error)?" role="status">([^<]*)<\/p>/)
        if let isError { #expect((flash?.1 != nil) == isError, "flash shown as error: \(flash?.1 != nil)") }
        // The message is shown once.
        #expect(try await !browser.get("/admin/rates").html.contains("role=\"status\""))
        let text = flash.map { String($0.2).replacingOccurrences(of: "&#39;", with: "'") } ?? ""
        // "Refresh: stored. Stored 162 rates …": what was done and how it ended, in the page's
        // language, then the attempt's own log message, which is returned.
        let parts = text.firstMatch(of: /^(Refresh|History import|Full history import): (stored|unchanged|failed|skipped)\. (.*)$/)
        #expect(parts != nil, "flash: \(text)")
        return parts.map { String($0.3) } ?? text
    }

    func snapshotCount(_ app: Application) async throws -> Int { try await RateSnapshotModel.query(on: app.db).count() }

    func converterSummary(_ app: Application, _ query: String = "from=USD&to=EUR&amount=100") async throws -> String {
        let html = try await TestBrowser(app).get("/?\(query)").html
        return html.firstMatch(of: /data-result="summary">([^<]*)<\/bdi>/).map { String($0.1) } ?? ""
    }

    @Test("anonymous visitors are sent to sign in; non-admins are refused; admins see the page")
    func access() async throws {
        try await withPostgresApp(configuration: .forTests(initialAdmin: Self.admin)) { app in
            let anonymous = try await TestBrowser(app).get("/admin/rates")
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.headers.first(name: .location) == "/login?next=/admin/rates")

            _ = try await app.appServices.accounts.register(email: "ann@example.org", password: "long enough", role: .user)
            let user = TestBrowser(app)
            try await user.signIn("ann@example.org", "long enough")
            let refused = try await user.get("/admin/rates")
            #expect(refused.status == .forbidden)
            #expect(refused.html.contains("This page is for administrators."))
            try await user.get("/about")
            #expect(try await user.post("/admin/rates/refresh").status == .forbidden)
            #expect(try await RefreshAttemptModel.query(on: app.db).count() == 0)

            let admin = TestBrowser(app)
            try await admin.signIn(Self.admin.email, Self.admin.password)
            let page = try await admin.get("/admin/rates")
            #expect(page.status == .ok)
            #expect(page.html.contains("<title>Exchange rates · Admin · Currency Converter</title>"))
            #expect(
                page.html.contains(
                    "<dt>Source</dt><dd>All official sources: European Central Bank <span class=\"badge\">bundled snapshot</span></dd>"))
            #expect(page.html.contains("<dt>Effective</dt><dd>May 9, 2025</dd>"))
            #expect(page.html.contains("<dt>Currencies</dt><dd>61</dd>"))
            #expect(page.html.contains(">ExchangeRate-API</a>"))
            #expect(page.html.contains("No refresh has been tried yet."))
            #expect(page.html.contains("<tr><td>USD</td><td>US Dollar</td><td class=\"number\">1.1252</td></tr>"))
        }
    }

    @Test("a refresh from ExchangeRate-API is stored and the converter uses it at once")
    func refresh() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(.exchangeRateAPI)) { app, browser in
            #expect(try await converterSummary(app) == "100 USD = 88.87 EUR")
            let flash = try await press("/admin/rates/refresh", in: browser, isError: false)
            #expect(flash == "Stored 162 rates from ExchangeRate-API, effective 2025-05-11.")
            #expect(try await snapshotCount(app) == 2)

            // 100 × 0.919028 = 91.9028 → 91.90 EUR, and the page names the new source.
            #expect(try await converterSummary(app) == "100 USD = 91.90 EUR")
            let page = try await TestBrowser(app).get("/?from=GBP&to=TVD&amount=10")
            #expect(page.html.contains(">ExchangeRate-API</a>"))
            #expect(page.html.contains("Rates of May 11, 2025 (yesterday)"))
            #expect(!page.html.contains("bundled snapshot"))
            #expect(page.html.contains("<option value=\"TVD\" selected>TVD — Tuvaluan Dollar</option>"))
            let from = page.html.components(separatedBy: "<select id=\"from\"")[1].components(separatedBy: "</select>")[0]
            #expect(from.occurrences(of: "<option value=") == 162)
            // The sources to choose from: the blend, the ECB (bundled) and ExchangeRate-API, the default.
            #expect(page.html.contains("<option value=\"exchangerate-api\" selected>ExchangeRate-API</option>"))
            #expect(page.html.contains("<option value=\"blend\">All official sources</option>"))

            let admin = try await browser.get("/admin/rates").html
            #expect(admin.contains("<dt>Currencies</dt><dd>162</dd>"))
            #expect(admin.contains("<td>admin@example.org</td>"))
            #expect(admin.contains("<span class=\"outcome outcome-stored\">stored</span>"))
            // The stored rates are exact.
            let stored = try #require(try await app.appServices.rateStore.latest())
            #expect(stored.rates["AFN"] == Fixtures.decimal("70.249716"))
        }
    }

    @Test(
        "every fault stores nothing but a log entry, says why, and keeps the old rates",
        arguments: [
            (StubProvider.Path.html, "not a rates document"),
            (.garbage, "not a rates document"),
            (.partialJSON, "not valid JSON"),
            (.negativeRate, "the rate for EUR is -0.919028, not a positive number"),
            (.fewCurrencies, "only 2 currencies are quoted; at least 10 are needed"),
            (.futureDate, "after today"),
            (.badCode, "“eur” is not a currency code"),
            (.serverError, "the server answered HTTP 500"),
            (.empty, "the answer is empty"),
            (.exchangeRateAPIError, "the provider reported an error: unsupported-code"),
            (.huge, "the answer is larger than 5 MB"),
            (.redirectOtherHost, "redirected to another host (localhost); only redirects within 127.0.0.1 are followed"),
            (.redirectLoop, "more than 3 redirects"),
        ])
    func faults(path: StubProvider.Path, reason: String) async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(path)) { app, browser in
            let flash = try await press("/admin/rates/refresh", in: browser, isError: true)
            #expect(flash.hasPrefix("ExchangeRate-API: "), "\(flash)")
            #expect(flash.contains(reason), "\(flash)")
            #expect(flash.hasSuffix("The current rates stay in place."))
            #expect(try await snapshotCount(app) == 1)
            #expect(try await converterSummary(app) == "100 USD = 88.87 EUR")
            let attempt = try #require(try await RefreshAttemptModel.query(on: app.db).first())
            #expect(attempt.outcome == "failed" && attempt.actor == "admin@example.org")
            // A day refused by validation is counted on the health table, at /health/providers and in the metrics.
            let refused = [.negativeRate, .fewCurrencies, .futureDate, .badCode].contains(path) ? 1 : 0
            #expect(attempt.refusedDays == refused)
            let health = try await browser.get("/health/providers").html
            let providers = (try? JSONSerialization.jsonObject(with: Data(health.utf8))) as? [String: [[String: Any]]]
            #expect(providers?["providers"]?.first?["refused_days_7d"] as? Int == refused, "\(health.prefix(600))")
            let admin = try await browser.get("/admin/rates").html
            #expect(admin.contains("<th scope=\"col\" class=\"number\">Days refused (7 days)</th>"))
            #expect(admin.contains("</td><td class=\"number\">\(refused == 1 ? "1" : "–")</td></tr>"))
            let metrics = try await browser.get("/metrics").html
            if refused == 1 { #expect(metrics.contains("rates_provider_refused_days_total{provider=\"exchangerate-api\"}")) }
        }
    }

    @Test("an endless answer is abandoned at 5 MB: the download stops, it is not read to the end")
    func endlessAnswer() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(.huge), timeout: 20) { _, browser in
            let flash = try await press("/admin/rates/refresh", in: browser, isError: true)
            #expect(flash.contains("the answer is larger than 5 MB"))
            // 5 MB read, plus what the sockets buffer: nowhere near the 400 MB on offer.
            #expect(stub.hugeBytesSent < 24 << 20, "\(stub.hugeBytesSent) bytes sent")
        }
    }

    @Test("a redirect within the configured host is followed")
    func sameHostRedirect() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(.redirectSameHost)) { _, browser in
            let flash = try await press("/admin/rates/refresh", in: browser, isError: false)
            #expect(flash.hasPrefix("Stored 162 rates"), "\(flash)")
            #expect(stub.hits(.exchangeRateAPI) == 1)
        }
    }

    @Test("a redirect to another host is not even requested")
    func otherHostRedirect() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(.redirectOtherHost)) { _, browser in
            try await press("/admin/rates/refresh", in: browser, isError: true)
            #expect(stub.hits(.redirectOtherHost) == 1)
            #expect(stub.hits(.exchangeRateAPI) == 0)
        }
    }

    @Test("a truncated ECB document is refused")
    func partialXML() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(provider: .ecb, url: stub.url(.partialXML)) { app, browser in
            let flash = try await press("/admin/rates/refresh", in: browser)
            #expect(flash.hasPrefix("European Central Bank: the answer is not a rates document"), "\(flash)")
            #expect(try await snapshotCount(app) == 1)
        }
    }

    @Test("a refused connection and a provider that never answers keep the old rates")
    func unreachable() async throws {
        let silent = try await SilentServer.start()
        defer { Task { try? await silent.stop() } }
        try await withAdmin(url: silent.url, timeout: 1) { app, browser in
            let started = Date()
            let flash = try await press("/admin/rates/refresh", in: browser)
            #expect(flash == "ExchangeRate-API: no answer within 1 second. The current rates stay in place.")
            // At the 1-second limit (and one more try), with room for a machine busy starting tests.
            #expect(Date().timeIntervalSince(started) < 20)
            #expect(try await converterSummary(app) == "100 USD = 88.87 EUR")
        }
        // A refusal is an answer: it is reported at once (after one more try), not when the
        // 60-second limit runs out (far above the bound, so a busy machine cannot blur the two).
        try await withAdmin(url: refusedURL(), timeout: 60) { app, browser in
            let started = ContinuousClock.now
            let flash = try await press("/admin/rates/refresh", in: browser)
            #expect(flash == "ExchangeRate-API: could not connect (connection refused). The current rates stay in place.", "\(flash)")
            #expect(ContinuousClock.now - started < .seconds(15))
            #expect(try await snapshotCount(app) == 1)
        }
    }

    @Test(
        "a publisher dripping its answer a byte at a time fails within RATES_TIMEOUT, beside a publisher that answers, which is stored; the refresh lock is free again"
    )
    func drippingPublisher() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        let configuration = AppConfiguration.forTests(
            initialAdmin: Self.admin, ratesProviderURL: stub.url(.drip), providers: [RateSource.ecb.id],
            ecbDailyURL: stub.url(.ecbDailyToday), ratesTimeout: 3)
        try await withPostgresApp(configuration: configuration) { app in
            let browser = TestBrowser(app)
            try await browser.signIn(Self.admin.email, Self.admin.password)
            try await browser.get("/admin/rates")
            // when a refresh asks both
            let started = ContinuousClock.now
            let response = try await browser.post("/admin/rates/refresh")
            let took = ContinuousClock.now - started
            // then it ends within the limit and a little, the dripping one failed, the other stored
            #expect(response.status == .seeOther)
            #expect(took < .seconds(5), "the refresh took \(took)")
            let attempts = try await app.appServices.refresher.recentAttempts(limit: 10)
            let dripping = try #require(attempts.first { $0.source == RateSource.exchangeRateAPI.id })
            #expect(dripping.outcome == .failed)
            #expect(
                dripping.message.english == "ExchangeRate-API: no complete answer within 3 seconds. The current rates stay in place.",
                "\(dripping.message.english)")
            #expect(attempts.first { $0.source == RateSource.ecb.id }?.outcome == .stored, "\(attempts.map(\.message.english))")
            // The download was abandoned: the stand-in stops sending.
            try await Task.sleep(for: .seconds(1))
            let sent = stub.dripBytesSent
            try await Task.sleep(for: .seconds(1.5))
            #expect(stub.dripBytesSent == sent, "still sending")
            #expect(sent < 10)
            // And the next refresh is not told one is running.
            try await browser.get("/admin/rates")
            try await browser.post("/admin/rates/refresh")
            let again = try await app.appServices.refresher.recentAttempts(limit: 10)
            #expect(!again.contains { $0.outcome == .busy })
        }
    }

    @Test("the log is written in the admin's language, numbers too; what a provider wrote and attempts logged before stay as recorded")
    func logInTheAdminsLanguage() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        stub.setCurrent(try StubProvider.exchangeRateAPI(rates: ["EUR": "-0.919028"]))
        try await withAdmin(url: stub.url(.current)) { app, browser in
            browser.setHeader("Accept-Language", "ru")
            try await browser.get("/admin/rates")
            try await browser.post("/admin/rates/refresh")
            let failed =
                "Обновление: ошибка. ExchangeRate-API: курсы отклонены: курс EUR равен -0,919028, а это не положительное число. "
                + "Текущие курсы остаются в силе."
            var page = try await browser.get("/admin/rates").html
            #expect(page.contains("<p class=\"flash flash-error\" role=\"status\">\(failed)</p>"), "\(page)")

            // The row keeps the English sentence for anyone reading the table, and its parts.
            let row = try #require(try await RefreshAttemptModel.query(on: app.db).first())
            #expect(
                row.message == "ExchangeRate-API: the rates were rejected: the rate for EUR is -0.919028, not a positive number. "
                    + "The current rates stay in place.")
            #expect(row.messageParts?.contains(#""format":"{source}: {reason}. The current rates stay in place.""#) == true)

            // An attempt logged before messages had parts is shown as it was recorded.
            let old = RefreshAttemptModel(
                RefreshAttempt(
                    kind: .refresh, source: "ecb", startedAt: Date(timeIntervalSinceNow: -60), duration: 0.2, actor: nil, outcome: .stored,
                    message: .verbatim("Stored 30 rates from European Central Bank, effective 2025-05-09.")))
            old.messageParts = nil
            try await old.create(on: app.db)
            page = try await browser.get("/admin/rates").html
            #expect(page.contains("ExchangeRate-API: курсы отклонены: курс EUR равен -0,919028"))
            #expect(page.contains("Stored 30 rates from European Central Bank, effective 2025-05-09."))

            browser.setHeader("Accept-Language", "de")
            stub.setCurrent(try StubProvider.exchangeRateAPI())
            try await browser.get("/admin/rates")
            try await browser.post("/admin/rates/refresh")
            page = try await browser.get("/admin/rates").html
            #expect(page.contains("Aktualisierung: gespeichert. 162 Kurse gespeichert (Quelle: ExchangeRate-API), gültig ab 2025-05-11."))
        }
    }

    @Test("fetching the same snapshot again is logged as unchanged, not stored twice")
    func unchanged() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        stub.setCurrent(try StubProvider.exchangeRateAPI())
        try await withAdmin(url: stub.url(.current)) { app, browser in
            #expect(try await press("/admin/rates/refresh", in: browser).hasPrefix("Stored 162 rates"))
            let again = try await press("/admin/rates/refresh", in: browser)
            #expect(again == "ExchangeRate-API still publishes the rates of 2025-05-11; nothing stored.")
            #expect(try await snapshotCount(app) == 2)
            // New rates on the same day are a new snapshot.
            stub.setCurrent(try StubProvider.exchangeRateAPI(rates: ["EUR": "0.93"]))
            #expect(try await press("/admin/rates/refresh", in: browser).hasPrefix("Stored 162 rates"))
            #expect(try await snapshotCount(app) == 3)
            #expect(try await converterSummary(app) == "100 USD = 93.00 EUR")
            let outcomes = try await RefreshAttemptModel.query(on: app.db).sort(\.$startedAt).all().map(\.outcome)
            #expect(outcomes.sorted() == ["stored", "stored", "unchanged"])
        }
    }

    @Test("two refreshes at once store exactly one snapshot; the other is told one is running")
    func concurrentRefreshes() async throws {
        let stub = try await StubProvider.start(delay: .milliseconds(1_500)) // room for the second to arrive on a busy machine
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(.slowExchangeRateAPI)) { app, first in
            let second = TestBrowser(app)
            try await second.signIn(Self.admin.email, Self.admin.password)
            try await first.get("/admin/rates")
            try await second.get("/admin/rates")
            async let a = first.post("/admin/rates/refresh")
            async let b = second.post("/admin/rates/refresh")
            let statuses = try await [a.status, b.status]
            #expect(statuses == [.seeOther, .seeOther])
            #expect(try await snapshotCount(app) == 2)
            #expect(stub.hits(.slowExchangeRateAPI) == 1)
            let outcomes = try await RefreshAttemptModel.query(on: app.db).all().map(\.outcome).sorted()
            #expect(outcomes == ["busy", "stored"])
            let flashes = [try await first.get("/admin/rates").html, try await second.get("/admin/rates").html]
            #expect(flashes.contains { $0.contains("A refresh is already running; try again in a moment.") })
            #expect(flashes.contains { $0.contains("Stored 162 rates from ExchangeRate-API") })
        }
    }

    @Test(
        "a refresh while the bundled history is being stored says so, with how far the load has come; the admin page shows its progress"
    )
    func refreshDuringTheBundledLoad() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(.exchangeRateAPI)) { app, browser in
            // given: a five-day archive's load (one day stored at start) paused after its first two days
            let (reached, reachedNext) = AsyncStream<Void>.makeStream()
            let (release, released) = AsyncStream<Void>.makeStream()
            var loader = BundledHistoryLoader(
                bundled: BundledRates(archive: Fixtures.sampleArchive), store: app.appServices.historyLoader.store,
                progress: app.appServices.historyProgress, now: app.appServices.now)
            loader.daysPerBatch = 2
            loader.afterBatch = {
                reachedNext.yield()
                for await _ in release {}
            }
            async let outcome = loader.storeMissingDays(logger: Logger(label: "test"))
            var batches = reached.makeAsyncIterator()
            _ = await batches.next()

            // when: the admin presses "Refresh now"
            let flash = try await press("/admin/rates/refresh", in: browser, isError: false)
            // then: told what holds the rates, not that a refresh is running
            #expect(flash == "The bundled history is still being stored (3 of 5 days); try again in a few seconds.")
            let page = try await browser.get("/admin/rates").html
            #expect(page.contains("<progress id=\"history-load\" max=\"5\" value=\"3\""), "\(page)")
            #expect(page.contains("Storing the bundled ECB history: 3 of 5 days"))
            #expect(stub.hits(.exchangeRateAPI) == 0)

            // once the load ends: no progress shown, and a refresh runs
            released.finish()
            #expect(await outcome == .stored(days: 4))
            #expect(app.appServices.historyProgress.current == nil)
            #expect(try await !browser.get("/admin/rates").html.contains("<progress"))
            #expect(try await press("/admin/rates/refresh", in: browser) == "Stored 162 rates from ExchangeRate-API, effective 2025-05-11.")
        }
    }

    @Test("the ECB history is imported one snapshot per day, once; the newest stays current")
    func importHistory() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(.exchangeRateAPI), historyURL: stub.url(.ecbHistory)) { app, browser in
            let flash = try await press("/admin/rates/import-history", in: browser)
            #expect(flash == "Imported 5 days of European Central Bank history (2025-02-19 to 2025-02-25).")
            #expect(try await snapshotCount(app) == 6)
            let days = try await RateSnapshotModel.query(on: app.db).filter(\.$source == "ecb").all().map(\.effectiveDate).sorted()
            #expect(days == ["2025-02-19", "2025-02-20", "2025-02-21", "2025-02-24", "2025-02-25"])
            // The bundled 2025-05-09 snapshot is newer, so it stays current.
            #expect(try await converterSummary(app) == "100 USD = 88.87 EUR")
            #expect(try await app.appServices.rateStore.latest()?.effectiveDate.description == "2025-05-09")

            let again = try await press("/admin/rates/import-history", in: browser)
            #expect(again == "All 5 days of the European Central Bank history are already stored.")
            #expect(try await snapshotCount(app) == 6)

            // A refresh afterwards still becomes current.
            #expect(try await press("/admin/rates/refresh", in: browser).hasPrefix("Stored 162 rates"))
            #expect(try await converterSummary(app) == "100 USD = 91.90 EUR")
        }
    }

    @Test("the ECB's full history (a zip) is imported once, days already stored skipped; a bad archive stores nothing and says why")
    func importFullHistory() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(url: stub.url(.exchangeRateAPI), fullHistoryURL: stub.url(.ecbFullHistory)) { app, browser in
            let page = try await browser.get("/admin/rates")
            #expect(page.html.contains("action=\"/admin/rates/import-full-history\""))
            // The sample's 2025-05-09 is the bundled day already stored.
            let flash = try await press("/admin/rates/import-full-history", in: browser, isError: false)
            #expect(flash == "Imported 4 days of the European Central Bank's full history (1999-01-04 to 2025-05-08); 1 already stored.")
            #expect(try await snapshotCount(app) == 5)
            let days = try await RateSnapshotModel.query(on: app.db).filter(\.$source == "ecb").all().map(\.effectiveDate).sorted()
            #expect(days == ["1999-01-04", "2008-09-15", "2020-03-13", "2025-05-08"])
            #expect(try await converterSummary(app) == "100 USD = 88.87 EUR")
            let again = try await press("/admin/rates/import-full-history", in: browser, isError: false)
            #expect(again == "All 5 days of the European Central Bank's full history are already stored.")
            let log = try await browser.get("/admin/rates").html
            #expect(log.contains("Full history import"))
        }
        try await withAdmin(url: stub.url(.exchangeRateAPI), fullHistoryURL: stub.url(.ecbDaily)) { app, browser in
            let flash = try await press("/admin/rates/import-full-history", in: browser, isError: true)
            #expect(flash.contains("not a readable zip archive"), "\(flash)")
            #expect(try await snapshotCount(app) == 1)
        }
    }

    @Test("a zip bomb as the ECB's full history is refused, saying how large a CSV may be, and stores nothing")
    func importFullHistoryBomb() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        _ = await ZipBomb.hundredMegabytes() // made before the stub is asked, within the fetch's two seconds
        try await withAdmin(url: stub.url(.exchangeRateAPI), fullHistoryURL: stub.url(.ecbFullHistoryBomb)) { app, browser in
            let flash = try await press("/admin/rates/import-full-history", in: browser, isError: true)
            #expect(
                flash == "European Central Bank: the archive's CSV is larger than 64 MB. The current rates stay in place.", "\(flash)")
            #expect(try await snapshotCount(app) == 1)
            let attempt = try #require(try await RefreshAttemptModel.query(on: app.db).sort(\.$startedAt, .descending).first())
            #expect(attempt.outcome == "failed" && attempt.message.contains("the archive's CSV is larger than 64 MB"))
            // In the admin's language too.
            try await browser.get("/language/de")
            let log = try await browser.get("/admin/rates").html
            #expect(log.contains("die CSV-Datei im Archiv ist größer als 64 MB"), "\(log)")
        }
    }

    @Test("the ECB provider: a refresh from the daily XML")
    func ecbRefresh() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withAdmin(provider: .ecb, url: stub.url(.ecbDailyToday)) { app, browser in
            let flash = try await press("/admin/rates/refresh", in: browser)
            #expect(flash == "Stored 30 rates from European Central Bank, effective 2025-05-12.")
            let page = try await TestBrowser(app).get("/?from=EUR&to=USD&amount=100").html
            #expect(page.contains("100 EUR = 113.00 USD"))
            #expect(!page.contains("bundled snapshot"))
            #expect(
                try await browser.get("/admin/rates").html.contains(
                    "the converter uses: <a href=\"https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html\" rel=\"noopener\">European Central Bank</a>"
                ))
            // The same day again is not stored twice.
            #expect(
                try await press("/admin/rates/refresh", in: browser)
                    == "European Central Bank still publishes the rates of 2025-05-12; nothing stored.")
        }
        // The day that ships with the app is the ECB's own: fetched again, it is not stored again.
        try await withAdmin(provider: .ecb, url: stub.url(.ecbDaily)) { app, browser in
            let flash = try await press("/admin/rates/refresh", in: browser)
            #expect(flash == "European Central Bank still publishes the rates of 2025-05-09; nothing stored.")
            let count = try await snapshotCount(app)
            #expect(count == 1)
        }
    }

    @Test("rates stored by another instance reach this one's memory")
    func otherInstances() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        let schema = "test_instances_" + UUID().uuidString.prefix(8).lowercased()
        let configuration = AppConfiguration.forTests(ratesProviderURL: stub.url(.exchangeRateAPI))
        try await withPostgresApp(configuration: configuration, schema: schema) { first in
            try await withPostgresApp(configuration: configuration, schema: schema) { second in
                _ = await first.appServices.refresher.refresh(actor: "admin@example.org")
                #expect(try await converterSummary(first) == "100 USD = 91.90 EUR")
                #expect(try await converterSummary(second) == "100 USD = 88.87 EUR") // not yet
                try await second.appServices.currentRates.syncWithStore()
                #expect(try await converterSummary(second) == "100 USD = 91.90 EUR")
            }
        }
    }

    @Test("the schedule skips when a refresh ran within the interval, and backs off after failures")
    func schedule() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        let clock = TestClock()
        try await withPostgresApp(configuration: .forTests(ratesProviderURL: stub.url(.exchangeRateAPI)), now: clock.closure) { app in
            let refresher = app.appServices.refresher
            // ExchangeRate-API, and the ECB's daily rates for /v1 (its stand-in refuses: the test's ECB is unreachable).
            let first = await refresher.refreshIfDue(every: 3600)
            #expect(first?.map(\.source) == ["exchangerate-api", "ecb"] && first?.map(\.outcome) == [.stored, .failed])
            #expect(first?.allSatisfy { $0.actor == nil } == true)
            clock.advance(by: 600)
            #expect(await refresher.refreshIfDue(every: 3600) == nil)
            clock.advance(by: 3600)
            #expect(await refresher.refreshIfDue(every: 3600)?.map(\.outcome) == [.unchanged, .failed])
        }
        #expect(RatesBackgroundJobs.nextDelay(after: .failed, current: .seconds(600), interval: 600) == .seconds(1200))
        #expect(RatesBackgroundJobs.nextDelay(after: .failed, current: .seconds(86_400), interval: 600) == .seconds(86_400))
        #expect(RatesBackgroundJobs.nextDelay(after: .stored, current: .seconds(4800), interval: 600) == .seconds(600))
        #expect(RatesBackgroundJobs.nextDelay(after: nil, current: .seconds(4800), interval: 600) == .seconds(600))
    }
}
