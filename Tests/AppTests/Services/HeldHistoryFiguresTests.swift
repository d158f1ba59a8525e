import Fluent
import Foundation
import SQLKit
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces

/// Memory holding only the recent years of each provider's days (`HISTORY_YEARS_IN_MEMORY`)
/// changes no figure: the same stored days, served by an app holding every day and by one
/// holding this year's alone, give every endpoint's answer byte for byte (issue 60).
@Suite("The figures whatever the years held in memory, on PostgreSQL and SQLite")
struct HeldHistoryFiguresTests {
    enum Engine: CaseIterable { case postgres, sqlite }

    /// Seven years of three central banks beside the ECB's bundled sample: a currency only in
    /// the early years, one bank that stopped before this year and one that began in it.
    static func history() -> [RateSnapshot] {
        var snapshots: [RateSnapshot] = []
        var date = CalendarDate(iso8601: "2018-06-01")!
        var index = 0
        func snapshot(_ source: RateSourceID, _ rates: [String: String]) -> RateSnapshot {
            RateSnapshot(
                source: source, baseCurrency: rates.first { $0.value == "1" }!.key, effectiveDate: date, storedAt: testNow,
                rates: rates.mapValues { Fixtures.decimal($0) })
        }
        while date <= CalendarDate(iso8601: "2025-05-09")! {
            index += 1
            if date.isoWeekday <= 5 {
                var nbp = ["PLN": "1", "USD": "3.\(7000 + index % 900)", "EUR": "4.2\(index % 97)", "JPY": "0.03\(index % 50)"]
                if date.year < 2020 { nbp["DEM"] = "2.1\(index % 9)" }
                snapshots.append(snapshot(RateSource.nbp.id, nbp))
                if date.year < 2025 {
                    snapshots.append(snapshot(RateSource.cnb.id, ["CZK": "1", "USD": "21.\(index % 99)", "EUR": "25.\(index % 7)"]))
                }
                if date.year >= 2025 {
                    snapshots.append(snapshot(RateSource.tcmb.id, ["TRY": "1", "USD": "38.\(index % 99)", "EUR": "41.\(index % 9)"]))
                }
            }
            date = date.adding(days: 1)
        }
        return snapshots
    }

    static let addresses = [
        "/v2/rates?date=2019-03-14&base=USD", "/v2/rates?date=2019-03-16", "/v2/rates?date=2025-02-03&base=PLN",
        "/v2/rates?date=2019-03-14&providers=nbp,cnb", "/v2/rates?date=2020-02-03&expand=providers&quotes=USD,PLN",
        "/v2/rates?from=2018-12-20&to=2019-01-15&providers=nbp&quotes=USD,JPY", "/v2/rates?from=2024-12-20&to=2025-01-15",
        "/v2/rates?from=2019-01-01&to=2025-05-01&group=month&base=USD&quotes=PLN,CZK", "/v2/rates?providers=nbp&date=2018-07-02",
        "/v2/providers", "/v2/providers/nbp", "/v2/providers/cnb", "/v2/currencies", "/v2/currencies?scope=all",
        "/v2/currencies?providers=nbp", "/v2/currency/DEM", "/v2/currency/USD",
        "/api/v1/convert?from=USD&to=PLN&amount=100&date=2019-03-14",
        "/api/v1/convert?from=USD&to=PLN&amount=100&date=2019-03-14&source=nbp",
        "/api/v1/convert?from=DEM&to=PLN&amount=100&date=2024-03-14", "/api/v1/convert?from=CZK&to=PLN&amount=7&date=2025-04-01",
        "/?from=USD&to=PLN&amount=100&date=2019-03-14", "/?from=USD&to=CZK&amount=100&date=2019-03-14&source=cnb",
        "/rates/USD/PLN?range=all&source=nbp", "/rates/USD/PLN?range=5y&source=nbp", "/rates/USD/PLN?range=3m&source=nbp",
        "/rates/USD/PLN?range=3m&date=2019-03-14&source=nbp", "/rates/DEM/PLN?range=all&source=nbp", "/rates/USD/PLN?range=all",
        "/rates/USD/CZK?range=10y&source=cnb", "/v1/2019-03-14",
        "/api/v1/prices?base=PLN&quotes=USD,JPY&source=nbp&from=2019-01-01&to=2019-02-01&format=ledger",
    ]

