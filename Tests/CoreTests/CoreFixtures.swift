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

/// Central banks as the blend's tests need them (their ids, home currencies, ways of quoting
/// and order are the app's; the providers themselves are RateSources' declarations).
extension RateSource {
    static func bank(_ id: RateSourceID, home: String, quotation: Quotation = .basePerUnit, datesAhead: Bool = false) -> RateSource {
        official(id, id.key, website: "", home: home, quotation: quotation, country: "", rateType: "", terms: "", datesAhead: datesAhead)
    }

    static let boc = bank("boc", home: "CAD")
    static let cnb = bank("cnb", home: "CZK")
    static let nbp = bank("nbp", home: "PLN")
    static let nbpB = bank("nbp.b", home: "PLN")
    static let cbr = bank("cbr", home: "RUB", datesAhead: true)
    static let nb = bank("nb", home: "NOK")
    static let rba = bank("rba", home: "AUD", quotation: .unitsPerBase)
    static let nbu = bank("nbu", home: "UAH", datesAhead: true)
    static let boe = bank("boe", home: "GBP", quotation: .unitsPerBase)
}

extension Fixtures {
    /// The first ten central banks, in the app's order.
    static let banks: [RateSource] = [.ecb, .boc, .cnb, .nbp, .nbpB, .cbr, .nb, .rba, .nbu, .boe]
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
