import Foundation
import TestSupport

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
        ([defaultSource] + others.keys.sorted()).filter { $0 == defaultSource ? snapshot != nil : true }.map(
            ProviderCatalog.everyDeclared.source)
    }
}

extension Fixtures {
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

    /// Ten days of the ECB's file for the Frankfurter API (see ``FakeReferenceDays/frankfurterDays()``).
    static let frankfurterArchive = resource("ecb-hist-frankfurter.zip")

    /// A document of these tests' own, else one of the providers' documents (``Fixtures/document(_:)``).
    static func resource(_ name: String) -> URL {
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources") ?? document(name)
    }
}