    /// Each address's status and body, with what changes on every request (a nonce, a token) taken out.
    static func answers(of app: Application) async throws -> [String] {
        var answers: [String] = []
        for address in addresses {
            try await app.testing().test(.GET, address) { response in
                let body = response.body.string
                    .replacing(/nonce-[A-Za-z0-9+\/=_-]+/, with: "nonce")
                    .replacing(/nonce="[^"]*"/, with: "nonce")
                    .replacing(/name="csrf" value="[^"]*"/, with: "csrf")
                answers.append("\(address) \(response.status.code)\n\(body)")
            }
        }
        return answers
    }

    @Test("every endpoint answers byte for byte as with every day held", arguments: Engine.allCases)
    func sameFigures(_ engine: Engine) async throws {
        try await Self.twoStarts(on: engine) { app in
            try await app.appServices.rateStore.saveAll(Self.history())
        } compare: { app, years in
            if years != nil {
                let days = try await app.appServices.officialRates.providerDays()
                #expect(days.contains { !$0.days.isWhole }, "this year's days held alone")
                let ledger = try #require(try await app.appServices.officialRates.ledgerDays(of: RateSource.nbp.id, side: .mid))
                #expect(ledger.days.isWhole, "a ledger reads every day")
            }
            return try await Self.answers(of: app)
        }
    }

    @Test("after a new day, the blend of every day is built anew from the days held beside the last one: as built from every day")
    func seriesFromHeldDays() async throws {
        var configuration = AppConfiguration.forTests(
            providers: [RateSource.nbp.id, RateSource.cnb.id, RateSource.tcmb.id], bundledRatesFile: Fixtures.sampleArchive)
        configuration.historyYearsInMemory = 0
        try await withPostgresApp(configuration: configuration, now: { testNow }) { app in
            try await app.asyncBoot()
            let deadline = Date().addingTimeInterval(10)
            while !app.appServices.caches.rateDays.isLive && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(await app.appServices.historyLoader.storeForTest() != nil)
            try await app.appServices.rateStore.saveAll(Self.history())
            let rates = app.appServices.officialRates
            _ = try await Self.settled(rates)
            // Every day blended (at start, then with the days stored since).
            let first = rates.builds.withLockedValue { $0 }
            #expect(first.whole >= 1 && first.fromHeld == 0, "\(first)")

            // Today's rates: the series again, from this year's days beside the last one's earlier days.
            try await app.appServices.rateStore.saveAll([
                RateSnapshot(
                    source: RateSource.tcmb.id, baseCurrency: "TRY", effectiveDate: CalendarDate(iso8601: "2025-05-12")!,
                    storedAt: testNow, rates: ["TRY": 1, "USD": Fixtures.decimal("38.8"), "EUR": Fixtures.decimal("43.1")])
            ])
            let recent = try await Self.settled(rates)
            #expect(rates.builds.withLockedValue { $0 } == (first.whole, 1), "this year's days blended, not every day")
            let whole = try await KeptBlendTests.restart(of: app, build: "another build").blendedSeries()
            #expect(recent.version == whole.version && recent.days.fingerprint == whole.days.fingerprint)
            #expect(recent.days.codes == whole.days.codes)
            #expect(Self.described(recent.days) == Self.described(whole.days))
            #expect(recent.outliers.map { "\($0.date) \($0.outliers)" } == whole.outliers.map { "\($0.date) \($0.outliers)" })

            // A day backfilled years back: every day blended again.
            try await app.appServices.rateStore.saveAll([
                RateSnapshot(
                    source: RateSource.cnb.id, baseCurrency: "CZK", effectiveDate: CalendarDate(iso8601: "2019-03-16")!,
                    storedAt: testNow, rates: ["CZK": 1, "USD": Fixtures.decimal("22.5")])
            ])
            _ = try await Self.settled(rates)
            #expect(rates.builds.withLockedValue { $0 } == (first.whole + 1, 1), "every day blended again")
        }
    }

