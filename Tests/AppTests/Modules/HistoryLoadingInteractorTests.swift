import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import ServiceInterfaces

/// Defect 1, use case by use case over fakes: while the bundled history loads (``FakeHistoryLoad``)
/// every interactor that reads past days says so (each module's `loading` failure, which its
/// View answers with a 503 to retry); what needs no past day does not wait. The HTTP side:
/// `HistoryLoadingTests`.
@Suite("Interactors while the bundled history loads")
struct HistoryLoadingInteractorTests {
    static let loading = HistoryStillLoading(stored: 1_200, total: 7_126)
    static let waiting = FakeHistoryLoad(loading: loading)

    @Test("the converter: a past date waits; the latest rates do not")
    func converter() async throws {
        let interactor = try ConverterPastDateTests().interactor(load: Self.waiting)
        await #expect(throws: Converter.Failure.historyLoading(Self.loading)) {
            try await interactor.show(.init(from: "USD", to: "EUR", amount: "10", date: "2020-03-13"))
        }
        guard case .converted = try await interactor.show(.init(from: "USD", to: "EUR", amount: "10")).outcome else {
            Issue.record("the latest rates waited")
            return
        }
    }

    @Test("the rate history: every range waits")
    func rateHistory() async throws {
        let interactor = RateHistoryInteractor(
            history: RateHistoryUnitTests.FakeHistory(points: []), rates: FakeCurrentRates(snapshot: Fixtures.snapshot),
            catalog: Fixtures.catalog, providers: .everyDeclared, load: Self.waiting, now: { testNow })
        for range in HistoryRange.allCases {
            await #expect(throws: Self.loading) { try await interactor.history(.init(from: "USD", to: "EUR", range: range)) }
        }
    }

    @Test("/v1: a day or a range waits; the latest day does not")
    func frankfurterV1() async throws {
        let interactor = try FrankfurterTests().interactor(load: Self.waiting)
        for segment in ["2020-03-13", "1999-01-04..", "2020-01-01..2020-02-01"] {
            let query = try interactor.query(dates: segment, from: nil, base: nil, to: nil, symbols: nil, amount: nil)
            await #expect(throws: Frankfurter.Failure.loading(Self.loading)) { try await interactor.quote(query) }
        }
        let latest = try interactor.query(dates: "latest", from: nil, base: nil, to: nil, symbols: nil, amount: nil)
        #expect(try await !interactor.quote(latest).days.isEmpty)
        #expect(FrankfurterPresenter().message(.loading(Self.loading)).contains("(1200 of 7126 days)"))
    }

    @Test("/v2: a day, a range and the listings that name first days wait; today's blend does not")
    func frankfurterV2() async throws {
        let interactor = FrankfurterV2Tests().interactor(load: Self.waiting)
        for values in [["date": "2020-03-13"], ["from": "1999-01-04"]] {
            await #expect(throws: FrankfurterV2.Failure.loading(Self.loading)) { try await interactor.rates(interactor.query(values)) }
        }
        await #expect(throws: FrankfurterV2.Failure.loading(Self.loading)) { try await interactor.currencies(scope: nil, providers: nil) }
        await #expect(throws: FrankfurterV2.Failure.loading(Self.loading)) { try await interactor.providerList() }
        #expect(try await !interactor.rates(interactor.query([:])).records.isEmpty)
    }
}
