import Foundation

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

/// Hands interactors a fixed snapshot (or none) as the default source's, and others by source,
/// no database involved.
struct FakeCurrentRates: CurrentRatesReading {
    let snapshot: RateSnapshot?
    var others: [RateSourceID: RateSnapshot] = [:]

    var defaultSource: RateSourceID { snapshot?.source ?? .blend }

    func currentSnapshot() async -> RateSnapshot? { snapshot }

    func currentSnapshot(of source: RateSourceID) async -> RateSnapshot? {
        source == defaultSource ? snapshot : others[source]
    }

    func availableSources() async -> [RateSource] {
        ([defaultSource] + others.keys.sorted()).filter { $0 == defaultSource ? snapshot != nil : true }.map(RateSource.withID)
    }
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

    /// Test apps' bundled rates: the ECB's archive format with one day, 2025-05-09 (30
    /// currencies), so pages show the rates tests expect and history starts with one day.
    static let oneDayArchive = resource("ecb-hist-2025-05-09.zip")
    /// Five days of the ECB's file (1999-01-04, 2008-09-15, 2020-03-13, 2025-05-08, 2025-05-09).
    static let sampleArchive = resource("ecb-hist-sample.zip")
    /// Ten days of the ECB's file for the Frankfurter API (see ``FakeReferenceDays/frankfurterDays()``).
    static let frankfurterArchive = resource("ecb-hist-frankfurter.zip")

    /// The one day of ``oneDayArchive`` as a stored snapshot would be.
    static func bundledSnapshot(storedAt: Date = testNow) throws -> RateSnapshot {
        try BundledRates(archive: oneDayArchive).days()[0].snapshot(storedAt: storedAt)
    }

    static func resource(_ name: String) -> URL {
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources")!
    }

    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }
}
