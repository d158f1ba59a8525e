import Foundation
import TestSupport
import Testing

@testable import Core
@testable import ServiceInterfaces

/// The blend of every day written into an archive (to keep in the database) and read back: the
/// same series, byte for byte; anything else read as no series at all, never a crash.
@Suite("The blend of every day as an archive")
struct BlendedSeriesArchiveTests {
    /// Rates written every way a `Decimal` can be: trailing zeros, 38 digits, tiny, huge, negative.
    static let awkward: [String: Decimal] = [
        "EUR": 1, "USD": Decimal(string: "1.0800")!, "JPY": Decimal(string: "163.36")!,
        "IDR": Decimal(string: "17548.123456789012345678901234567890")!, "BTC": Decimal(string: "0.000000000000000001234")!,
        "VES": Decimal(string: "123456789012345678901234567890")!, "XXX": Decimal(string: "-2.5")!,
        "ZWL": Decimal(sign: .plus, exponent: 3, significand: 1500), "ZZZ": 0,
    ]

    static func assembled() -> (series: BlendedSeries, archive: [UInt8]) {
        var assembler = BlendedSeries.Assembler(version: "2026-12-02|v")
        let first = CalendarDate(iso8601: "1999-01-04")!
        for offset in 0..<40 {
            var rates = awkward
            if offset % 3 == 0 { rates["PLN"] = Decimal(string: "4.27")! + Decimal(offset) }
            if offset % 5 == 0 { rates["USD"] = nil }
            let outliers =
                offset % 7 == 0
                ? [
                    Outlier(
                        source: "nbp", currency: "USD", date: first.adding(days: offset - 1), value: Decimal(string: "1.2")!,
                        median: Decimal(string: "1.08")!, deviation: Decimal(string: "0.1111")!)
                ] : []
            assembler.add(date: first.adding(days: offset), rates: rates, outliers: outliers)
        }
        return assembler.finish(builtOn: CalendarDate(iso8601: "2026-12-02")!, sourceVersions: ["days:a", "days:b"])
    }

    @Test("read back: the same days, rates (written the same way), screened-out quotes and versions")
    func roundTrip() throws {
        let (built, archive) = Self.assembled()
        let read = try #require(BlendedSeries(archive: archive))
        #expect(read.version == built.version && read.builtOn == built.builtOn && read.sourceVersions == built.sourceVersions)
        #expect(read.days.fingerprint == built.days.fingerprint && read.days.version == built.days.version)
        #expect(read.days.columns == built.days.columns)
        #expect(read.days.days.count == 40)
        for (day, expected) in zip(read.days.days, built.days.days) {
            #expect(day.columnCount == expected.columnCount)
            for column in 0..<expected.columnCount {
                let (rate, wanted) = (day.rate(column), expected.rate(column))
                #expect(rate == wanted && rate?.description == wanted?.description, "\(day.date) \(column)")
                #expect(rate.flatMap { DecimalParts($0) } == wanted.flatMap { DecimalParts($0) }, "written the same way")
            }
        }
        #expect(read.outliers.map(\.date) == built.outliers.map(\.date))
        #expect(read.outliers.map(\.outliers) == built.outliers.map(\.outliers))
        #expect(read.outliers.count == 6 && read.outliers.first?.date == CalendarDate(iso8601: "1999-02-08"), "newest first")
    }

    @Test("each decimal read back as it was written: its sign, power of ten and digits, trailing zeros and all")
    func decimals() {
        var writer = ArchiveWriter()
        let values =
            Array(Self.awkward.values) + [Decimal.nan, Decimal(sign: .minus, exponent: -3, significand: 1200), Decimal(string: "1.50")!]
        for value in values { writer.decimal(value) }
        var reader = ArchiveReader(writer.written)
        for value in values {
            let read = reader.decimal()
            #expect(read?.isNaN == value.isNaN)
            guard !value.isNaN else { continue }
            #expect(read == value && read?.description == value.description, "\(value)")
            #expect(read.flatMap { DecimalParts($0) } == DecimalParts(value), "\(value)")
        }
        #expect(reader.remaining == 0 && reader.decimal() == nil)
    }

    @Test("a series read back writes no archive of its own, and an empty series reads back empty")
    func empty() throws {
        let (series, archive) = BlendedSeries.Assembler(version: "v", archiving: false).finish(builtOn: nil, sourceVersions: [])
        #expect(archive.isEmpty && series.days.days.isEmpty)
        let written = BlendedSeries.Assembler(version: "v").finish(builtOn: nil, sourceVersions: [])
        let read = try #require(BlendedSeries(archive: written.archive))
        #expect(read.days.days.isEmpty && read.builtOn == nil && read.version == "v")
    }

    @Test("cut short, lengthened, or with any byte changed: no series or a valid one, never a crash")
    func hostile() {
        let archive = Self.assembled().archive
        for length in stride(from: 0, to: archive.count, by: 7) {
            #expect(BlendedSeries(archive: Array(archive.prefix(length))) == nil, "cut at \(length)")
        }
        #expect(BlendedSeries(archive: archive + [0]) == nil)
        #expect(BlendedSeries(archive: Array("not a series".utf8)) == nil)
        // Counts and lengths as large as a number can be, where the bytes cannot back them.
        let huge: [UInt8] = BlendedSeries.Assembler.magic + [0x04, 0x76, 0x76, 0x01, 0x00] + Array(repeating: 0xFF, count: 9) + [0x01]
        #expect(BlendedSeries(archive: huge) == nil)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var changed = archive
            changed[Int.random(in: BlendedSeries.Assembler.magic.count..<changed.count, using: &generator)] = UInt8.random(in: 0...255)
            _ = BlendedSeries(archive: changed)
        }
    }
}
