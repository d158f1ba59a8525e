import Foundation
import Testing

@testable import App

@Suite("The bundled ECB snapshot")
struct BundledRatesTests {
    @Test func isOneRealDayOfECBRates() throws {
        let snapshot = try BundledRates.snapshot(storedAt: testNow)
        #expect(snapshot.source == RateSource.bundledECB.id)
        #expect(snapshot.baseCurrency == "EUR")
        #expect(snapshot.effectiveDate.description == "2025-05-09")
        #expect(snapshot.rates.count == 31) // 30 quoted currencies and the euro itself
        #expect(snapshot.rates["EUR"] == 1)
        #expect(snapshot.rates["USD"] == Fixtures.decimal("1.1252"))
        #expect(snapshot.rates["GBP"] == Fixtures.decimal("0.84770"))
        #expect(snapshot.rates["IDR"] == Fixtures.decimal("18606.59"))
        #expect(snapshot.currencyCodes.allSatisfy { Fixtures.catalog.isListed($0) })
    }

    @Test("refuses a corrupt rate", arguments: ["\"-1\"", "\"1e5\"", "\"abc\"", "\"0\""])
    func refusesCorruptRate(rate: String) {
        let json = Data("{\"base\":\"EUR\",\"effectiveDate\":\"2025-05-09\",\"rates\":{\"USD\":\(rate)}}".utf8)
        #expect(throws: BundledRates.LoadingError.self) { try BundledRates.snapshot(json: json, storedAt: testNow) }
    }
}
