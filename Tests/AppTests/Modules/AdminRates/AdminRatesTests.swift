import Foundation
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("AdminRates interactor and presenter")
struct AdminRatesTests {
    let admin = User(id: UUID(), email: "admin@example.org", role: .admin, createdAt: testNow)
    let user = User(id: UUID(), email: "ann@example.org", role: .user, createdAt: testNow)

    func interactor(_ refresher: FakeRefresher = FakeRefresher()) -> AdminRatesInteractor {
        AdminRatesInteractor(
            rates: FakeCurrentRates(snapshot: Fixtures.snapshot), refresher: refresher,
            catalog: Fixtures.catalog, providers: [.ecb, .exchangeRateAPI], outliers: FakeOutliers(), now: { testNow })
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
        #expect(output.providers == [.init(source: .ecb, snapshot: Fixtures.snapshot), .init(source: .exchangeRateAPI, snapshot: nil)])
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

    @Test func presentsThePage() throws {
        let failed = FakeRefresher.attempt(.refresh, actor: nil, .failed, "ExchangeRate-API: no answer within 10 seconds.", duration: 10.02)
        let stored = FakeRefresher.attempt(.importHistory, actor: "admin@example.org", .stored, "Imported 5 days.", duration: 0.085)
        let output = AdminRates.Output(
            admin: admin, providers: [.init(source: .exchangeRateAPI, snapshot: nil)], snapshot: Fixtures.snapshot,
            currencies: ["EUR", "USD"].map(Fixtures.catalog.currency(for:)),
            attempts: [failed, stored], flash: AdminRatesPresenter().flash(for: failed, in: en))
        let model = AdminRatesPresenter().present(output, in: en)
        #expect(model.flash == "Refresh: failed. ExchangeRate-API: no answer within 10 seconds." && model.flashIsError)
        #expect(AdminRatesPresenter().flash(for: stored, in: en) == .success("History import: stored. Imported 5 days."))
        #expect(
            AdminRatesPresenter().flash(for: stored, in: Localizations.of(.ru)) == .success("Импорт истории: сохранено. Imported 5 days."))
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
            AdminRatesPresenter().present(imported, in: Localizations.of(.de)).message
                == "1.234 Tage des Verlaufs importiert (Quelle: Europäische Zentralbank; 2020-02-19 bis 2025-05-09).")
        #expect(imported.message.english == "Imported 1234 days of European Central Bank history (2020-02-19 to 2025-05-09).")
        // The kind decides, not the text: a success whose words match a failure's is no error.
        let success = AdminRates.Output(
            admin: admin, providers: [.init(source: .exchangeRateAPI, snapshot: nil)], snapshot: nil, currencies: [],
            attempts: [failed], flash: .success(failed.message.english))
        #expect(!AdminRatesPresenter().present(success, in: en).flashIsError)
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
        let load = AdminRatesPresenter().present(output, in: Localizations.of(language)).historyLoad
        #expect(load?.text == text)
        if case .storing(let stored, let total) = stage {
            #expect(load?.value == String(stored) && load?.max == String(total))
        } else {
            #expect(load?.value == nil)
        }
        let idle = AdminRates.Output(
            admin: admin, providers: [.init(source: .exchangeRateAPI, snapshot: nil)], snapshot: nil, currencies: [], attempts: [],
            flash: nil)
        #expect(AdminRatesPresenter().present(idle, in: en).historyLoad == nil)
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
