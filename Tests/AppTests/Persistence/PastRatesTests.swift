import Foundation
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("A pair's rates on a past date, from the stored days")
struct PastRatesTests {
    func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    /// An app holding the sample's five ECB days: 1999-01-04, 2008-09-15, 2020-03-13, 2025-05-08, 2025-05-09.
    func withSampleDays(_ test: (FluentRateSnapshotStore, Application) async throws -> Void) async throws {
        try await withPostgresApp(configuration: .forTests(bundledRatesFile: Fixtures.sampleArchive)) { app in
            #expect(await app.appServices.historyLoader.storeMissingDays(logger: Logger(label: "test")) == .stored(days: 4))
            try await test(app.appServices.rateStore, app)
        }
    }

    @Test("the asked day, or the last stored day before it (weekends, holidays, the future); exactly the ECB's rates")
    func fallsBackToTheLastDay() async throws {
        try await withSampleDays { store, _ in
            guard case .found(let monday) = try await store.rates(on: day("2008-09-15"), from: "USD", to: "GBP") else {
                Issue.record("not found")
                return
            }
            #expect(monday.effectiveDate == day("2008-09-15"))
            #expect(monday.rates["USD"] == Decimal(string: "1.4151") && monday.rates["GBP"] == Decimal(string: "0.79395"))
            for (asked, expected) in [("2008-09-20", "2008-09-15"), ("2025-05-10", "2025-05-09"), ("2030-01-01", "2025-05-09")] {
                let found = try await store.rates(on: day(asked), from: "USD", to: "JPY")
                guard case .found(let snapshot) = found else {
                    Issue.record("\(asked): \(found)")
                    continue
                }
                #expect(snapshot.effectiveDate == day(expected), "\(asked)")
            }
        }
    }

    @Test("before the first stored day: says which day that is")
    func beforeTheFirstDay() async throws {
        try await withSampleDays { store, _ in
            let early = try await store.rates(on: day("1998-12-31"), from: "USD", to: "EUR")
            #expect(early == .beforeFirstDay(firstDay: day("1999-01-04")))
        }
    }

    @Test("a currency the day does not quote: withdrawn, quoted only later, or never; with the days it was quoted")
    func notQuoted() async throws {
        try await withSampleDays { store, _ in
            let cyprus = try await store.rates(on: day("2020-03-13"), from: "EUR", to: "CYP")
            #expect(cyprus == .notQuoted(code: "CYP", day: day("2020-03-13"), quoted: day("1999-01-04")...day("1999-01-04")))
            let leu = try await store.rates(on: day("1999-01-05"), from: "RON", to: "USD")
            #expect(leu == .notQuoted(code: "RON", day: day("1999-01-04"), quoted: day("2008-09-15")...day("2025-05-09")))
            let lev = try await store.rates(on: day("1999-01-04"), from: "USD", to: "BGN")
            #expect(lev == .notQuoted(code: "BGN", day: day("1999-01-04"), quoted: day("2008-09-15")...day("2025-05-09")))
            let unknown = try await store.rates(on: day("2020-03-13"), from: "XYZ", to: "USD")
            #expect(unknown == .notQuoted(code: "XYZ", day: day("2020-03-13"), quoted: nil))
        }
    }

    @Test("of two snapshots on one day, the latest stored that quotes both currencies")
    func latestSnapshotQuotingBoth() async throws {
        try await withSampleDays { store, _ in
            let later = RateSnapshot(
                source: "exchangerate-api", baseCurrency: "USD", effectiveDate: day("2025-05-09"),
                storedAt: testNow.addingTimeInterval(3600), rates: ["EUR": Decimal(string: "0.889")!, "GBP": Decimal(string: "0.7534")!])
            _ = try await store.save(later)
            guard case .found(let both) = try await store.rates(on: day("2025-05-09"), from: "EUR", to: "GBP") else {
                Issue.record("not found")
                return
            }
            #expect(both.source == "exchangerate-api")
            guard case .found(let yen) = try await store.rates(on: day("2025-05-09"), from: "JPY", to: "GBP") else {
                Issue.record("not found")
                return
            }
            #expect(yen.source == RateSource.bundledECB.id && yen.rates["JPY"] == Decimal(string: "163.36"))
        }
    }
}
