import Foundation
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources

/// The admin's rates page after a refresh that stored: its health table reads every provider's
/// newest success and failure in a constant number of queries, however many providers there are.
@Suite("The admin's rates page asks as many queries for one provider as for every one")
struct AdminRatesHealthQueriesTests {
    static let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")

    /// The statements the first `GET /admin/rates` after a refresh sends, with `providers`
    /// enabled beside ExchangeRate-API (which stores); the others are refused and logged failed.
    func queriesAfterARefresh(enabling providers: [RateSourceID], stub: StubProvider) async throws -> Int {
        let counter = QueryCounter()
        let configuration = AppConfiguration.forTests(
            initialAdmin: Self.admin, ratesProviderURL: stub.url(.exchangeRateAPI), providers: providers,
            providerOrigins: Dictionary(uniqueKeysWithValues: providers.map { ($0, refusedURL()) }))
        var count = 0
        try await withPostgresApp(configuration: configuration, logger: counter.logger) { app in
            // As when the change listener listens, which a served instance's does.
            app.appServices.caches.rateDays.setLive(true)
            let browser = TestBrowser(app)
            try await browser.signIn(Self.admin.email, Self.admin.password)
            try await browser.get("/admin/rates")
            try await browser.post("/admin/rates/refresh")
            // The refresh stored: the app reads every provider's days and blends them anew in
            // the background, which the page neither waits for nor does itself.
            let started = ContinuousClock.now
            // Then the alerts are looked at (none here, one query) after the days are read.
            while !app.appServices.officialRates.isCurrent || app.appServices.alertsWork.runsAfterStoring == 0,
                ContinuousClock.now - started < .seconds(60)
            {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(app.appServices.officialRates.isCurrent)
            count = try await counter.queries {
                let page = try await browser.get("/admin/rates")
                #expect(page.status == .ok)
                #expect(page.html.contains("<th scope=\"col\">Last failure</th>"))
            }
            let attempts = try await app.appServices.refresher.recentAttempts(limit: 500)
            #expect(attempts.filter { $0.outcome == .stored }.map(\.source) == [RateSource.exchangeRateAPI.id])
            #expect(attempts.filter { $0.outcome == .failed }.count >= min(providers.count, 70))
        }
        return count
    }

    @Test("one provider's page and every provider's ask the same number of queries")
    func constantQueries() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        let every = ProviderCatalog.everyDeclared.fetchable.map(\.id).filter {
            $0 != RateSource.exchangeRateAPI.id && $0 != RateSource.ecb.id
        }
        let one = try await queriesAfterARefresh(enabling: [RateSource.nbp.id], stub: stub)
        let all = try await queriesAfterARefresh(enabling: every, stub: stub)
        #expect(every.count > 80)
        #expect(one == all, "\(one) queries with one provider, \(all) with \(every.count)")
    }
}
