import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import ServiceInterfaces

/// The blend of every day, built in stretches on every core, is the blend built in one walk:
/// the same days, rates and screened-out quotes, in the same order.
@Suite("The blend of every day, built in stretches")
struct BlendedSeriesBuildTests {
    /// Three providers over three years: one daily, one weekly, one a few hundredths off with
    /// an outlier now and then.
    static func providers() throws -> [(source: RateSource, days: RateDays)] {
        let catalog = ProviderCatalog.everyDeclared
        let first = CalendarDate(iso8601: "2023-01-02")!
        var read: [(source: RateSource, days: RateDays)] = []
        for (index, id) in (["ecb", "nbp", "cnb"] as [RateSourceID]).enumerated() {
            var builder = RateDays.Builder()
            for offset in 0..<1100 where index != 1 || offset % 7 == 2 {
                let date = first.adding(days: offset)
                let wobble = Decimal(offset % 13) / 10_000 + (index == 2 && offset % 50 == 0 ? Decimal(string: "0.3")! : 0)
                let home = catalog.source(id).homeCurrency ?? "EUR"
                var rates: [String: Decimal] = [home: 1]
                for (code, rate) in [("USD", "1.0823"), ("JPY", "163.36"), ("GBP", "0.8512"), ("PLN", "4.2739"), ("CZK", "25.1")]
                where code != home {
                    rates[code] = Decimal(string: rate)! * (1 + wobble)
                }
                builder.add(snapshot: UUID(), date: date, rates: rates, source: id)
            }
            read.append((catalog.source(id), builder.build()))
        }
        return read
    }

    @Test("one, two and five stretches give the same series, day for day and rate for rate")
    func sameWhateverTheStretches() throws {
        let providers = try Self.providers()
        let blender = RateBlender(pegs: [], providers: ProviderCatalog.everyDeclared.official)
        let last = CalendarDate(iso8601: "2026-01-05")!
        let one = BlendedSeries.build(providers, through: last, blender: blender, version: "v", stretches: 1).series
        #expect(one.days.days.count > 1000)
        #expect(!one.outliers.isEmpty)
        for stretches in [2, 5] {
            let built = BlendedSeries.build(providers, through: last, blender: blender, version: "v", stretches: stretches).series
            #expect(built.days.fingerprint == one.days.fingerprint && built.days.version == one.days.version, "\(stretches)")
            #expect(built.days.codes == one.days.codes, "\(stretches)")
            for (day, expected) in zip(built.days.days, one.days.days) {
                #expect(
                    (0..<day.columnCount).map { day.rate($0) } == (0..<expected.columnCount).map { expected.rate($0) }, "\(day.date)")
            }
            #expect(built.outliers.map(\.date) == one.outliers.map(\.date), "\(stretches)")
        }
    }
}

extension BlendedSeriesBuildTests {
    @Test("the archive written as it is built reads back as the series built, day for day and rate for rate")
    func archiveReadsBack() throws {
        let blender = RateBlender(pegs: try Peg.bundled(), providers: ProviderCatalog.everyDeclared.official)
        let built = BlendedSeries.build(try Self.providers(), through: CalendarDate(iso8601: "2026-01-05")!, blender: blender, version: "v")
        let read = try #require(BlendedSeries(archive: built.archive))
        #expect(read.days.fingerprint == built.series.days.fingerprint && read.days.codes == built.series.days.codes)
        #expect(read.sourceVersions == built.series.sourceVersions && read.builtOn == built.series.builtOn)
        for (day, expected) in zip(read.days.days, built.series.days.days) {
            #expect(
                (0..<day.columnCount).map { day.rate($0)?.description }
                    == (0..<expected.columnCount).map { expected.rate($0)?.description },
                "\(day.date)")
        }
        #expect(read.outliers.map(\.outliers) == built.series.outliers.map(\.outliers) && !read.outliers.isEmpty)
    }
}
