import Foundation

@testable import Core

/// What the plain layer's tests share: exact numbers from text, the bundled ISO 4217 catalog,
/// and a few of the ECB's rates of 2025-05-09.
enum Fixtures {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    static let catalog = try! CurrencyCatalog.bundled()

    /// A few of the ECB's rates of 2025-05-09 against EUR, plus KWD for three minor units.
    static let snapshot = RateSnapshot(
        source: "ecb", baseCurrency: "EUR", effectiveDate: CalendarDate(iso8601: "2025-05-09")!,
        storedAt: Date(timeIntervalSince1970: 1_746_800_000),
        rates: [
            "USD": decimal("1.1252"), "JPY": decimal("163.36"), "GBP": decimal("0.84770"), "CHF": decimal("0.9353"),
            "KWD": decimal("0.3457"), "BHD": decimal("0.4241"), "XAU": decimal("0.000342"),
        ])
}

/// The moment these tests live in: three days after the ECB's 2025-05-09.
let testNow = Date(timeIntervalSince1970: 1_747_051_200) // 2025-05-12T12:00:00Z

/// Runs `body` for `0..<count`, yielding every 200 cases: the test process runs every suite's
/// tests as tasks on a pool with a thread per core, and the app's timing tests share it.
func forEachCase(_ count: Int, _ body: (Int) throws -> Void) async rethrows {
    for index in 0..<count {
        if index % 200 == 0 { await Task.yield() }
        try body(index)
    }
}
