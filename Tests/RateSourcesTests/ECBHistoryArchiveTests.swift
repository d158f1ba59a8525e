import Foundation
import TestSupport
import Testing

@testable import Core
@testable import RateSources

@Suite("The ECB's complete history archive (eurofxref-hist.zip)")
struct ECBHistoryArchiveTests {
    func sample() throws -> [FetchedRates] {
        let url = try #require(Bundle.module.url(forResource: "ecb-hist-sample.zip", withExtension: nil, subdirectory: "Resources"))
        return try ECBHistoryArchive.days(zip: Data(contentsOf: url), source: "ecb")
    }

    @Test("reads every row oldest first: N/A cells left out, withdrawn currencies kept, the trailing comma ignored")
    func sampleArchive() throws {
        let days = try sample()
        #expect(days.map(\.effectiveDate.description) == ["1999-01-04", "2008-09-15", "2020-03-13", "2025-05-08", "2025-05-09"])
        let first = days[0]
        #expect(first.source == "ecb" && first.baseCurrency == "EUR")
        // Values as the ECB's file has them for 1999-01-04.
        #expect(first.rates["USD"] == Decimal(string: "1.1789"))
        #expect(first.rates["CYP"] == Decimal(string: "0.58231"))
        #expect(first.rates["TRL"] == Decimal(372_274))
        #expect(first.rates["ROL"] == Decimal(13111))
        #expect(first.rates["BGN"] == nil && first.rates["RON"] == nil && first.rates["CNY"] == nil)
        #expect(first.rates.count == 27)
        // 2008-09-15: the kroon, the koruna and the kuna still quoted; the Cyprus pound gone.
        let crisis = days[1]
        #expect(crisis.rates["USD"] == Decimal(string: "1.4151") && crisis.rates["GBP"] == Decimal(string: "0.79395"))
        #expect(crisis.rates["EEK"] == Decimal(string: "15.6466") && crisis.rates["SKK"] == Decimal(string: "30.27"))
        #expect(crisis.rates["HRK"] == Decimal(string: "7.1102") && crisis.rates["CYP"] == nil)
        #expect(days[2].rates["RUB"] == Decimal(string: "80.7385") && days[2].rates["JPY"] == Decimal(string: "119.11"))
        #expect(days[4].rates.count == 30 && days[4].rates["HRK"] == nil && days[4].rates["RUB"] == nil)
    }

    @Test("the newest day is read from the first and last rows alone, whichever way the file runs")
    func newestDay() throws {
        let newest = try BundledRates(archive: Fixtures.sampleArchive).newestDay()
        #expect(newest.effectiveDate.description == "2025-05-09" && newest.rates["USD"] == Decimal(string: "1.1252"))
        let oldestFirst = Data("Date,USD,\n1999-01-04,1.1789,\n2008-09-15,1.4151,\n2020-03-13,1.1104,\n".utf8)
        #expect(try ECBHistoryArchive.newestDay(csv: oldestFirst, source: "ecb").effectiveDate.description == "2020-03-13")
        let oneDay = Data("Date,USD,\n2020-03-13,1.1104,\n".utf8)
        #expect(try ECBHistoryArchive.newestDay(csv: oneDay, source: "ecb").rates["USD"] == Decimal(string: "1.1104"))
    }

    @Test("the test apps' one bundled day is the archive's day, rate for rate")
    func matchesTheBundledDay() throws {
        let bundled = try Fixtures.bundledSnapshot()
        let day = try #require(try sample().last)
        #expect(day.effectiveDate == bundled.effectiveDate)
        #expect(day.snapshot(storedAt: testNow).rates == bundled.rates)
    }

