import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("AdminRates interactor and presenter")
struct AdminRatesTests {
    let admin = User(id: UUID(), email: "admin@example.org", role: .admin, createdAt: testNow)
    let user = User(id: UUID(), email: "ann@example.org", role: .user, createdAt: testNow)

    func interactor(_ refresher: FakeRefresher = FakeRefresher()) -> AdminRatesInteractor {
        AdminRatesInteractor(
            rates: FakeCurrentRates(snapshot: Fixtures.snapshot), refresher: refresher,
            catalog: Fixtures.catalog, providers: [.ecb, .exchangeRateAPI], outliers: FakeOutliers(), historyProgress: FakeHistoryLoad(),
            now: { testNow })
    }

    @Test("only admins get in: anonymous must sign in, others are refused")
    func access() async throws {
        await #expect(throws: AdminRates.Failure.signInRequired) { try await interactor().overview(for: nil, flash: nil) }
        await #expect(throws: AdminRates.Failure.forbidden) { try await interactor().overview(for: user, flash: nil) }
        await #expect(throws: AdminRates.Failure.forbidden) { try await interactor().refresh(by: user) }
        await #expect(throws: AdminRates.Failure.signInRequired) { try await interactor().importHistory(by: nil) }
    }

    @Test func overview() async throws {
        let attempts = (0..<25).map { FakeRefresher.attempt(.refresh, actor: nil, .unchanged, .verbatim("n\($0)")) }
        let output = try await interactor(FakeRefresher(attempts: attempts)).overview(for: admin, flash: .success("Hello"))
        #expect(output.admin == admin)
        // Each provider with its health as the refresher reports it (the fake: no day, no attempt).
        let ecbHealth = ProviderHealth(source: .ecb, newestDay: nil, lastSuccess: nil, lastFailure: nil)
        #expect(
            output.providers == [
                .init(source: .ecb, snapshot: Fixtures.snapshot, health: ecbHealth), .init(source: .exchangeRateAPI, snapshot: nil),
            ])
        #expect(output.outliers == FakeOutliers.outliers && output.backfillable == [.ecb, .cbr, .nbp])
        #expect(output.snapshot == Fixtures.snapshot)
        #expect(output.attempts.count == 20)
        #expect(output.currencies.map(\.code) == Fixtures.snapshot.currencyCodes)
        #expect(output.flash == .success("Hello"))
    }

    @Test("actions run as the admin who asked")
    func actionsCarryTheActor() async throws {
        let refresher = FakeRefresher()
        _ = try await interactor(refresher).refresh(by: admin)
        _ = try await interactor(refresher).importHistory(by: admin)
        _ = try await interactor(refresher).importFullHistory(by: admin)
        #expect(refresher.actors == ["refresh:admin@example.org", "import:admin@example.org", "import-full:admin@example.org"])
    }

    @Test(
        "an upload: the admin's only, stored through the refresher as the admin; the form names the Kursliste, and a refusal is said at its field"
    )
    func upload() async throws {
        let refresher = FakeRefresher()
        #expect(throws: AdminRates.Failure.forbidden) { try interactor(refresher).authorizeUpload(by: user) }
        await #expect(throws: AdminRates.Failure.signInRequired) {
            try await interactor(refresher).upload("kursliste", file: URL(fileURLWithPath: "/dev/null"), by: nil)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-test-\(UUID().uuidString).xml")
        try Data("<kursliste/>".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try await interactor(refresher).upload("kursliste", file: file, by: admin).get().map(\.kind) == [.upload])
        #expect(try await interactor(refresher).upload("other", file: file, by: admin) == .failure(.unknownDocument))
        #expect(refresher.actors == ["upload:kursliste:12:admin@example.org"])
        #expect(interactor(refresher).largestUpload == 1 << 20)

        let output = try await interactor(refresher).refusedUpload(.noFile, by: admin)
        #expect(output.uploadable.map(\.name) == ["kursliste"] && output.uploadRefusal == .noFile)
        let presenter = AdminRatesPresenter(providers: ProviderKit.catalog())
        let form = try #require(presenter.present(output, in: Localizations.of(.en)).uploads.first)
        #expect(form.url == "/admin/rates/upload" && form.document == "kursliste" && form.title == "Upload the ESTV’s Kursliste")
        #expect(form.hint.contains("at most 1 MB") && form.downloadURL == "https://www.ictax.admin.ch/extern/de.html#/xml")
        #expect(form.error == "Choose the file to upload.")
        let german = try #require(presenter.present(output, in: Localizations.of(.de)).uploads.first)
        #expect(german.title == "Kursliste der ESTV hochladen" && german.error == "Wählen Sie die Datei, die hochgeladen werden soll.")
        // Three sources' attempts flash once where they say the same, as an error if one failed.
        let failed = FakeRefresher.attempt(.upload, actor: "a", .failed, .verbatim("not a Kursliste"))
        let flash = presenter.flash(forUpload: [failed, failed, failed], in: Localizations.of(.en))
        #expect(flash.kind == .error && flash.message == "Upload: failed. not a Kursliste")
    }

    @Test("a backfill: a provider that can be backfilled, two real days in order, not in the future, at most a year (a month day by day)")
    func backfill() async throws {
        func attempt(_ provider: String?, _ from: String?, _ to: String?) async throws -> AdminRates.Backfill {
            try await interactor().backfill(AdminRates.BackfillInput(provider: provider, from: from, to: to), by: admin)
        }
        func errors(_ backfill: AdminRates.Backfill) -> [AdminRates.BackfillField: String] {
            guard case .invalid(let output) = backfill else { return [:] }
            return output.backfillErrors.mapValues { en.text($0) }
        }
        // testNow is 2025-05-12.
        let refresher = FakeRefresher()
        let done = try await interactor(refresher).backfill(.init(provider: "nbp", from: "2025-01-01", to: "2025-03-31"), by: admin)
        #expect(done == .done(FakeRefresher.attempt(.backfill, actor: "admin@example.org", .stored, "Stored 3 days of rates.")))
        #expect(refresher.actors == ["backfill:nbp:2025-01-01..2025-03-31:admin@example.org"])
        #expect(errors(try await attempt("boe", "2025-01-01", "2025-01-02")) == [.provider: "Choose a provider from the list."])
        #expect(
            errors(try await attempt(nil, "", "2025-13-01")) == [
                .provider: "Choose a provider from the list.", .from: "Choose the first day.",
                .to: "“2025-13-01” is not a date. Write it as YYYY-MM-DD, for example 2020-03-15.",
            ])
        #expect(errors(try await attempt("nbp", "2025-03-02", "2025-03-01")) == [.to: "The last day comes before the first (Mar 2, 2025)."])
        #expect(
            errors(try await attempt("nbp", "2025-05-01", "2025-05-13")) == [
                .to: "May 13, 2025 is in the future. Choose May 12, 2025 or an earlier day."
            ])
        // The Bank of Russia dates its rates a day ahead: tomorrow is fine there.
        if case .invalid = try await attempt("cbr", "2025-05-01", "2025-05-13") { Issue.record("the Bank of Russia's tomorrow refused") }
        #expect(
            errors(try await attempt("nbp", "2024-01-01", "2025-01-01")) == [
                .to: "At most 366 days at a time from National Bank of Poland: split the range."
            ])
        #expect(
            errors(try await attempt("cbr", "2025-01-01", "2025-03-01")) == [
                .to: "At most 31 days at a time from Bank of Russia: split the range."
            ])
        // Any publisher of a document per day, not only the Bank of Russia, is limited to a month.
        let georgia = FakeRefresher(backfillable: [.ecb, .nbg], dayByDay: [RateSource.nbg.id])
        let tooLong = try await interactor(georgia).backfill(.init(provider: "nbg", from: "2025-01-01", to: "2025-03-01"), by: admin)
        #expect(errors(tooLong) == [.to: "At most 31 days at a time from National Bank of Georgia: split the range."])
        // The form comes back with what was typed.
        guard case .invalid(let output) = try await attempt("nbp", "2025-03-02", "2025-03-01") else { return }
        #expect(output.backfill == .init(provider: "nbp", from: "2025-03-02", to: "2025-03-01"))
        let model = AdminRatesPresenter(providers: .everyDeclared).present(output, in: en)
        #expect(model.backfill?.options.map(\.value) == ["ecb", "cbr", "nbp"] && model.backfill?.options[2].selected == true)
        #expect(model.backfill?.toError == "The last day comes before the first (Mar 2, 2025)." && model.backfill?.fromError == nil)
        #expect(model.snapshot?.storedAt?.hasSuffix("UTC") == true, "one provider's snapshot says when it was stored")
        await #expect(throws: AdminRates.Failure.forbidden) {
            try await interactor().backfill(.init(provider: "nbp", from: "2025-01-01", to: "2025-01-02"), by: user)
        }
    }

    @Test("the outliers and the providers as the page shows them; several refreshes summed up in one message")
    func providersAndOutliers() throws {
        // The Polish bank: its newest day ten days old, a success on May 2 and a failure since.
        let success = RefreshAttempt(
            kind: .refresh, source: "nbp", startedAt: testNow.addingTimeInterval(-10 * 86_400), duration: 1, actor: nil, outcome: .stored,
            message: "Stored.")
        let failure = RefreshAttempt(
            kind: .refresh, source: "nbp", startedAt: testNow.addingTimeInterval(-3600), duration: 1, actor: nil, outcome: .failed,
            message: Message("{source}: {reason}. The current rates stay in place.", ["source": .text("NBP"), "reason": .text("HTTP 503")]))
        var health = ProviderHealth(
            source: .nbp, newestDay: CalendarDate(iso8601: "2025-05-02"), lastSuccess: success, lastFailure: failure)
        health.refusedDays = 2
        var output = AdminRates.Output(
            admin: admin,
            providers: [.init(source: .nbp, snapshot: nil, health: health), .init(source: .exchangeRateAPI, snapshot: Fixtures.snapshot)],
            snapshot: nil, currencies: [], attempts: [], flash: nil, outliers: FakeOutliers.outliers)
        output.today = CalendarDate(iso8601: "2025-05-12")!
        let model = AdminRatesPresenter(providers: .everyDeclared).present(output, in: en)
        #expect(health.isFailing && health.daysBehind(on: output.today) == 7)
        #expect(
            model.providers == [
                .init(
                    name: "National Bank of Poland", url: RateSource.nbp.website, base: "PLN", newestDay: "May 2, 2025", daysBehind: "7",
                    isLate: true, currencyCount: "–", inBlend: true, lastSuccess: "May 2, 2025, 12:00 UTC",
                    lastFailure: "May 12, 2025, 11:00 UTC", failureReason: "NBP: HTTP 503. The current rates stay in place.",
                    refusedDays: "2", isFailing: true),
                .init(
                    name: "ExchangeRate-API", url: "https://www.exchangerate-api.com", base: "USD", newestDay: "May 9, 2025",
                    daysBehind: "–", isLate: false, currencyCount: "8", inBlend: false, lastSuccess: "–", lastFailure: "–",
                    failureReason: "", refusedDays: "–", isFailing: false),
            ])
        #expect(
            model.outliers == [
                .init(
                    day: "Mar 12, 2026", provider: "Bank of Canada", currency: "IDR", value: "19,374.1", median: "18,412.5",
                    deviation: "5.2 %")
            ])
        #expect(
            AdminRatesPresenter(providers: .everyDeclared).present(output, in: Localizations.of(.de)).outliers.first?.provider
                == "Bank of Canada")
        #expect(
            AdminRatesPresenter(providers: .everyDeclared).present(output, in: Localizations.of(.ru)).outliers.first?.provider
                == "Банк Канады")
        let several = [
            FakeRefresher.attempt(.refresh, actor: nil, .stored, "a"), FakeRefresher.attempt(.refresh, actor: nil, .failed, "b"),
            FakeRefresher.attempt(.refresh, actor: nil, .unchanged, "c"),
        ]
        #expect(
            AdminRatesPresenter(providers: .everyDeclared).flash(for: several, in: en)
                == .success("Refreshed 3 providers: 1 stored, 1 unchanged, 1 failed, 0 skipped."))
        #expect(AdminRatesPresenter(providers: .everyDeclared).flash(for: [several[1], several[1]], in: en).kind == .error)
    }

    @Test func presentsThePage() throws {
        let failed = FakeRefresher.attempt(.refresh, actor: nil, .failed, "ExchangeRate-API: no answer within 10 seconds.", duration: 10.02)
        let stored = FakeRefresher.attempt(.importHistory, actor: "admin@example.org", .stored, "Imported 5 days.", duration: 0.085)
        let output = AdminRates.Output(
            admin: admin, providers: [.init(source: .exchangeRateAPI, snapshot: nil)], snapshot: Fixtures.snapshot,
            currencies: ["EUR", "USD"].map(Fixtures.catalog.currency(for:)),
            attempts: [failed, stored], flash: AdminRatesPresenter(providers: .everyDeclared).flash(for: failed, in: en))
        let model = AdminRatesPresenter(providers: .everyDeclared).present(output, in: en)
        #expect(model.flash == "Refresh: failed. ExchangeRate-API: no answer within 10 seconds." && model.flashIsError)
        #expect(
            AdminRatesPresenter(providers: .everyDeclared).flash(for: stored, in: en)
                == .success("History import: stored. Imported 5 days."))
        #expect(
            AdminRatesPresenter(providers: .everyDeclared).flash(for: stored, in: Localizations.of(.ru))
                == .success("Импорт истории: сохранено. Imported 5 days."))
        // A message with parts is written whole in the page's language, its numbers grouped as there.
        let imported = FakeRefresher.attempt(
            .importHistory, actor: nil, .stored,
            Message(
                "Imported {count} days of {source} history ({first} to {last}).",
                [
                    "count": .number("1234"), "source": .message(RateSource.ecb.displayName), "first": .text("2020-02-19"),
                    "last": .text("2025-05-09"),
                ]))
        #expect(
            AdminRatesPresenter(providers: .everyDeclared).present(imported, in: Localizations.of(.de)).message
                == "1.234 Tage des Verlaufs importiert (Quelle: Europäische Zentralbank; 2020-02-19 bis 2025-05-09).")
        #expect(imported.message.english == "Imported 1234 days of European Central Bank history (2020-02-19 to 2025-05-09).")
        // The kind decides, not the text: a success whose words match a failure's is no error.
        let success = AdminRates.Output(
            admin: admin, providers: [.init(source: .exchangeRateAPI, snapshot: nil)], snapshot: nil, currencies: [],
            attempts: [failed], flash: .success(failed.message.english))
        #expect(!AdminRatesPresenter(providers: .everyDeclared).present(success, in: en).flashIsError)
        #expect(model.providerName == "European Central Bank") // the default source's: the snapshot's
        #expect(
            model.snapshot
                == .init(
                    sourceName: "European Central Bank", isBundled: false, baseCurrency: "EUR",
                    effectiveDate: "May 9, 2025", storedAt: "May 9, 2025, 14:13 UTC", currencyCount: "8"))
        #expect(model.ratesTitle == "Rates per 1 EUR")
        #expect(model.attempts.map(\.actor) == ["schedule", "admin@example.org"])
        #expect(model.attempts.map(\.outcome) == ["failed", "stored"])
        #expect(model.attempts.map(\.duration) == ["10 s", "85 ms"])
        #expect(model.attempts.map(\.kind) == ["Refresh", "History import"])
        #expect(AdminRatesPresenter.kind(.importFullHistory, in: en) == "Full history import")
        #expect(AdminRatesPresenter.kind(.importFullHistory, in: Localizations.of(.de)) == "Import des gesamten Verlaufs")
        #expect(model.importFullHistoryURL == "/admin/rates/import-full-history")
        #expect(model.attempts[0].startedAt == "May 12, 2025, 12:00 UTC")
        #expect(model.attempts[0].startedAtISO == "2025-05-12T12:00:00Z")
        #expect(model.rates == [.init(code: "EUR", name: "Euro", rate: "1"), .init(code: "USD", name: "US Dollar", rate: "1.1252")])
    }

    @Test(
        "the bundled history's load, as the admin page shows it while it runs",
        arguments: [
            (
                Language.en, BundledHistoryProgress.Stage.storing(stored: 3200, total: 7126),
                "Storing the bundled ECB history: 3,200 of 7,126 days"
            ),
            (.de, .storing(stored: 3200, total: 7126), "Der gebündelte EZB-Verlauf wird gespeichert: 3.200 von 7.126 Tagen"),
            (.en, .reading, "Reading the bundled ECB history…"),
            (.en, .waiting, "The bundled ECB history waits for the rates lock, held by a refresh here or on another instance."),
        ])
    func historyLoad(language: Language, stage: BundledHistoryProgress.Stage, text: String) {
        let output = AdminRates.Output(
            admin: admin, providers: [.init(source: .exchangeRateAPI, snapshot: nil)], snapshot: nil, currencies: [], attempts: [],
            flash: nil, historyLoad: stage)
        let load = AdminRatesPresenter(providers: .everyDeclared).present(output, in: Localizations.of(language)).historyLoad
        #expect(load?.text == text)
        if case .storing(let stored, let total) = stage {
            #expect(load?.value == String(stored) && load?.max == String(total))
        } else {
            #expect(load?.value == nil)
        }
        let idle = AdminRates.Output(
            admin: admin, providers: [.init(source: .exchangeRateAPI, snapshot: nil)], snapshot: nil, currencies: [], attempts: [],
            flash: nil)
        #expect(AdminRatesPresenter(providers: .everyDeclared).present(idle, in: en).historyLoad == nil)
    }

    @Test func durations() {
        #expect(AdminRatesPresenter.duration(0.0004) == "0 ms")
        #expect(AdminRatesPresenter.duration(1.25) == "1.2 s" || AdminRatesPresenter.duration(1.25) == "1.3 s")
        #expect(AdminRatesPresenter.duration(59.6) == "60 s")
    }

    @Test func routes() {
        #expect(AdminRatesRouter().signIn().headers.first(name: .location) == "/login?next=/admin/rates")
        #expect(AdminRatesRouter().backToRates().headers.first(name: .location) == "/admin/rates")
    }
}

/// The blend's screened-out quotes, canned.
struct FakeOutliers: OutlierReading {
    static let outliers = [
        Outlier(
            source: "boc", currency: "IDR", date: CalendarDate(iso8601: "2026-03-12")!, value: Fixtures.decimal("19374.07"),
            median: Fixtures.decimal("18412.5"), deviation: Fixtures.decimal("0.05222"))
    ]
    func recentOutliers(limit: Int) async throws -> [Outlier] { Array(Self.outliers.prefix(limit)) }
}
