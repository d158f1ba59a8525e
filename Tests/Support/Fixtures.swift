import Core
import Foundation
import RateSources

/// What the test targets share: the moment the tests live in, the currency catalogue, the
/// providers' documents as they served them (kept with RateSources' parser tests, in
/// `Tests/RateSourcesTests/Resources`), and archives of the ECB's history cut to a few days.

/// The moment the tests live in: three days after the bundled snapshot's 2025-05-09.
package let testNow = Date(timeIntervalSince1970: 1_747_051_200) // 2025-05-12T12:00:00Z

package enum Fixtures {
    package static let catalog = try! CurrencyCatalog.bundled()

    /// The providers' documents, as RateSources' tests keep them.
    package static let documents = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RateSourcesTests/Resources")

    /// One of the providers' documents.
    package static func document(_ name: String) -> URL { documents.appendingPathComponent(name) }

    /// The text of one of the providers' documents.
    package static func text(_ name: String) throws -> String { try String(contentsOf: document(name), encoding: .utf8) }

    /// The ECB's file cut to its 2025-05-09 (one real day, 30 currencies): what test apps ship
    /// with, so pages show the rates tests expect and history starts with one day.
    package static let oneDayArchive = document("ecb-hist-2025-05-09.zip")
    /// Five days of the ECB's file (1999-01-04, 2008-09-15, 2020-03-13, 2025-05-08, 2025-05-09).
    package static let sampleArchive = document("ecb-hist-sample.zip")

    /// The one day of ``oneDayArchive`` as a stored snapshot would be.
    package static func bundledSnapshot(storedAt: Date = testNow) throws -> RateSnapshot {
        try BundledRates(archive: oneDayArchive).days()[0].snapshot(storedAt: storedAt)
    }

    package static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }
}