    /// Each day's date and rates, exactly.
    static func described(_ days: RateDays) -> [String] {
        let codes = days.codes
        return days.days.map { day in
            "\(day.date) "
                + (0..<day.columnCount).compactMap { column in day.rate(column).map { "\(codes[column])=\($0.plainText)" } }.joined(
                    separator: ",")
        }
    }

    /// The blend of every day once the one being built after a store is done.
    static func settled(_ rates: OfficialRates) async throws -> BlendedSeries {
        for _ in 0..<200 {
            let series = try await rates.blendedSeries()
            if rates.isCurrent { return series }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await rates.blendedSeries()
    }

    /// The app started twice over one database: first holding every day (after `store`), then
    /// holding this year's alone; `compare`'s answers must be the same.
    static func twoStarts(
        on engine: Engine, store: (Application) async throws -> Void, compare: (Application, Int?) async throws -> [String]
    ) async throws {
        let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cc-held-\(UUID().uuidString)")
        if engine == .postgres { await TestDatabaseGate.shared.acquire() }
        defer {
            try? FileManager.default.removeItem(at: folder)
            if engine == .postgres { Task { await TestDatabaseGate.shared.release() } }
        }
        var answers: [[String]] = []
        // A first start stores the days; the two after it answer, each over the same days.
        for (pass, years) in ([nil, nil, 0] as [Int?]).enumerated() {
            var configuration = AppConfiguration.forTests(
                providers: [RateSource.nbp.id, RateSource.cnb.id, RateSource.tcmb.id], bundledRatesFile: Fixtures.sampleArchive)
            configuration.historyYearsInMemory = years
            if engine == .postgres {
                configuration.database = .postgres(url: try TestDatabase.url(), searchPath: schema)
            } else {
                configuration.database = .sqlite(path: folder.appendingPathComponent("app.sqlite").path)
            }
            let app = try await Application.make(.testing)
            do {
                try configure(app, configuration: configuration, now: { testNow })
                if engine == .postgres { try await (app.db as! any SQLDatabase).raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run() }
                try await app.prepareToServe()
                if pass == 0 {
                    #expect(await app.appServices.historyLoader.storeForTest() != nil)
                    try await store(app)
                } else {
                    // On PostgreSQL the days are held in memory once the instance hears changes.
                    try await app.asyncBoot()
                    let deadline = Date().addingTimeInterval(10)
                    while !app.appServices.caches.rateDays.isLive && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
                    #expect(app.appServices.caches.rateDays.isLive)
                    answers.append(try await compare(app, years))
                }
            } catch {
                try? await app.asyncShutdown()
                if engine == .postgres { try? await TestDatabase.dropSchema(schema) }
                throw TestDatabase.detailed(error)
            }
            try await app.asyncShutdown()
        }
        if engine == .postgres { try await TestDatabase.dropSchema(schema) }
        #expect(answers[0].count == addresses.count && answers[0].count == answers[1].count)
        for (every, held) in zip(answers[0], answers[1]) {
            #expect(every == held)
        }
        // Each answers with its figures, but two conversions without a rate that day: the same 422 both ways,
        // naming the days the currency has rates (DEM's before the horizon).
        let refused = answers[0].filter { !$0.contains(" 200\n") }.map { String($0.prefix { $0 != "\n" }) }
        #expect(refused.count == 2 && refused.allSatisfy { $0.hasPrefix("/api/v1/convert?from=") && $0.hasSuffix(" 422") }, "\(refused)")
    }
}
