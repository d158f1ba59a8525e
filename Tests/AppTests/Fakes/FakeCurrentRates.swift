import Foundation

@testable import App

/// Hands interactors a fixed snapshot (or none), no database involved.
struct FakeCurrentRates: CurrentRatesReading {
    let snapshot: RateSnapshot?

    func currentSnapshot() async -> RateSnapshot? { snapshot }
}

enum Fixtures {
    /// A few of the ECB's rates of 2025-05-09 against EUR, plus KWD and BHD for three minor
    /// units and XAU for a unit without minor units.
    static let snapshot = RateSnapshot(
        source: "ecb", baseCurrency: "EUR", effectiveDate: CalendarDate(iso8601: "2025-05-09")!,
        storedAt: Date(timeIntervalSince1970: 1_746_800_000),
        rates: [
            "USD": Decimal(string: "1.1252")!, "JPY": Decimal(string: "163.36")!,
            "GBP": Decimal(string: "0.84770")!, "CHF": Decimal(string: "0.9353")!,
            "KWD": Decimal(string: "0.3457")!, "BHD": Decimal(string: "0.4241")!,
            "XAU": Decimal(string: "0.000342")!,
        ])

    static let catalog = try! CurrencyCatalog.bundled()

    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }
}
