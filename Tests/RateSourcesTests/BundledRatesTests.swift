import Foundation
import TestSupport
import Testing

@testable import Core
@testable import RateSources

@Suite("The bundled rates: the ECB's archive, as test apps get it")
struct BundledRatesTests {
    @Test func isOneRealDayOfECBRates() throws {
        let snapshot = try Fixtures.bundledSnapshot()
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

    @Test("a missing or unreadable archive is refused, naming the file")
    func refusesABadArchive() throws {
        let missing = BundledRates(archive: URL(fileURLWithPath: "/nonexistent/rates.zip"))
        let error = #expect(throws: BundledRates.LoadingError.self) { try missing.days() }
        #expect(error?.description.contains("/nonexistent/rates.zip") == true)
        let notAnArchive = BundledRates(archive: Fixtures.document("ecb-daily.xml"))
        let unreadable = #expect(throws: BundledRates.LoadingError.self) { try notAnArchive.days() }
        #expect(unreadable?.description.contains("not a readable zip archive") == true)
    }

    @Test("a bundled file that is a zip bomb, or far larger than any history, is refused without filling memory")
    func refusesABomb() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bomb = folder.appendingPathComponent("bomb.zip")
        try await ZipBomb.hundredMegabytes().write(to: bomb)
        let error = #expect(throws: BundledRates.LoadingError.self) { try BundledRates(archive: bomb).newestDay() }
        #expect(error?.description.contains("the archive's CSV is larger than 64 MB") == true, "\(String(describing: error))")
        // A file larger than any archive the ECB publishes is not read at all.
        let huge = folder.appendingPathComponent("huge.zip")
        FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(BundledRates.maxArchiveBytes + 1))
        try handle.close()
        let tooBig = #expect(throws: BundledRates.LoadingError.self) { try BundledRates(archive: huge).days() }
        #expect(tooBig?.description.contains("is larger than 64 MB") == true, "\(String(describing: tooBig))")
    }
}