    /// A second of full CPU in a debug build: scripts/test runs it on its own (`FULL_HISTORY=1`).
    @Test(
        "the archive shipped with the app: 7,126 business days from 1999-01-04 to 2026-10-30, 41 currencies",
        .enabled(if: ProcessInfo.processInfo.environment["FULL_HISTORY"] == "1", "runs alone: FULL_HISTORY=1"))
    func bundledArchive() throws {
        let days = try BundledRates.shipped().days()
        #expect(days.count == 7126)
        #expect(days.first?.effectiveDate.description == "1999-01-04" && days.last?.effectiveDate.description == "2026-10-30")
        #expect(Set(days.flatMap(\.rates.keys)).count == 41)
        #expect(days.allSatisfy { $0.source == RateSource.bundledECB.id })
        // Spot days, as the ECB's file has them.
        let byDate = Dictionary(uniqueKeysWithValues: days.map { ($0.effectiveDate.description, $0.rates) })
        #expect(byDate["2008-09-15"]?["USD"] == Decimal(string: "1.4151"))
        #expect(byDate["2020-03-13"]?["GBP"] == Decimal(string: "0.8907"))
        #expect(byDate["2026-10-30"]?["JPY"] == Decimal(string: "175.68"))
        #expect(byDate["2026-10-30"]?["RUB"] == nil && byDate["2022-03-01"]?["RUB"] != nil)
    }

    @Test(
        "refuses what is not the ECB's archive, saying why",
        arguments: [
            Data("Date,USD,\n".utf8), Data(), Data(repeating: 0x50, count: 100),
        ])
    func refusesOtherFiles(data: Data) throws {
        let error = #expect(throws: RatesProviderError.self) { try ECBHistoryArchive.days(zip: data, source: "ecb") }
        #expect(error?.description.contains("not a readable zip archive") == true, "\(String(describing: error))")
    }

    @Test("a zip bomb is refused before it is inflated: a CSV stated larger than 64 MB")
    func refusesABomb() async throws {
        // given: 100 MB of CSV in about 100 kB
        let bomb = await ZipBomb.hundredMegabytes()
        #expect(bomb.count < 1 << 20)
        // when, then
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: RatesProviderError.tooLarge(.archiveCSV(megabytes: 64))) { try ECBHistoryArchive.csv(zip: bomb) }
        #expect(ECBHistoryArchive.maxCSVBytes == 64 << 20)
        #expect(clock.now - started < .seconds(5)) // far from the time 100 MB would take; it never starts
        #expect(RatesProviderError.tooLarge(.archiveCSV(megabytes: 64)).description == "the archive's CSV is larger than 64 MB")
    }

    @Test("an archive that states a small CSV but inflates to more is refused once it passes what it stated")
    func refusesAnArchiveThatLiesAboutItsSize() throws {
        let honest = try ZipBomb.archive(inflatedBytes: 8 << 20)
        let lying = ZipBomb.lying(honest, statedBytes: 4096)
        #expect(throws: RatesProviderError.unreadable("the archive's CSV is larger than the archive states")) {
            try ECBHistoryArchive.csv(zip: lying)
        }
        // The same archive, honest, is read whole.
        #expect(try ECBHistoryArchive.csv(zip: honest).count == 8 << 20)
    }

    @Test("a CSV under the bound but over a smaller one is refused when read with that bound")
    func boundIsTheCaller() throws {
        let archive = try Data(contentsOf: Fixtures.sampleArchive)
        #expect(throws: RatesProviderError.tooLarge(.archiveCSV(megabytes: 0))) { try ECBHistoryArchive.csv(zip: archive, maxBytes: 100) }
        #expect(try ECBHistoryArchive.csv(zip: archive, maxBytes: 1 << 20).count > 100)
    }

    @Test(
        "refuses a malformed CSV, naming the row",
        arguments: [
            ("", "the CSV is empty"),
            ("USD,JPY,\n", "the CSV does not start with a Date column"),
            ("Date,USD,\n2020-02-30,1.1,\n", "row 2 of the CSV is malformed"),
            ("Date,USD,\n2020-03-13,1.1,2,\n", "row 2 of the CSV is malformed"),
            ("Date,USD,\n2020-03-13,abc,\n", "row 2 of the CSV has an invalid rate for USD: abc"),
            ("Date,USD,\n2020-03-13,-1,\n", "row 2 of the CSV has an invalid rate for USD: -1"),
            ("Date,USD,\n2020-03-13,N/A,\n", "row 2 of the CSV (2020-03-13) quotes no currency"),
            ("Date,USD,\n2020-03-13,1.1,\n2020-03-13,1.2,\n", "the CSV has two rows for 2020-03-13"),
        ])
    func refusesMalformedCSV(csv: String, reason: String) {
        #expect(throws: RatesProviderError.unreadable(reason)) { try ECBHistoryArchive.days(csv: Data(csv.utf8), source: "ecb") }
    }
}
