import Fluent
import Foundation
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

/// The days held in memory (each rate in eight bytes) give the very figures the database holds:
/// for a sample of days across providers, every rate as the stored snapshot reads it back, and
/// every point of a pair's history as the query straight from the database makes it.
@Suite("Days in memory give the stored figures exactly, on PostgreSQL and SQLite")
struct DaysInMemoryExactTests {
    static let providers: [(id: RateSourceID, home: String, quotation: Quotation)] = [
        ("ecb", "EUR", .unitsPerBase), ("nbp", "PLN", .unitsPerBase), ("tcmb", "TRY", .basePerUnit), ("boc", "CAD", .unitsPerBase),
    ]
    static let codes = ["USD", "JPY", "GBP", "CHF", "XAU", "IDR"]

    /// Forty days of each provider, with rates of one to sixteen significant digits, some far
    /// smaller or larger than one, some longer than eight bytes hold, and gaps.
    static func sample() -> [RateSnapshot] {
        var generator = SplitMix(state: 60)
        var snapshots: [RateSnapshot] = []
        let first = CalendarDate(iso8601: "2016-01-04")!
        for (index, provider) in providers.enumerated() {
            for day in 0..<40 {
                var rates: [String: Decimal] = [provider.home: 1]
                for code in codes where code != provider.home && Int.random(in: 0..<10, using: &generator) > 0 {
                    let digits = Int.random(in: 1...18, using: &generator)
                    let mantissa = String(
                        (0..<digits).map { position in
                            position == 0 ? "123456789".randomElement(using: &generator)! : "0123456789".randomElement(using: &generator)!
                        })
                    let point = Int.random(in: 0...digits, using: &generator)
                    let text =
                        point == digits
                        ? mantissa : String(mantissa.prefix(point).isEmpty ? "0" : mantissa.prefix(point)) + "." + mantissa.dropFirst(point)
                    rates[code] = Decimal(plainText: code == "IDR" ? "0.0000" + text.replacingOccurrences(of: ".", with: "") : text)!
                }
                snapshots.append(
                    RateSnapshot(
                        source: provider.id, baseCurrency: provider.home, effectiveDate: first.adding(days: day * 90 + index),
                        storedAt: testNow, rates: rates, quotation: provider.quotation,
                        reversed: provider.id == "tcmb" && day % 3 == 0 ? ["XAU"] : []))
            }
        }
        return snapshots
    }

    @Test(
        "every rate of a sample of days, and every point of their pairs' histories, as the database has them",
        arguments: TestEngine.allCases)
    func sameFigures(_ engine: TestEngine) async throws {
        try await withStores(on: engine) { stores, _ in
            let sample = Self.sample()
            try await stores.snapshots.saveAll(sample)
            let stored = FluentRateHistoryService(database: stores.database)
            let selections = Self.providers.map { RateDays.Selection.provider($0.id) }
            let together = try await stores.cachedDays.days(selections)
            for ((provider, selection), held) in zip(zip(Self.providers, selections), together) {
                let codes = held.codes
                for snapshot in sample where snapshot.source == provider.id {
                    let day = try #require(held.day(onOrBefore: snapshot.effectiveDate))
                    let read = try #require(
                        try await stores.snapshots.newest(onOrBefore: snapshot.effectiveDate, sources: provider.id.family))
                    var inMemory: [String: String] = [:]
                    for column in 0..<day.columnCount {
                        guard let rate = day.rate(column) else { continue }
                        inMemory[codes[column]] = rate.plainText
                        #expect(
                            day.value(column) == Double(rate.plainText),
                            "\(engine) \(provider.id) \(snapshot.effectiveDate) \(codes[column])")
                    }
                    #expect(inMemory == read.rates.mapValues(\.plainText), "\(engine) \(provider.id) \(snapshot.effectiveDate)")
                    #expect(Set(day.reversed.map { codes[$0] }) == read.reversed, "\(engine) \(provider.id) \(snapshot.effectiveDate)")
                }
                for from in Self.codes + [provider.home] {
                    for to in Self.codes where to != from {
                        let fromMemory = held.history(from: from, to: to)
                        let fromDatabase = try await stored.history(of: selection, from: from, to: to, range: .all, around: nil)
                        #expect(
                            fromMemory.points.map { "\($0.date) \($0.fromRate.plainText) \($0.toRate.plainText)" }
                                == fromDatabase.points.map { "\($0.date) \($0.fromRate.plainText) \($0.toRate.plainText)" },
                            "\(engine) \(provider.id) \(from)/\(to)")
                    }
                }
            }
        }
    }

    /// The same sample every run.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }
}
